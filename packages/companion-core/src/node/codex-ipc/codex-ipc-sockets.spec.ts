import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { CodexIpcTestClient } from '../../test/codex-ipc-client';
import { CodexWindow } from './codex-ide-context';
import { CodexIpcService } from './codex-ipc-service';
import { CodexIpcSockets } from './codex-ipc-sockets';
import { codexSocketPaths } from './codex-ipc-socket-path';

function windowWith(root: string, selectedText: string): CodexWindow {
    const file = path.join(root, 'main.ts');
    return {
        roots: () => [root],
        context: () => ({ workspaceState: { openFiles: [{ path: file, timestamp: 1, isActive: true, selectedText, selection: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } } }] } })
    };
}

/** What Codex 0.171's ide_context/ipc.rs checks before it asks a socket: the folder and the socket are the user's, nobody else may write the folder. */
function assertPassesCodexOwnerCheck(socketPath: string): void {
    const folder = fs.lstatSync(path.dirname(socketPath));
    const socket = fs.lstatSync(socketPath);
    assert.ok(folder.isDirectory() && folder.uid === process.getuid!(), 'folder is a directory of ours');
    assert.strictEqual(folder.mode & 0o077, 0, 'folder 0700');
    assert.ok(socket.isSocket() && socket.uid === process.getuid!(), 'a socket of ours');
}

