import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from 'node-pty';
import xtermHeadless from '@xterm/headless';

const { Terminal } = xtermHeadless;
const TEST_DIR = fileURLToPath(new URL('..', import.meta.url));
/**
 * Folders of installed CLIs, searched in turn: `TEST_CLI_NODE_MODULES` first (scripts/test-newest-clis.sh points it
 * at the registry's newest versions, installed elsewhere), then the pinned ones of test/, then the monorepo root's.
 */
const CLI_MODULE_DIRS = [
    ...(process.env.TEST_CLI_NODE_MODULES ? [path.resolve(process.env.TEST_CLI_NODE_MODULES)] : []),
    path.join(TEST_DIR, 'node_modules'), path.join(TEST_DIR, '..', 'node_modules')
];

/** Key sequences for `write`, e.g. to pick an option in a CLI's confirmation dialog. */
export const KEYS = {
    enter: '\r', escape: '\x1b', tab: '\t', shiftTab: '\x1b[Z', ctrlC: '\x03', ctrlU: '\x15',
    up: '\x1b[A', down: '\x1b[B', right: '\x1b[C', left: '\x1b[D'
};

const squash = text => text.replace(/\s+/g, '');

/**
 * The JS entry of an installed CLI bin (in the `.bin` of CLI_MODULE_DIRS, in turn).
 * Throws, never skips: these tests exist to prove the published binaries work.
 */
export function findCliBinary(bin, packageName) {
    for (const dir of CLI_MODULE_DIRS) {
        const candidate = path.join(dir, '.bin', bin);
        if (fs.existsSync(candidate)) {
            return fs.realpathSync(candidate);
        }
    }
    const version = JSON.parse(fs.readFileSync(path.join(TEST_DIR, 'package.json'), 'utf8')).devDependencies?.[packageName];
    throw new Error(`The '${bin}' binary (${packageName}@${version}) is not installed. Install it with: cd ${path.resolve(TEST_DIR, '..')} && npm install --workspace test (or: npm install --no-save ${packageName}@${version})`);
}

/**
 * Claude Code's native binary from its platform package (npm here does not run the postinstall that
 * would link it as `claude`). Throws, never skips.
 */
export function findClaudeBinary() {
    const name = `@anthropic-ai/claude-code-${process.platform}-${process.arch}`;
    for (const dir of CLI_MODULE_DIRS) {
        const candidate = path.join(dir, name, process.platform === 'win32' ? 'claude.exe' : 'claude');
        if (fs.existsSync(candidate)) {
            return candidate;
        }
    }
    throw new Error(`Claude Code's binary (${name}) is not installed. Install it with: cd ${path.resolve(TEST_DIR, '..')} && npm install --workspace test`);
}

/**
 * A CLI in a pseudo-terminal, with a headless xterm parsing its output so tests read the screen the
 * user would see (Ink redraws in place, so the raw byte stream is not what is on screen).
 */
export class CliPty {
    /** `command` is run by `node` (pass `node` to pick another Node binary) so no shebang/PATH lookup is involved. */
    static spawn({ command, args = [], node = process.execPath, cwd, env, cols = 120, rows = 40 }) {
        return new CliPty(pty.spawn(node, [command, ...args], { name: 'xterm-256color', cols, rows, cwd, env }), cols, rows);
    }

    /** A native executable (Claude Code's binary), run directly. */
    static spawnBinary({ file, args = [], cwd, env, cols = 120, rows = 40 }) {
        return new CliPty(pty.spawn(file, args, { name: 'xterm-256color', cols, rows, cwd, env }), cols, rows);
    }

    constructor(proc, cols, rows) {
        this.proc = proc;
        this.pid = proc.pid;
        this.output = '';
        this.exit = undefined;
        this.term = new Terminal({ cols, rows, scrollback: 5000, allowProposedApi: true });
        proc.onData(data => {
            this.output += data;
            this.term.write(data);
        });
        this.exited = new Promise(resolve => proc.onExit(exit => {
            this.exit = exit;
            resolve(exit);
        }));
    }

    /** The visible rows, right-trimmed, as the user sees them now. */
    screen() {
        const buffer = this.term.buffer.active;
        return this.lines(buffer.viewportY, buffer.viewportY + this.term.rows);
    }

    /** Scrollback plus screen: everything still in the terminal. */
    text() {
        return this.lines(0, this.term.buffer.active.length);
    }

    lines(from, to) {
        const buffer = this.term.buffer.active;
        const out = [];
        for (let i = from; i < to; i++) {
            out.push(buffer.getLine(i)?.translateToString(true) ?? '');
        }
        return out.join('\n').replace(/\s+$/, '');
    }

    /** Resolves with the screen once `match` (string or RegExp) is on it; rejects with the screen on timeout or exit. */
    waitForText(match, timeoutMs = 60_000) {
        const test = typeof match === 'string' ? s => s.includes(match) : s => match.test(s);
        return this.waitFor(test, timeoutMs, `text ${match}`);
    }

    async waitFor(predicate, timeoutMs = 60_000, what = 'condition') {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
            // Let xterm finish parsing what has arrived before looking.
            await new Promise(resolve => this.term.write('', resolve));
            const screen = this.screen();
            if (predicate(screen)) {
                return screen;
            }
            if (this.exit) {
                throw new Error(`CLI exited (${JSON.stringify(this.exit)}) before ${what}.\n${this.describe()}`);
            }
            if (Date.now() > deadline) {
                throw new Error(`No ${what} within ${timeoutMs} ms.\n${this.describe()}`);
            }
            await new Promise(resolve => setTimeout(resolve, 100));
        }
    }

    /** Screen dump for assertion messages. */
    describe() {
        return `----- screen of pid ${this.pid} -----\n${this.screen()}\n----- end of screen -----`;
    }

    write(data) {
        this.proc.write(data);
    }

    /**
     * Types a line and presses Enter. Enter is sent only once the text is echoed: sent in the same
     * chunk, Ink CLIs take the whole thing for a paste and insert a newline instead of submitting.
     */
    async submit(line, timeoutMs = 30_000) {
        // Whitespace-free counting: a long line wraps in the input box, and an earlier identical
        // command may still be on screen.
        const count = screen => squash(screen).split(squash(line)).length - 1;
        const before = count(this.screen());
        this.write(line);
        await this.waitFor(screen => count(screen) > before, timeoutMs, `echo of '${line}'`);
        this.write(KEYS.enter);
    }

    /**
     * `submit` at a prompt that drops keys for a moment (while the CLI draws, right after a tool call):
     * types the line again until it echoes, up to 10 times. `clearLine`: Ctrl+U first clears what did arrive.
     */
    async submitWhenReady(line, { clearLine = true } = {}) {
        for (let attempt = 1; ; attempt++) {
            try {
                await this.submit(line, 3_000);
                return;
            } catch (error) {
                if (attempt >= 10 || this.exit) {
                    throw error;
                }
                if (clearLine) {
                    this.write(KEYS.ctrlU);
                }
            }
        }
    }

    /** Kills the CLI and everything it started (Gemini CLI relaunches itself in a child process). */
    async kill() {
        if (this.exit) {
            return;
        }
        try {
            // The pty child leads its own process group; signal the group so relaunched children die too.
            process.kill(-this.pid, 'SIGKILL');
        } catch {
            this.proc.kill('SIGKILL');
        }
        await Promise.race([this.exited, new Promise(resolve => setTimeout(resolve, 5000))]);
        this.term.dispose();
    }
}
