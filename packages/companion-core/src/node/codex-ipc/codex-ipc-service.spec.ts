import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import type { IdeContext } from '../../common/wire-schemas';
import { CodexIpcTestClient } from '../../test/codex-ipc-client';
import { CodexWindow } from './codex-ide-context';
import { CodexFrameReader, encodeCodexFrame } from './codex-ipc-frames';
import { CodexIpcRole, CodexIpcService } from './codex-ipc-service';

function windowOf(roots: string[], context: IdeContext): CodexWindow {
    return { roots: () => roots, context: () => context };
}

function contextWith(file: string, selectedText: string): IdeContext {
    return {
        workspaceState: {
            openFiles: [
                { path: file, timestamp: 20, isActive: true, cursor: { line: 3, character: 5 }, selectedText, selection: { start: { line: 1, character: 0 }, end: { line: 2, character: 4 } } },
                { path: path.join(path.dirname(file), 'other.ts'), timestamp: 10 }
            ]
        }
    };
}

function roleReached(service: CodexIpcService, role: CodexIpcRole): Promise<void> {
    return new Promise(resolve => {
        if (service.status().role === role) {
            resolve();
            return;
        }
        const stop = service.onDidChange(() => {
            if (service.status().role === role) {
                stop();
                resolve();
            }
        });
    });
}

