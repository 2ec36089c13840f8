import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BROWSER_BACKEND = path.join(REPO_ROOT, 'browser-app', 'lib', 'backend', 'main.js');

/** Fails with the command to run when the browser app has not been built. */
export function requireBuiltBrowserApp() {
    if (!fs.existsSync(BROWSER_BACKEND)) {
        throw new Error(`${BROWSER_BACKEND} is missing: build it with "npm run build:browser" (or run scripts/test.sh).`);
    }
}

/**
 * The real Theia backend of browser-app, started in a sandbox on port 0. Resolves once it listens.
 */
export async function startTheiaBackend(sandbox, { workspace = sandbox.workspace, env = {} } = {}) {
    requireBuiltBrowserApp();
    const child = spawn(process.execPath, [BROWSER_BACKEND, workspace, '--hostname', '127.0.0.1', '--port', '0'], {
        cwd: sandbox.root, env: sandbox.env(env), stdio: ['ignore', 'pipe', 'pipe']
    });
    let log = '';
    const port = await new Promise((resolve, reject) => {
        const onData = chunk => {
            log += chunk;
            const match = /Theia app listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
            if (match) {
                resolve(Number(match[1]));
            }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', code => reject(new Error(`Theia backend exited with ${code} before listening:\n${log}`)));
        setTimeout(() => reject(new Error(`Theia backend did not listen within 60 s:\n${log}`)), 60_000).unref();
    });
    const exited = new Promise(resolve => child.once('exit', (code, signal) => resolve({ code, signal })));
    return {
        port, pid: child.pid, exited,
        get log() { return log; },
        async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) {
                child.kill(signal);
            }
            return exited;
        }
    };
}

/** The environment a terminal of the backend's window gets, rebuilt from its Gemini discovery file. */
export function geminiTerminalEnv(file) {
    const content = JSON.parse(fs.readFileSync(file, 'utf8'));
    const pid = /gemini-ide-server-(\d+)-\d+\.json$/.exec(file)[1];
    return {
        GEMINI_CLI_IDE_SERVER_PORT: String(content.port),
        GEMINI_CLI_IDE_AUTH_TOKEN: content.authToken,
        GEMINI_CLI_IDE_WORKSPACE_PATH: content.workspacePath,
        GEMINI_CLI_IDE_PID: pid,
        ...(fs.existsSync('/.dockerenv') || fs.existsSync('/run/.containerenv') ? { REMOTE_CONTAINERS: 'true' } : {})
    };
}
