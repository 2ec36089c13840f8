// The Electron app's backend the way Electron runs it: forked by a main process (a stand-in, since
// the Electron binary cannot be downloaded here), with the Electron security token. The Gemini file
// must carry the main process's pid (what the CLI's process walk finds from a terminal), a terminal
// the backend spawns must carry the companion's variables, and quitting (SIGTERM to the main process)
// must remove every discovery file.
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { cleanProcessEnv } from '../support/cli-home.mjs';
import { REPO_ROOT, makeTempRoot, removeTempRoot, sleep, waitUntil, writeTree } from '../support/theia-app.mjs';

const require = createRequire(import.meta.url);
const { connectToTheiaBackend } = require('../support/theia-rpc-client.cjs');
const { terminalEnvFor } = require('@ai-cli-companion/theia/lib/browser/terminal-env/terminal-env-injection');
const { COMPANION_SERVICE_PATH } = require('@ai-cli-companion/theia/lib/common/companion-protocol');
const ELECTRON_APP = path.join(REPO_ROOT, 'electron-app');
const STAND_IN = path.join(REPO_ROOT, 'test', 'support', 'electron-main-stand-in.cjs');
const TOKEN = JSON.stringify({ value: 'electron-backend-test-token' });
const APP_NAME = JSON.parse(fs.readFileSync(path.join(ELECTRON_APP, 'package.json'), 'utf8')).theia.frontend.config.applicationName;

describe('the Electron app\'s backend forked by an Electron main process', function () {
    this.timeout(180_000);
    let root, workspace, home, tmp, main, started, log = '', rpc, client;

    before(async function () {
        const backendMain = path.join(ELECTRON_APP, 'lib', 'backend', 'main.js');
        assert.ok(fs.existsSync(backendMain), `${backendMain} is missing: run "npm run build" (the electron-app builds offline).`);
        root = makeTempRoot('electron-backend-');
        workspace = writeTree(path.join(root, 'workspace'), { 'a.ts': 'a\n' });
        home = path.join(root, 'home');
        tmp = path.join(root, 'tmp');
        fs.mkdirSync(path.join(home, '.theia'), { recursive: true });
        fs.mkdirSync(tmp, { recursive: true });
        const env = { ...cleanProcessEnv(), HOME: home, TMPDIR: tmp, THEIA_CONFIG_DIR: path.join(home, '.theia'), STAND_IN_ELECTRON_TOKEN: TOKEN };
        main = fork(STAND_IN, [backendMain, workspace, '--hostname=127.0.0.1', '--port=0'], { cwd: ELECTRON_APP, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
        main.stdout.on('data', d => { log += d; });
        main.stderr.on('data', d => { log += d; });
        started = await new Promise((resolve, reject) => {
            main.once('message', resolve);
            main.once('exit', code => reject(new Error(`the stand-in main exited with ${code}\n${log}`)));
        });
    });

    after(async function () {
        await client?.stop();
        rpc?.close();
        if (main && main.exitCode === null) {
            main.kill('SIGKILL');
        }
        try {
            process.kill(-started?.backendPid, 'SIGKILL'); // detached: its own process group
        } catch {
            // already gone
        }
        removeTempRoot(root);
    });

    const geminiFiles = () => listJson(path.join(tmp, 'gemini', 'ide'));
    const qwenFiles = () => listJson(path.join(home, '.qwen', 'ide'));

    it('the Gemini discovery file carries the Electron main process\'s pid and the app\'s name', async function () {
        const [file] = await waitUntil(() => geminiFiles().length > 0 && geminiFiles(), { timeout: 60_000, what: 'a Gemini discovery file', diagnostics: () => log.slice(-3000) });
        assert.equal(path.basename(file.path), `gemini-ide-server-${main.pid}-${file.content.port}.json`);
        assert.equal(file.content.ppid, started.backendPid, 'Qwen\'s liveness pid is the backend');
        assert.deepEqual(file.content.ideInfo, { name: 'theia', displayName: APP_NAME });
        assert.equal(file.content.workspacePath, workspace);
        assert.equal(qwenFiles().length, 1);
    });

    it('a terminal of the window gets the companion\'s variables, and the real IdeClient connects with them', async function () {
        // What the Electron window's frontend does over the same RPC (its page needs Electron's preload
        // and cannot load here): attach to the companion service, then create terminals with the
        // environment the extension injects (terminal-env-injection.ts, the adapter's own function).
        rpc = connectToTheiaBackend(started.port, { cookie: `THEIA_ELECTRON_TOKEN=${encodeURIComponent(TOKEN)}` });
        const companion = rpc.proxy(COMPANION_SERVICE_PATH);
        const attachment = await companion.attach(undefined, { roots: [workspace] }, ['gemini', 'qwen', 'llxprt']);
        const terminals = rpc.proxy('/services/shell-terminal');
        const envFile = path.join(root, 'terminal-env.txt');
        await terminals.create({
            shell: '/bin/sh', args: ['-c', `env > ${envFile}.tmp && mv ${envFile}.tmp ${envFile}`], rootURI: `file://${workspace}`, cols: 80, rows: 24,
            env: terminalEnvFor(attachment.terminalEnv, undefined)
        });
        await waitUntil(() => fs.existsSync(envFile), { timeout: 30_000, what: 'the terminal to write its environment', diagnostics: () => log.slice(-3000) });
        const terminalEnv = Object.fromEntries(fs.readFileSync(envFile, 'utf8').split('\n')
            .filter(line => /^(GEMINI_CLI_IDE_|QWEN_CODE_IDE_|REMOTE_CONTAINERS=)/.test(line))
            .map(line => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
        const [file] = geminiFiles();
        assert.equal(terminalEnv.GEMINI_CLI_IDE_SERVER_PORT, String(file.content.port));
        assert.equal(terminalEnv.GEMINI_CLI_IDE_AUTH_TOKEN, file.content.authToken);
        assert.equal(terminalEnv.GEMINI_CLI_IDE_PID, String(main.pid));
        assert.equal(terminalEnv.GEMINI_CLI_IDE_WORKSPACE_PATH, workspace);
        assert.equal(terminalEnv.QWEN_CODE_IDE_SERVER_PORT, String(file.content.port));
        client = await IdeClientProcess.start({ cwd: workspace, env: { ...cleanProcessEnv(), HOME: home, TMPDIR: tmp, ...terminalEnv } });
        const state = await client.request('connect');
        assert.equal(state.status, 'connected', JSON.stringify(state));
        assert.equal(state.ide, APP_NAME);
    });

    it('SIGTERM to the main process (quitting the app) stops the backend and removes every discovery file', async function () {
        await client?.stop();
        client = undefined;
        rpc?.close();
        rpc = undefined;
        const exited = new Promise(resolve => main.once('exit', (code, signal) => resolve({ code, signal })));
        main.kill('SIGTERM');
        await Promise.race([exited, sleep(30_000).then(() => assert.fail(`the main process did not exit\n${log.slice(-3000)}`))]);
        await waitUntil(() => { try { process.kill(started.backendPid, 0); return false; } catch { return true; } }, { timeout: 15_000, what: 'the backend to exit' });
        assert.deepEqual(geminiFiles(), [], 'no Gemini file left');
        assert.deepEqual(qwenFiles(), [], 'no Qwen lock left');
    });
});

function listJson(dir) {
    try {
        return fs.readdirSync(dir).filter(name => !name.startsWith('.')).map(name => {
            const file = path.join(dir, name);
            return { path: file, content: JSON.parse(fs.readFileSync(file, 'utf8')) };
        });
    } catch {
        return [];
    }
}