describe('Codex IDE sockets: the codex home path (Codex 0.171) and the TMPDIR path', () => {
    let root: string;
    let codexHome: string;
    let tmpdir: string;
    let project: string;
    const made: Array<{ stop(): Promise<void> }> = [];
    const clients: CodexIpcTestClient[] = [];

    async function ask(socketPath: string, folder: string): Promise<Record<string, any>> {
        const client = await CodexIpcTestClient.connect(socketPath);
        clients.push(client);
        return client.ideContext(folder);
    }

    function sockets(env: NodeJS.ProcessEnv): CodexIpcSockets {
        const created = new CodexIpcSockets({ env, discoveryTimeoutMs: 5000 });
        made.push(created);
        return created;
    }

    beforeEach(() => {
        root = tempFolder('codex-socks-', { real: true });
        codexHome = path.join(root, 'codex-home');
        tmpdir = path.join(root, 'tmp');
        project = path.join(root, 'project');
        [codexHome, tmpdir, project].forEach(dir => fs.mkdirSync(dir));
    });

    afterEach(async () => {
        clients.splice(0).forEach(client => client.close());
        await Promise.all(made.splice(0).map(service => service.stop()));
        removeFolder(root);
    });

    it('finds the codex home as Codex does: $CODEX_HOME canonicalized, else $HOME/.codex, only when it exists', () => {
        const uid = process.getuid!();
        const legacy = path.join(tmpdir, 'codex-ipc', `ipc-${uid}.sock`);
        fs.symlinkSync(codexHome, path.join(root, 'link-to-home'));
        assert.deepStrictEqual(codexSocketPaths({ CODEX_HOME: path.join(root, 'link-to-home'), TMPDIR: tmpdir }, uid), [path.join(codexHome, 'ipc', 'ipc.sock'), legacy]);
        assert.deepStrictEqual(codexSocketPaths({ CODEX_HOME: path.join(root, 'missing'), TMPDIR: tmpdir }, uid), [legacy]);
        const home = path.join(root, 'home');
        fs.mkdirSync(home);
        assert.deepStrictEqual(codexSocketPaths({ HOME: home, TMPDIR: tmpdir }, uid), [legacy], 'no ~/.codex: Codex cannot connect there');
        assert.ok(!fs.existsSync(path.join(home, '.codex')), 'and none is made');
        fs.mkdirSync(path.join(home, '.codex'));
        assert.deepStrictEqual(codexSocketPaths({ HOME: home, TMPDIR: tmpdir }, uid), [path.join(home, '.codex', 'ipc', 'ipc.sock'), legacy]);
    });

    it('serves the window on both paths, each passing Codex\'s owner check', async () => {
        const both = sockets({ CODEX_HOME: codexHome, TMPDIR: tmpdir });
        both.addWindow(windowWith(project, 'from theia'));
        await both.start();
        const [primary, legacy] = both.statuses();
        assert.deepStrictEqual([primary.socketPath, primary.role, legacy.role], [path.join(codexHome, 'ipc', 'ipc.sock'), 'owner', 'owner']);
        for (const status of both.statuses()) {
            assertPassesCodexOwnerCheck(status.socketPath);
            const answer = await ask(status.socketPath, project);
            assert.strictEqual(answer.result?.ideContext?.activeFile?.activeSelectionContent, 'from theia', JSON.stringify(answer));
        }
        await both.stop();
        assert.ok(!fs.existsSync(primary.socketPath) && !fs.existsSync(legacy.socketPath), 'both removed at exit');
    });

    it('joins a live server at the codex home path (Codex\'s own extension) instead of replacing it, and answers through it', async () => {
        const primaryPath = path.join(codexHome, 'ipc', 'ipc.sock');
        const codexExtension = new CodexIpcService({ socketPath: primaryPath, discoveryTimeoutMs: 5000 }); // a router with no window of ours
        made.push(codexExtension);
        await codexExtension.start();
        const inode = fs.lstatSync(primaryPath).ino;

        const both = sockets({ CODEX_HOME: codexHome, TMPDIR: tmpdir });
        both.addWindow(windowWith(project, 'asked through the extension'));
        await both.start();
        assert.deepStrictEqual(both.statuses().map(status => status.role), ['member', 'owner']);
        assert.strictEqual(fs.lstatSync(primaryPath).ino, inode, 'the extension\'s socket stays');
        const answer = await ask(primaryPath, project);
        assert.strictEqual(answer.result?.ideContext?.activeFile?.activeSelectionContent, 'asked through the extension', JSON.stringify(answer));
        assert.strictEqual((await ask(primaryPath, path.join(root, 'elsewhere'))).error, 'no-client-found');

        both.removeSocketSync();
        assert.strictEqual(fs.lstatSync(primaryPath).ino, inode, 'still there after our exit handler');
    });

    it('leaves a linked ipc folder in the codex home alone and still serves the TMPDIR path', async () => {
        const elsewhere = path.join(root, 'elsewhere');
        fs.mkdirSync(elsewhere);
        fs.symlinkSync(elsewhere, path.join(codexHome, 'ipc'));
        const both = sockets({ CODEX_HOME: codexHome, TMPDIR: tmpdir });
        both.addWindow(windowWith(project, 'legacy only'));
        await both.start();
        const [primary, legacy] = both.statuses();
        assert.deepStrictEqual([primary.role, legacy.role], ['off', 'owner']);
        assert.match(primary.error ?? '', /not a directory/);
        assert.deepStrictEqual(fs.readdirSync(elsewhere), []);
        assert.strictEqual((await ask(legacy.socketPath, project)).result?.ideContext?.activeFile?.activeSelectionContent, 'legacy only');
    });

    it('refuses a codex home whose socket path is longer than a Unix socket path can be (Node would bind it cut short)', async () => {
        const deep = path.join(codexHome, 'd'.repeat(120));
        fs.mkdirSync(deep);
        const both = sockets({ CODEX_HOME: deep, TMPDIR: tmpdir });
        await both.start();
        const [primary, legacy] = both.statuses();
        assert.deepStrictEqual([primary.role, legacy.role], ['off', 'owner']);
        assert.match(primary.error ?? '', /longer than a Unix socket path/);
        assert.deepStrictEqual(fs.readdirSync(deep), [], 'no ipc folder made');
        assert.deepStrictEqual(fs.readdirSync(root).filter(name => name.startsWith('d')), [], 'nothing bound at a cut-short path');
    });
});
