// Discovery files of the real Theia backend across its life: creation, signals, crashes, neighbours.
import assert from 'node:assert/strict';
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEndpoint } from '../support/test-endpoint.mjs';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { CliHome, listFiles } from '../support/cli-home.mjs';
import { BROWSER_APP_NAME, TheiaBackend } from '../support/theia-app.mjs';
import { waitUntil } from '../support/wait.mjs';

const MODE_WATCHER = fileURLToPath(new URL('../support/mode-watcher.mjs', import.meta.url));

describe('Theia backend lifecycle of discovery files', function () {
    let sandbox;
    const backends = [];
    const clients = [];
    let stopWatcher;

    beforeEach(() => { sandbox = CliHome.create(); });
    afterEach(async () => {
        stopWatcher?.();
        stopWatcher = undefined;
        await Promise.all(clients.splice(0).map(c => c.stop()));
        await Promise.all(backends.splice(0).map(b => b.stop('SIGKILL')));
        sandbox.cleanup();
    });

    async function backend() {
        const started = await TheiaBackend.start({ root: sandbox.root, workspace: sandbox.workspace });
        backends.push(started);
        return started;
    }

    const geminiFiles = () => listFiles(sandbox.geminiDir).map(name => path.join(sandbox.geminiDir, name));

    it('writes a file per client profile at start, with ideInfo, the backend pid and mode 0600', async () => {
        const theia = await backend();
        const [file] = geminiFiles();
        assert.ok(file, 'no Gemini discovery file');
        const content = JSON.parse(fs.readFileSync(file, 'utf8'));
        assert.deepEqual(content.ideInfo, { name: 'theia', displayName: BROWSER_APP_NAME }, 'the application names itself');
        assert.equal(typeof content.aiCliCompanion, 'string', 'our marker');
        assert.equal(content.ppid, theia.pid);
        assert.equal(content.workspacePath, sandbox.workspace);
        assert.equal(fs.statSync(file).mode & 0o777, 0o600);
        const [lock] = listFiles(sandbox.qwenDir);
        assert.equal(lock, `${content.port}.lock`);
        assert.equal(JSON.parse(fs.readFileSync(path.join(sandbox.qwenDir, lock), 'utf8')).ppid, theia.pid);
    });

    it('never lets a discovery file be seen with a mode other than 0600', async () => {
        const watcher = fork(MODE_WATCHER, [sandbox.geminiDir, sandbox.qwenDir]);
        // A failure below must not leave the watcher polling for ever.
        stopWatcher = () => watcher.exitCode === null && watcher.signalCode === null && watcher.kill('SIGKILL');
        await new Promise(resolve => watcher.once('message', resolve));
        await backend();
        // Rewrites (roots or trust changing) go through the same path: hammer it in-process too.
        const endpoint = await startTestEndpoint({ host: sandbox.host });
        for (let i = 0; i < 300; i++) {
            endpoint.setWorkspace({ roots: [sandbox.workspace], trusted: i % 2 === 0 });
        }
        await endpoint.stop();
        const result = await new Promise(resolve => { watcher.once('message', resolve); watcher.send('stop'); });
        assert.ok(result.seen.some(name => name.endsWith('.json')), `the watcher saw no file: ${result.seen}`);
        assert.deepEqual(result.violations, []);
    });

    it('removes its files on SIGTERM and on SIGINT', async () => {
        for (const signal of ['SIGTERM', 'SIGINT']) {
            const theia = await backend();
            assert.equal(geminiFiles().length, 1);
            await theia.stop(signal);
            assert.deepEqual(listFiles(sandbox.geminiDir), [], `${signal} left ${listFiles(sandbox.geminiDir)}`);
            assert.deepEqual(listFiles(sandbox.qwenDir), []);
        }
    });

    it('removes at the next start the files a SIGKILLed backend left, and no file of another IDE', async () => {
        const killed = await backend();
        await killed.stop('SIGKILL');
        const stale = geminiFiles();
        assert.equal(stale.length, 1, 'SIGKILL cannot clean up; the file must still be there');
        const foreign = path.join(sandbox.geminiDir, 'gemini-ide-server-1-1.json');
        fs.writeFileSync(foreign, JSON.stringify({ port: 1, workspacePath: '/x', ideInfo: { name: 'vscode', displayName: 'VS Code' } }), { mode: 0o600 });
        const next = await backend();
        await waitUntil(() => !fs.existsSync(stale[0]), { what: 'the stale file to be removed' });
        assert.ok(fs.existsSync(foreign), 'a file of another IDE was touched');
        const own = geminiFiles().filter(f => f !== foreign);
        assert.equal(own.length, 1);
        assert.equal(JSON.parse(fs.readFileSync(own[0], 'utf8')).ppid, next.pid);
    });

    it('starts at once beside a foreign-owned discovery folder holding a link to a FIFO, and logs the refusal', async function () {
        if (process.getuid?.() !== 0) {
            this.skip(); // only root can hand a folder to another user
        }
        // Another local user got /tmp/gemini first and left a "discovery file" that is a link to a FIFO
        // we own: reading it would block until somebody writes, and the backend would never start.
        const fifo = path.join(sandbox.root, 'pipe');
        execFileSync('mkfifo', [fifo]);
        fs.mkdirSync(sandbox.geminiDir, { recursive: true, mode: 0o700 });
        fs.symlinkSync(fifo, path.join(sandbox.geminiDir, 'gemini-ide-server-1-1.json'));
        fs.chownSync(path.join(sandbox.tmpdir, 'gemini'), 12345, 12345);
        fs.chownSync(sandbox.geminiDir, 12345, 12345);
        const theia = await backend();
        await waitUntil(() => /Skipped the stale discovery file cleanup for Gemini CLI: Refusing to use .* belongs to another user \(uid 12345\)/.test(theia.log),
            { what: 'the refusal in the backend log', diagnostics: () => theia.logTail() });
        const response = await fetch(`${theia.url}/`);
        assert.equal(response.status, 200, 'the backend serves');
        assert.ok(fs.lstatSync(path.join(sandbox.geminiDir, 'gemini-ide-server-1-1.json')).isSymbolicLink(), 'the foreign file is untouched');
    });

    it('two backends on one workspace get distinct ports and each serves its own terminals', async () => {
        const [first, second] = [await backend(), await backend()];
        const files = first.discoveryFiles();
        assert.equal(files.length, 2);
        const fileOf = theia => files.find(f => f.content.ppid === theia.pid);
        assert.notEqual(fileOf(first).port, fileOf(second).port);
        const [one, two] = await Promise.all([first.ideClientEnv(fileOf(first)), second.ideClientEnv(fileOf(second))].map(env =>
            IdeClientProcess.start({ cwd: sandbox.workspace, env })));
        clients.push(one, two);
        assert.equal((await one.request('connect')).status, 'connected');
        assert.equal((await two.request('connect')).status, 'connected');
        // Stopping the first backend disconnects its client only.
        await first.stop('SIGTERM');
        await one.waitForEvent(e => e.event === 'status' && e.status === 'disconnected', 20_000);
        assert.equal((await two.request('describe')).status, 'connected');
    });
});
