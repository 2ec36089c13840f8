// The built browser-app (or the Theia IDE-shaped test app) backend on a temp workspace, with its own
// HOME and TMPDIR: its discovery files, log, the env a CLI in its terminals gets, and a clean stop.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, sleep, waitUntil } from './wait.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BROWSER_APP = path.join(REPO_ROOT, 'browser-app');
/** The Theia IDE-shaped app (plugin host, Open VSX registry) the .vsix is tested in; installed by scripts/test.sh. */
export const THEIA_IDE_APP = path.join(REPO_ROOT, 'test', 'theia-ide-app');
/** What the CLIs call the browser app ("Connected to …"): its applicationName, not a fixed "Eclipse Theia". */
export const BROWSER_APP_NAME = JSON.parse(fs.readFileSync(path.join(BROWSER_APP, 'package.json'), 'utf8')).theia.frontend.config.applicationName;
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts');

/**
 * One Theia backend process with an isolated HOME and TMPDIR, so its discovery files, settings and
 * recent workspaces never mix with the user's or another test's.
 */
export class TheiaBackend {
    /**
     * @param {object} options
     * @param {string} options.root a fresh temp directory owned by the caller (home/ and tmp/ go here)
     * @param {string} options.workspace the folder the backend starts on
     * @param {string[]} [options.unset] variables of this process the backend (and its terminals) must not inherit
     * @param {object} [options.settings] user settings over the defaults below (trust off, no welcome page)
     * @param {string} [options.app] the built Theia application to run (default: browser-app)
     * @param {string[]} [options.args] more arguments for the backend (e.g. --install-plugin=<file.vsix>)
     * @param {string[]} [options.nodeArgs] flags for node itself (e.g. --inspect=127.0.0.1:0 for the soak's heap readings)
     */
    static async start({ root, workspace, env = {}, unset = [], settings = {}, timeout = 90_000, app = BROWSER_APP, args = [], nodeArgs = [] }) {
        const home = path.join(root, 'home');
        const tmp = path.join(root, 'tmp');
        const configDir = path.join(home, '.theia');
        fs.mkdirSync(configDir, { recursive: true });
        fs.mkdirSync(tmp, { recursive: true });
        // Trust off: the trust dialog would sit on top of the shell and swallow keys and clicks.
        fs.writeFileSync(path.join(configDir, 'settings.json'), JSON.stringify({
            'security.workspace.trust.enabled': false,
            // No welcome page, no tips: the first editor the test opens is the only widget in the main area.
            'workbench.startupEditor': 'none',
            // Nor the Explorer a first start opens: the tests' layout (panel widths, the terminal) is Theia's bare one.
            'aiCliCompanion.firstStart.openExplorer': false,
            ...settings
        }, undefined, 2));
        const backendEnv = {
            ...process.env,
            HOME: home,
            USERPROFILE: home,
            TMPDIR: tmp,
            TMP: tmp,
            TEMP: tmp,
            // Explicit, so a browser-app/data folder could never take the configuration elsewhere.
            THEIA_CONFIG_DIR: configDir,
            ...env
        };
        // A backend started from a Theia terminal would otherwise advertise the outer IDE.
        for (const key of Object.keys(backendEnv)) {
            if (/^(GEMINI_CLI_IDE_|QWEN_CODE_IDE_)/.test(key) || unset.includes(key)) {
                delete backendEnv[key];
            }
        }
        const backendMain = path.join(app, 'lib', 'backend', 'main.js');
        if (!fs.existsSync(backendMain)) {
            throw new Error(`${backendMain} is missing: build that app first (scripts/test.sh builds every app it tests).`);
        }
        const child = spawn(process.execPath, [...nodeArgs, backendMain, workspace, '--hostname', '127.0.0.1', '--port', '0', ...args], {
            cwd: app,
            env: backendEnv,
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: false
        });
        const backend = new TheiaBackend(child, { root, home, tmp, workspace });
        try {
            backend.port = await backend.waitForPort(timeout);
        } catch (error) {
            await backend.stop();
            throw error;
        }
        return backend;
    }

