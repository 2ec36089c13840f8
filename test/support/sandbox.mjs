import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Isolated HOME, TMPDIR and workspace for one test: nothing a test or a CLI writes reaches the
 * real user's directories, and discovery files of other runs cannot interfere.
 */
export function createSandbox(prefix = 'companion-test-') {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
    const dirs = { root, home: path.join(root, 'home'), tmp: path.join(root, 'tmp'), workspace: path.join(root, 'workspace') };
    for (const dir of [dirs.home, dirs.tmp, dirs.workspace]) {
        fs.mkdirSync(dir, { recursive: true });
    }
    return {
        ...dirs,
        /** What CompanionEndpoint uses instead of the process's own home and tmpdir. */
        host: { env: { HOME: dirs.home }, homedir: dirs.home, tmpdir: dirs.tmp },
        /** The environment of a process started inside the sandbox. */
        env(extra = {}) {
            return { ...process.env, HOME: dirs.home, TMPDIR: dirs.tmp, ...extra };
        },
        geminiDir: path.join(dirs.tmp, 'gemini', 'ide'),
        qwenDir: path.join(dirs.home, '.qwen', 'ide'),
        remove() {
            fs.rmSync(root, { recursive: true, force: true });
        }
    };
}

export function listFiles(dir) {
    try {
        return fs.readdirSync(dir).filter(name => !name.startsWith('.'));
    } catch {
        return [];
    }
}

export async function waitFor(check, { timeoutMs = 15_000, intervalMs = 50, message = 'condition' } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = await check();
        if (value) {
            return value;
        }
        if (Date.now() > deadline) {
            throw new Error(`Timed out waiting for ${message}`);
        }
        await new Promise(resolve => setTimeout(resolve, intervalMs));
    }
}
