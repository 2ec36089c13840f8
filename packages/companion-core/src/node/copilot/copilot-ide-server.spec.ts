import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { findProfile } from '../../common/client-profiles';
import { CompanionEndpoint } from '../companion-endpoint';
import { DiffView, PendingDiff } from '../../common/diff-registry';
import { ManualClock } from '../../test/manual-clock';
import { CopilotSocketClient } from '../../test/copilot-socket-client';
import { leaveDeadSocket } from '../../test/dead-socket';
import { copilotLockDirectory } from './copilot-lock-file';
import { newCopilotSocketPath } from './copilot-socket-folder';
import { COPILOT_EDITS_NOT_CARRIED, copilotAddSelectionOf, copilotFileReferenceOf } from './copilot-ide-wire';

const COPILOT = findProfile('copilot')!;

/** A window that records the diffs it is asked to show and reports one problem. */
class WindowStandIn implements DiffView {
    readonly shown: PendingDiff[] = [];
    readonly closed: string[] = [];
    async show(diff: PendingDiff): Promise<void> {
        this.shown.push(diff);
    }
    async close(diffId: string): Promise<string | undefined> {
        this.closed.push(diffId);
        return undefined;
    }
    async diagnostics(uri: string | undefined) {
        return [{ uri: uri ?? 'file:///w/a.ts', diagnostics: [{ message: 'bad', severity: 'Warning' as const, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }] }];
    }
}