    constructor(child, { root, home, tmp, workspace }) {
        this.child = child;
        this.root = root;
        this.home = home;
        this.tmp = tmp;
        this.workspace = workspace;
        this.log = '';
        this.exitCode = undefined;
        const append = chunk => {
            this.log += chunk;
            if (this.log.length > 400_000) {
                this.log = this.log.slice(-200_000);
            }
        };
        child.stdout.setEncoding('utf8').on('data', append);
        child.stderr.setEncoding('utf8').on('data', append);
        this.exited = new Promise(resolve => child.once('exit', (code, signal) => {
            this.exitCode = code ?? signal;
            resolve();
        }));
    }

    get pid() {
        return this.child.pid;
    }

    get url() {
        return `http://127.0.0.1:${this.port}`;
    }

    waitForPort(timeout) {
        return waitUntil(() => {
            if (this.exitCode !== undefined) {
                throw new Error(`The backend exited with ${this.exitCode}\n${this.logTail()}`);
            }
            const match = /Theia app listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(this.log);
            return match && Number(match[1]);
        }, { timeout, what: 'the backend to listen', diagnostics: () => this.logTail() });
    }

    logTail(lines = 60) {
        return `--- backend log (last ${lines} lines) ---\n${this.log.split('\n').slice(-lines).join('\n')}`;
    }

    /** Gemini CLI's discovery files: `{ file, pid, port, content }`, one per live companion server. */
    discoveryFiles() {
        const directory = path.join(this.tmp, 'gemini', 'ide');
        let names;
        try {
            names = fs.readdirSync(directory);
        } catch {
            return [];
        }
        const files = [];
        for (const name of names) {
            const match = /^gemini-ide-server-(\d+)-(\d+)\.json$/.exec(name);
            if (!match) {
                continue;
            }
            const file = path.join(directory, name);
            try {
                files.push({ file, pid: Number(match[1]), port: Number(match[2]), content: JSON.parse(fs.readFileSync(file, 'utf8')) });
            } catch {
                // Being replaced right now (the writer renames over it); the next poll sees it.
            }
        }
        return files;
    }

    /** Qwen Code's lock files, `{ file, port, content }`. */
    qwenLockFiles() {
        const directory = path.join(this.home, '.qwen', 'ide');
        let names;
        try {
            names = fs.readdirSync(directory);
        } catch {
            return [];
        }
        return names.filter(name => /^\d+\.lock$/.test(name)).map(name => {
            const file = path.join(directory, name);
            try {
                return { file, port: Number(name.split('.')[0]), content: JSON.parse(fs.readFileSync(file, 'utf8')) };
            } catch {
                return undefined;
            }
        }).filter(Boolean);
    }

    /** The Gemini discovery file whose workspacePath is exactly `roots` (joined as the CLIs split it). */
    waitForDiscoveryFile(roots, timeout = 30_000) {
        const expected = roots.join(path.delimiter);
        return waitUntil(() => {
            const matching = this.discoveryFiles().filter(f => f.content.workspacePath === expected);
            if (matching.length > 1) {
                throw new Error(`${matching.length} discovery files for ${expected}: ${describe(matching)}`);
            }
            return matching[0];
        }, {
            timeout, what: `a discovery file for ${expected}`,
            diagnostics: () => `discovery files: ${describe(this.discoveryFiles())}\n${this.logTail()}`
        });
    }

    /** The environment a Theia terminal of the window owning `discovery` gives the CLI. */
    ideClientEnv(discovery) {
        return {
            ...process.env,
            HOME: this.home,
            USERPROFILE: this.home,
            TMPDIR: this.tmp,
            TMP: this.tmp,
            TEMP: this.tmp,
            GEMINI_CLI_IDE_SERVER_PORT: String(discovery.content.port),
            GEMINI_CLI_IDE_AUTH_TOKEN: discovery.content.authToken,
            GEMINI_CLI_IDE_WORKSPACE_PATH: discovery.content.workspacePath,
            GEMINI_CLI_IDE_PID: String(discovery.pid),
            REMOTE_CONTAINERS: 'true'
        };
    }

    /** Stops the backend with `signal` (SIGKILL after 10 s if it will not go) and waits for it to exit. */
    async stop(signal = 'SIGTERM') {
        if (this.exitCode === undefined && this.child.exitCode === null) {
            this.child.kill(signal);
            const gone = await Promise.race([this.exited.then(() => true), sleep(10_000).then(() => false)]);
            if (!gone) {
                this.child.kill('SIGKILL');
                await this.exited;
            }
        }
    }
}