describe('Codex IDE socket', () => {
    let root: string;
    let socketPath: string;
    let projectA: string;
    let projectB: string;
    const services: CodexIpcService[] = [];
    const clients: CodexIpcTestClient[] = [];

    function service(): CodexIpcService {
        const created = new CodexIpcService({ socketPath, discoveryTimeoutMs: 5000 });
        services.push(created);
        return created;
    }

    /** A client as Codex 0.169.0's CLI is: no initialize, `ide-context` at once. */
    async function client(): Promise<CodexIpcTestClient> {
        const connected = await CodexIpcTestClient.connect(socketPath);
        clients.push(connected);
        return connected;
    }

    beforeEach(() => {
        root = tempFolder('codex-ipc-', { real: true });
        socketPath = path.join(root, 'codex-ipc', `ipc-${process.getuid!()}.sock`);
        projectA = path.join(root, 'a');
        projectB = path.join(root, 'b');
        fs.mkdirSync(path.join(projectA, 'src', 'deep'), { recursive: true });
        fs.mkdirSync(projectB);
    });

    afterEach(async () => {
        clients.splice(0).forEach(c => c.close());
        await Promise.all(services.splice(0).map(s => s.stop()));
        removeFolder(root);
    });

    it('puts the socket where Codex looks: $TMPDIR (else /tmp), codex-ipc, the uid', () => {
        const uid = process.getuid!();
        assert.strictEqual(new CodexIpcService({}).socketPath, path.join(process.env.TMPDIR || '/tmp', 'codex-ipc', `ipc-${uid}.sock`));
    });

    it('serves in a 0700 folder, answers initialize and the context of the window that holds the folder', async () => {
        const owner = service();
        owner.addWindow(windowOf([projectA], contextWith(path.join(projectA, 'src', 'main.ts'), 'selected text')));
        await owner.start();
        assert.strictEqual(owner.status().role, 'owner');
        assert.strictEqual(fs.statSync(path.dirname(socketPath)).mode & 0o777, 0o700);
        assert.ok(fs.lstatSync(socketPath).isSocket());

        const codex = await CodexIpcTestClient.connect(socketPath);
        clients.push(codex);
        const initialized = await codex.initialize();
        assert.strictEqual(initialized.resultType, 'success');
        assert.strictEqual(initialized.method, 'initialize');
        assert.strictEqual(typeof initialized.result.clientId, 'string');

        const answer = await codex.ideContext(path.join(projectA, 'src', 'deep'));
        assert.strictEqual(answer.resultType, 'success', JSON.stringify(answer));
        assert.deepStrictEqual(answer.result.ideContext, {
            activeFile: {
                label: 'main.ts', path: 'src/main.ts', fsPath: path.join(projectA, 'src', 'main.ts'),
                selection: { start: { line: 1, character: 0 }, end: { line: 2, character: 4 } },
                activeSelectionContent: 'selected text', selections: []
            },
            openTabs: [
                { label: 'main.ts', path: 'src/main.ts', fsPath: path.join(projectA, 'src', 'main.ts') },
                { label: 'other.ts', path: 'src/other.ts', fsPath: path.join(projectA, 'src', 'other.ts') }
            ]
        });
    });

    it('answers a CLI that asks at once without initialize (Codex 0.169.0), and counts it as a client', async () => {
        const owner = service();
        owner.addWindow(windowOf([projectA], contextWith(path.join(projectA, 'x.ts'), 'sel')));
        await owner.start();
        const codex = await client();
        const answer = await codex.ideContext(projectA);
        assert.deepStrictEqual([answer.resultType, answer.method, typeof answer.handledByClientId], ['success', 'ide-context', 'string']);
        assert.strictEqual(answer.result.ideContext.activeFile.activeSelectionContent, 'sel');
        assert.deepStrictEqual(owner.status().clientTypes, ['codex-tui']);
    });

    it('answers no-client-found for a folder no window has, a sibling with the same prefix, or no folder at all', async () => {
        const owner = service();
        owner.addWindow(windowOf([projectA], contextWith(path.join(projectA, 'x.ts'), 'secret of a')));
        await owner.start();
        const codex = await client();
        fs.mkdirSync(projectA + '-other');
        for (const folder of [projectB, projectA + '-other', root, '/', 'relative/path']) {
            const answer = await codex.ideContext(folder);
            assert.deepStrictEqual([answer.resultType, answer.error], ['error', 'no-client-found'], folder);
            assert.ok(!JSON.stringify(answer).includes('secret of a'));
        }
        const noParams = await codex.request('ide-context', undefined);
        assert.strictEqual(noParams.error, 'no-client-found');
    });

    it('several windows share one socket, and each folder gets only its own window (the deeper root of nested ones)', async () => {
        const owner = service();
        const nested = path.join(projectA, 'src');
        owner.addWindow(windowOf([projectA], contextWith(path.join(projectA, 'top.ts'), 'outer')));
        owner.addWindow(windowOf([projectB], contextWith(path.join(projectB, 'b.ts'), 'from b')));
        owner.addWindow(windowOf([nested], contextWith(path.join(nested, 'inner.ts'), 'inner')));
        await owner.start();
        const codex = await client();
        assert.strictEqual((await codex.ideContext(projectB)).result.ideContext.activeFile.activeSelectionContent, 'from b');
        assert.strictEqual((await codex.ideContext(projectA)).result.ideContext.activeFile.activeSelectionContent, 'outer');
        const inner = (await codex.ideContext(path.join(nested, 'deep'))).result.ideContext;
        assert.deepStrictEqual([inner.activeFile.activeSelectionContent, inner.activeFile.path], ['inner', 'inner.ts']);
    });

    it('a second app joins the first as a client, and takes the socket over when the first exits', async () => {
        const first = service();
        first.addWindow(windowOf([projectA], contextWith(path.join(projectA, 'a.ts'), 'in app one')));
        await first.start();
        const second = service();
        second.addWindow(windowOf([projectB], contextWith(path.join(projectB, 'b.ts'), 'in app two')));
        await second.start();
        assert.deepStrictEqual([first.status().role, second.status().role], ['owner', 'member']);

        const codex = await client();
        const fromSecond = await codex.ideContext(projectB);
        assert.strictEqual(fromSecond.resultType, 'success', JSON.stringify(fromSecond));
        assert.strictEqual(fromSecond.result.ideContext.activeFile.activeSelectionContent, 'in app two');
        assert.strictEqual((await codex.ideContext(projectA)).result.ideContext.activeFile.activeSelectionContent, 'in app one');
        assert.strictEqual((await codex.ideContext(path.join(root, 'nowhere'))).error, 'no-client-found');

        const takenOver = roleReached(second, 'owner');
        await first.stop();
        await takenOver;
        await codex.closedByPeer();
        const again = await client();
        assert.strictEqual((await again.ideContext(projectB)).result.ideContext.activeFile.activeSelectionContent, 'in app two');
        assert.strictEqual((await again.ideContext(projectA)).error, 'no-client-found', 'the first app\'s folder left with it');
    });

    it('as a client of Codex\'s own app it says canHandle only for its folders, and answers what is forwarded to it', async () => {
        // Codex's desktop app owns the socket: a router as it behaves on the wire.
        fs.mkdirSync(path.dirname(socketPath), { mode: 0o700 });
        const frames: Array<Record<string, any>> = [];
        let member: net.Socket | undefined;
        let wake: (() => void) | undefined;
        const desktop = net.createServer(socket => {
            member = socket;
            const reader = new CodexFrameReader(message => {
                frames.push(message);
                if (message.method === 'initialize') {
                    socket.write(encodeCodexFrame({ type: 'response', requestId: message.requestId, resultType: 'success', method: 'initialize', handledByClientId: 'desktop', result: { clientId: 'theia-1' } }));
                }
                wake?.();
            });
            socket.on('data', chunk => reader.push(chunk));
        });
        await new Promise<void>(resolve => desktop.listen(socketPath, resolve));
        const nextFrame = async (matches: (m: Record<string, any>) => boolean) => {
            for (;;) {
                const found = frames.find(matches);
                if (found) {
                    return found;
                }
                await new Promise<void>(resolve => wake = resolve);
            }
        };
        try {
            const theia = service();
            theia.addWindow(windowOf([projectA], contextWith(path.join(projectA, 'a.ts'), 'theia selection')));
            await theia.start();
            assert.strictEqual(theia.status().role, 'member');
            const init = await nextFrame(m => m.method === 'initialize');
            assert.deepStrictEqual([init.type, init.version, init.sourceClientId], ['request', 0, 'initializing-client']);

            const ask = (requestId: string, method: string, workspaceRoot: string) => member!.write(encodeCodexFrame({
                type: 'client-discovery-request', requestId,
                request: { type: 'request', requestId: `r-${requestId}`, sourceClientId: 'cli', version: 0, method, params: { workspaceRoot } }
            }));
            ask('d1', 'ide-context', projectA);
            ask('d2', 'ide-context', projectB);
            ask('d3', 'thread-follower-start-turn', projectA);
            for (const [id, canHandle] of [['d1', true], ['d2', false], ['d3', false]] as const) {
                const reply = await nextFrame(m => m.requestId === id);
                assert.deepStrictEqual(reply, { type: 'client-discovery-response', requestId: id, response: { canHandle } });
            }
            member!.write(encodeCodexFrame({ type: 'request', requestId: 'fwd', sourceClientId: 'cli', version: 0, method: 'ide-context', params: { workspaceRoot: projectA } }));
            const response = await nextFrame(m => m.requestId === 'fwd');
            assert.deepStrictEqual([response.type, response.resultType, response.method, response.handledByClientId], ['response', 'success', 'ide-context', 'theia-1']);
            assert.strictEqual(response.result.ideContext.activeFile.activeSelectionContent, 'theia selection');
        } finally {
            member?.destroy();
            await new Promise<void>(resolve => desktop.close(() => resolve()));
        }
    });

    it('removes a stale socket of ours at start, and its own socket at exit (not one another app put there since)', async () => {
        fs.mkdirSync(path.dirname(socketPath), { mode: 0o700 });
        // A crashed owner: the socket file stays, nobody listens.
        const crashed = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`]);
        await new Promise(resolve => crashed.on('exit', resolve));
        assert.ok(fs.lstatSync(socketPath).isSocket());
        const owner = service();
        await owner.start();
        assert.strictEqual(owner.status().role, 'owner'); // binding over the stale file would have failed
        assert.strictEqual((await client()).received.length, 0);
        await owner.stop();
        assert.ok(!fs.existsSync(socketPath), 'removed at exit');

        const replaced = service();
        await replaced.start();
        fs.unlinkSync(socketPath);
        const other = net.createServer();
        await new Promise<void>(resolve => other.listen(socketPath, resolve));
        try {
            replaced.removeSocketSync();
            assert.ok(fs.lstatSync(socketPath).isSocket(), 'another app\'s socket stays');
        } finally {
            await new Promise<void>(resolve => other.close(() => resolve()));
        }
    });

    it('leaves alone a path that is not a socket, and a folder that is a symbolic link', async () => {
        fs.mkdirSync(path.dirname(socketPath), { mode: 0o700 });
        fs.writeFileSync(socketPath, 'not a socket');
        const first = service();
        await first.start();
        assert.strictEqual(first.status().role, 'off');
        assert.match(first.status().error ?? '', /not a socket/);
        assert.strictEqual(fs.readFileSync(socketPath, 'utf8'), 'not a socket');

        fs.rmSync(path.dirname(socketPath), { recursive: true });
        fs.mkdirSync(path.join(root, 'elsewhere'));
        fs.symlinkSync(path.join(root, 'elsewhere'), path.dirname(socketPath));
        const second = service();
        await second.start();
        assert.strictEqual(second.status().role, 'off');
        assert.match(second.status().error ?? '', /not a directory/);
        assert.deepStrictEqual(fs.readdirSync(path.join(root, 'elsewhere')), []);
    });

    it('tightens a folder of ours that others could enter to 0700', async () => {
        fs.mkdirSync(path.dirname(socketPath), { mode: 0o755 });
        fs.chmodSync(path.dirname(socketPath), 0o755);
        await service().start();
        assert.strictEqual(fs.statSync(path.dirname(socketPath)).mode & 0o777, 0o700);
    });
});