describe('Copilot CLI IDE server (lock file, Unix socket, nonce, tools)', () => {
    let root: string;
    let workspace: string;
    let clock: ManualClock;
    let endpoint: CompanionEndpoint;
    let view: WindowStandIn;
    const host = () => ({ env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') });

    beforeEach(async () => {
        root = tempFolder('copilot-ide-spec-', { real: true });
        workspace = path.join(root, 'workspace');
        fs.mkdirSync(workspace);
        fs.mkdirSync(path.join(root, 'tmp'));
        clock = new ManualClock();
        endpoint = new CompanionEndpoint({ ideInfo: { name: 'theia', displayName: 'Spec IDE' }, host: host(), profiles: [COPILOT], http: { clock } });
        await endpoint.start({ roots: [workspace], trusted: true });
        view = new WindowStandIn();
        endpoint.attachView(view);
    });

    afterEach(async () => {
        await endpoint.stop();
        removeFolder(root);
    });

    const lockFiles = () => fs.readdirSync(copilotLockDirectory(host())).filter(name => name.endsWith('.lock'));
    const lock = () => JSON.parse(fs.readFileSync(path.join(copilotLockDirectory(host()), lockFiles()[0]), 'utf8'));
    /** With the lock's nonce, or (given, even undefined) with that Authorization header. */
    const client = (...authorization: [string | undefined] | []) =>
        new CopilotSocketClient(lock().socketPath, authorization.length ? authorization[0] : lock().headers.Authorization);

    it('writes one private lock per window with the eight fields Copilot CLI reads, in ~/.copilot/ide', () => {
        assert.deepStrictEqual(lockFiles().length, 1);
        assert.match(lockFiles()[0], COPILOT.discovery.fileName.matches);
        const file = path.join(copilotLockDirectory(host()), lockFiles()[0]);
        assert.strictEqual(fs.statSync(file).mode & 0o777, 0o600);
        assert.strictEqual(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
        const content = lock();
        assert.strictEqual(content.scheme, 'pipe');
        assert.match(content.headers.Authorization, /^Nonce [A-Za-z0-9_-]{43}$/);
        assert.strictEqual(content.pid, process.pid);
        assert.strictEqual(content.ideName, 'Spec IDE');
        assert.strictEqual(typeof content.timestamp, 'number');
        assert.deepStrictEqual(content.workspaceFolders, [workspace]);
        assert.strictEqual(content.isTrusted, true);
        const socket = fs.lstatSync(content.socketPath);
        assert.ok(socket.isSocket());
        assert.strictEqual(socket.mode & 0o777, 0o600);
        assert.strictEqual(fs.statSync(path.dirname(content.socketPath)).mode & 0o777, 0o700);
        assert.deepStrictEqual(endpoint.status().files, [file]);
        assert.deepStrictEqual(fs.readdirSync(path.dirname(file)), [path.basename(file)], 'no temp file left beside it');
    });

    it('honours COPILOT_HOME, as the CLI does', async () => {
        const copilotHome = path.join(root, 'elsewhere');
        const other = new CompanionEndpoint({ ideInfo: { name: 'theia', displayName: 'Spec IDE' }, host: { ...host(), env: { COPILOT_HOME: copilotHome } }, profiles: [COPILOT] });
        await other.start({ roots: [workspace] });
        try {
            assert.strictEqual(fs.readdirSync(path.join(copilotHome, 'ide')).length, 1);
            assert.strictEqual(JSON.parse(fs.readFileSync(other.status().files[0], 'utf8')).isTrusted, false, 'trust off in the IDE: the CLI asks itself');
        } finally {
            await other.stop();
        }
        assert.deepStrictEqual(fs.readdirSync(path.join(copilotHome, 'ide')), []);
    });

    it('removes the lock and the socket when Copilot CLI is switched off, and at exit (synchronously)', async () => {
        const { socketPath } = lock();
        endpoint.setEnabledProfiles([]);
        await until(() => !fs.existsSync(socketPath), 'the socket removed');
        assert.deepStrictEqual(lockFiles(), []);
        endpoint.setEnabledProfiles([COPILOT]);
        await until(() => lockFiles().length === 1, 'one lock file');
        const again = lock().socketPath;
        endpoint.removeDiscoveryFilesSync(); // what the backend's process 'exit' handler calls: nothing async runs there
        assert.deepStrictEqual(lockFiles(), []);
        assert.strictEqual(fs.existsSync(again), false);
        assert.strictEqual(fs.existsSync(path.dirname(again)), false, 'its folder too');
        await endpoint.stop();
    });

    it('cleans up a stale lock and socket of ours (dead pid), never another IDE\'s or a live one', async () => {
        await endpoint.stop();
        const directory = copilotLockDirectory(host());
        const write = (name: string, content: object) => fs.writeFileSync(path.join(directory, name), JSON.stringify(content), { mode: 0o600 });
        const dead = 2 ** 22 + 12345; // above pid_max's default: no such process
        const staleSocket = newCopilotSocketPath(host()); // a killed backend's
        leaveDeadSocket(staleSocket);
        const notASocket = newCopilotSocketPath(host());
        fs.writeFileSync(notASocket, 'not a socket');
        const ours = { socketPath: staleSocket, pid: dead, ppid: dead, aiCliCompanion: '0.0.1' };
        write('00000000-0000-4000-8000-000000000001.lock', ours);
        write('00000000-0000-4000-8000-000000000002.lock', { ...ours, aiCliCompanion: undefined }); // VS Code's
        write('00000000-0000-4000-8000-000000000003.lock', { ...ours, pid: process.pid, ppid: process.pid }); // alive
        endpoint = new CompanionEndpoint({ ideInfo: { name: 'theia', displayName: 'Spec IDE' }, host: host(), profiles: [COPILOT] });
        await endpoint.start({ roots: [workspace] });
        const left = lockFiles();
        assert.ok(!left.includes('00000000-0000-4000-8000-000000000001.lock'), 'ours, dead: removed');
        assert.ok(left.includes('00000000-0000-4000-8000-000000000002.lock'), 'another IDE\'s: kept');
        assert.ok(left.includes('00000000-0000-4000-8000-000000000003.lock'), 'alive: kept');
        assert.strictEqual(fs.existsSync(path.dirname(staleSocket)), false, 'the dead socket went, with its folder');
        assert.strictEqual(fs.existsSync(notASocket), true, 'a file that is no socket is not touched');
    });

    it('answers 401 to a request without the lock\'s nonce, or with another one', async () => {
        const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
        const nonce = lock().headers.Authorization as string;
        for (const authorization of [undefined, '', 'Nonce', `Bearer ${nonce.slice(6)}`, `${nonce}x`, nonce.slice(0, -1), `nonce ${nonce.slice(6)}`]) {
            const response = await client(authorization).post(initialize);
            assert.strictEqual(response.status, 401, `${JSON.stringify(authorization)}: ${JSON.stringify(response.json)}`);
        }
        const { session } = await client().initialize();
        for (const method of ['GET', 'DELETE', 'POST']) {
            const response = await client('Nonce wrong').request(method, method === 'POST' ? initialize : undefined, { 'mcp-session-id': session, accept: 'text/event-stream' });
            assert.strictEqual(response.status, 401, method);
        }
        assert.strictEqual(endpoint.status().sessions.length, 1, 'nothing opened without the nonce');
    });

    it('initialises as vscode-copilot-cli and lists the six tools', async () => {
        const { session, serverName } = await client().initialize();
        assert.strictEqual(serverName, 'vscode-copilot-cli');
        const tools = await client().post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': session });
        assert.deepStrictEqual(tools.json.result.tools.map((t: { name: string }) => t.name),
            ['get_vscode_info', 'get_selection', 'get_diagnostics', 'open_diff', 'close_diff', 'update_session_name']);
        const info = await client().callTool(session, 3, 'get_vscode_info', {});
        assert.deepStrictEqual(info.value, { ideName: 'Spec IDE', appName: 'Spec IDE', version: '0.1.0', processId: process.pid });
        const diagnostics = await client().callTool(session, 4, 'get_diagnostics', { uri: 'file:///w/b.ts' });
        assert.deepStrictEqual(diagnostics.value, [{ uri: 'file:///w/b.ts', filePath: '/w/b.ts', diagnostics: [{ message: 'bad', severity: 'warning', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }] }]);
        assert.strictEqual((await client().callTool(session, 5, 'get_diagnostics', { uri: 'http://x' })).isError, true);
    });

    it('get_selection and selection_changed carry the focused selection, 0-based; notifications wait 200 ms and send the latest once', async () => {
        const { session } = await client().initialize();
        const stream = await client().openStream(session);
        const file = path.join(workspace, 'a.ts');
        const select = (text: string, line: number) => endpoint.updateContext({ workspaceState: { openFiles: [{
            path: file, timestamp: 1, isActive: true, selectedText: text, cursor: { line: line + 1, character: text.length + 1 },
            selection: { start: { line, character: 0 }, end: { line, character: text.length } }
        }] } });
        select('one', 0);
        select('two', 1);
        clock.advance(199);
        select('three', 2);
        clock.advance(199);
        assert.strictEqual(stream.messages().filter(m => m.method === 'selection_changed').length, 0, 'nothing before the editor settles');
        clock.advance(1);
        const changed = await stream.waitFor(m => m.method === 'selection_changed');
        assert.deepStrictEqual(changed.params, { text: 'three', filePath: file, fileUrl: `file://${file}`, selection: { start: { line: 2, character: 0 }, end: { line: 2, character: 5 }, isEmpty: false } });
        const current = await client().callTool(session, 2, 'get_selection', {});
        assert.deepStrictEqual(current.value, { ...changed.params, current: true });
        clock.advance(1000);
        assert.strictEqual(stream.messages().filter(m => m.method === 'selection_changed').length, 1);
        endpoint.diagnosticsChanged(['file:///w/a.ts']);
        endpoint.diagnosticsChanged(['file:///w/a.ts', 'file:///w/b.ts']);
        clock.advance(200);
        const diagnostics = await stream.waitFor(m => m.method === 'diagnostics_changed');
        assert.deepStrictEqual(diagnostics.params.uris.map((u: { uri: string }) => u.uri), ['file:///w/a.ts', 'file:///w/b.ts']);
        assert.strictEqual(diagnostics.params.uris[0].diagnostics[0].severity, 'warning');
        stream.close();
    });

    it('Send Selection: add_selection goes to the one session asked for, which names its process (X-Copilot-PID) for the terminal lookup', async () => {
        const first = await client().initialize({ 'X-Copilot-PID': '4242', 'X-Copilot-Parent-PID': '4241' });
        const second = await client().initialize();
        const streams = [await client().openStream(first.session), await client().openStream(second.session)];
        assert.deepStrictEqual(endpoint.status().sessions.map(s => [s.id, s.pid]), [[first.session, 4242], [second.session, undefined]]);
        const file = path.join(workspace, 'a b.ts');
        assert.strictEqual(await endpoint.addSelection(first.session, copilotAddSelectionOf(file, 3, 5)), true);
        const added = await streams[0].waitFor(m => m.method === 'add_selection');
        assert.deepStrictEqual(added.params, {
            filePath: file, fileUrl: `file://${workspace}/a%20b.ts`, selectedText: null,
            selection: { start: { line: 2, character: 0 }, end: { line: 4, character: 0 } }
        });
        // A selection_changed sent after it reaches both: an add_selection for the other session would have come first.
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: file, timestamp: 1, isActive: true, selectedText: 'x', cursor: { line: 1, character: 2 },
            selection: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }] } });
        clock.advance(200);
        await streams[1].waitFor(m => m.method === 'selection_changed');
        assert.ok(!streams[1].messages().some(m => m.method === 'add_selection'), 'only the target session');
        assert.strictEqual(await endpoint.addSelection('gone', copilotAddSelectionOf(file, 1, 1)), false);
        streams.forEach(stream => stream.close());
    });

    it('Send to Copilot CLI from the Explorer: one add_file_reference per file or folder, in order, without lines, to that session only', async () => {
        const { session } = await client().initialize();
        const other = await client().initialize();
        const streams = [await client().openStream(session), await client().openStream(other.session)];
        const files = [path.join(workspace, 'a b.ts'), path.join(workspace, 'src')];
        assert.strictEqual(await endpoint.addFileReferences(session, files.map(copilotFileReferenceOf)), true);
        await streams[0].waitFor(m => m.method === 'add_file_reference' && m.params.filePath === files[1]);
        assert.deepStrictEqual(streams[0].messages().filter(m => m.method === 'add_file_reference').map(m => m.params), [
            { filePath: files[0], fileUrl: `file://${workspace}/a%20b.ts`, selection: null, selectedText: null },
            { filePath: files[1], fileUrl: `file://${workspace}/src`, selection: null, selectedText: null }
        ]);
        assert.ok(!streams[1].messages().some(m => m.method === 'add_file_reference'), 'only the target session');
        assert.strictEqual(await endpoint.addFileReferences('gone', files.map(copilotFileReferenceOf)), false);
        streams.forEach(stream => stream.close());
    });

    it('open_diff blocks until the user decides: SAVED by ✓ or Ctrl+S, REJECTED by ✗ or the tab, with the trigger', async () => {
        const { session } = await client().initialize();
        const propose = (id: number, name: string) => {
            const answer = client().callTool(session, id, 'open_diff', { original_file_path: path.join(workspace, name), new_file_contents: 'new\n', tab_name: `[Copilot CLI] - ${name}` });
            return { answer, shown: until(() => view.shown.some(d => d.filePath === path.join(workspace, name)), `the diff of ${name} shown`).then(() => view.shown.find(d => d.filePath === path.join(workspace, name))!) };
        };
        const saved = propose(2, 'a.txt');
        const diff = await saved.shown;
        assert.strictEqual(diff.clientName, 'Copilot CLI');
        assert.strictEqual(diff.newContent, 'new\n');
        assert.deepStrictEqual(await endpoint.resolveDiff(diff.id, { accepted: true, content: 'new\n' }), { delivered: true });
        assert.deepStrictEqual((await saved.answer).value, { success: true, result: 'SAVED', trigger: 'accepted_via_button', tab_name: '[Copilot CLI] - a.txt', message: 'The user accepted the change.' });

        const edited = propose(9, 'e.txt');
        assert.deepStrictEqual(await endpoint.resolveDiff((await edited.shown).id, { accepted: true, content: 'edited\n' }),
            { delivered: true, note: COPILOT_EDITS_NOT_CARRIED }, 'the user hears that the CLI writes its own text');
        assert.strictEqual((await edited.answer).value.result, 'SAVED');

        const byTab = propose(3, 'b.txt');
        await endpoint.resolveDiff((await byTab.shown).id, { accepted: false, via: 'tab' });
        assert.deepStrictEqual([(await byTab.answer).value.result, (await byTab.answer).value.trigger], ['REJECTED', 'closed_via_tab']);

        const byButton = propose(4, 'c.txt');
        await endpoint.resolveDiff((await byButton.shown).id, { accepted: false });
        assert.deepStrictEqual([(await byButton.answer).value.result, (await byButton.answer).value.trigger], ['REJECTED', 'rejected_via_button']);

        const byTool = propose(5, 'd.txt');
        const shown = await byTool.shown;
        const closed = await client().callTool(session, 6, 'close_diff', { tab_name: '[Copilot CLI] - d.txt' });
        assert.deepStrictEqual(closed.value, { success: true, already_closed: false, tab_name: '[Copilot CLI] - d.txt', message: 'Diff closed.' });
        assert.deepStrictEqual([(await byTool.answer).value.result, (await byTool.answer).value.trigger], ['REJECTED', 'closed_via_tool']);
        assert.ok(view.closed.includes(shown.id), 'the review closed in the window');
        assert.strictEqual((await client().callTool(session, 7, 'close_diff', { tab_name: '[Copilot CLI] - d.txt' })).value.already_closed, true);

        const outside = await client().callTool(session, 8, 'open_diff', { original_file_path: path.join(root, 'outside.txt'), new_file_contents: 'x', tab_name: 't' });
        assert.strictEqual(outside.isError, true, 'outside the workspace: an error, so the CLI asks in the terminal');
        assert.strictEqual(endpoint.pendingDiffs().length, 0);
    });

    it('shows the name the CLI gives its session, and ends its reviews when the session ends', async () => {
        const { session } = await client().initialize();
        assert.deepStrictEqual((await client().callTool(session, 2, 'update_session_name', { name: 'Fix the parser' })).value, { success: true });
        assert.strictEqual(endpoint.status().sessions.find(s => s.id === session)?.name, 'Fix the parser');
        const pending = client().post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'open_diff', arguments: { original_file_path: path.join(workspace, 'x.txt'), new_file_contents: 'x', tab_name: 'x' } } }, { 'mcp-session-id': session });
        await until(() => view.shown.length === 1, 'one diff shown');
        assert.strictEqual((await client().request('DELETE', undefined, { 'mcp-session-id': session })).status, 200);
        await pending.catch(() => undefined);
        assert.strictEqual(endpoint.pendingDiffs().length, 0);
        assert.ok(view.closed.includes(view.shown[0].id));
        assert.deepStrictEqual(endpoint.status().sessions, []);
    });

    it('caps the sessions of Copilot CLI: past the cap the oldest one without a stream goes', async () => {
        const sessions: string[] = [];
        for (let i = 0; i < COPILOT.maxSessions! + 2; i++) {
            sessions.push((await client().initialize()).session);
        }
        await until(() => endpoint.status().sessions.length === COPILOT.maxSessions, 'the most sessions Copilot may have');
        assert.ok(!endpoint.status().sessions.some(s => s.id === sessions[0]), 'the oldest went');
    });
});
