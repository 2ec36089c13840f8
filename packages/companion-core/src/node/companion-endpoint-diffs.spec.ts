import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { CompanionEndpoint } from './companion-endpoint';
import { DiffView, PendingDiff } from '../common/diff-registry';
import { EventStream, RawMcpClient } from '../test/raw-mcp-client';

/** A view that records what the endpoint asks of it; `showDelayMs` < 0 never shows. */
class RecordingView implements DiffView {
    readonly shown: PendingDiff[] = [];
    readonly closed: string[] = [];
    edits = new Map<string, string>();
    constructor(private readonly showDelayMs = 0) { }
    show(diff: PendingDiff): Promise<void> {
        this.shown.push(diff);
        return this.showDelayMs < 0 ? new Promise(() => undefined) : new Promise(resolve => setTimeout(resolve, this.showDelayMs));
    }
    async close(diffId: string): Promise<string | undefined> {
        this.closed.push(diffId);
        return this.edits.get(diffId);
    }
}

describe('CompanionEndpoint diffs', () => {
    let root: string;
    let workspace: string;
    let endpoint: CompanionEndpoint;
    let client: RawMcpClient;
    const streams: EventStream[] = [];

    async function start(options: { openDiffTimeoutMs?: number } = {}): Promise<void> {
        endpoint = new CompanionEndpoint({
            ideInfo: { name: 'theia', displayName: 'Spec IDE' },
            host: { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') },
            http: { reconnectGraceMs: 200 },
            ...options
        });
        await endpoint.start({ roots: [workspace] });
        client = new RawMcpClient(endpoint.port, endpoint.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN);
    }

    /** The endpoint started, with a window's view attached (`showDelayMs` < 0: one that never shows). */
    async function startWithView(options: { openDiffTimeoutMs?: number } = {}, showDelayMs = 0): Promise<RecordingView> {
        await start(options);
        const view = new RecordingView(showDelayMs);
        endpoint.attachView(view);
        return view;
    }

    async function session(): Promise<{ id: string; stream: EventStream }> {
        const { session: id } = await client.initialize();
        const stream = await client.openStream(id);
        streams.push(stream);
        await stream.waitFor(m => m.method === 'ide/contextUpdate');
        return { id, stream };
    }

    /** A context update sent now arrives after anything sent before it: proof that nothing else came. */
    async function flushMarker(stream: EventStream, name: string): Promise<void> {
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(workspace, name), timestamp: Date.now() }] } });
        await stream.waitFor(m => m.method === 'ide/contextUpdate' && m.params.workspaceState.openFiles[0]?.path.endsWith(name));
    }

    const file = (name: string) => path.join(workspace, name);
    const text = (result: { json?: any }) => result.json.result.content[0]?.text as string | undefined;

    beforeEach(() => {
        root = tempFolder('endpoint-diffs-', { real: true });
        workspace = path.join(root, 'ws');
        fs.mkdirSync(workspace);
    });

    afterEach(async () => {
        streams.splice(0).forEach(stream => stream.close());
        await endpoint?.stop();
        removeFolder(root);
    });

    it('routes the decision only to the session that asked, with its path verbatim', async () => {
        const view = await startWithView();
        const a = await session();
        const b = await session();
        const asked = `${workspace}/./src/../a.ts`;
        const result = await client.callTool(a.id, 10, 'openDiff', { filePath: asked, newContent: 'new' });
        assert.deepStrictEqual(result.json.result, { content: [] });
        assert.strictEqual(view.shown[0].editorPath, file('a.ts'));
        assert.strictEqual(view.shown[0].relativePath, 'a.ts');
        assert.strictEqual(view.shown[0].clientName, 'Gemini CLI');
        assert.deepStrictEqual(await endpoint.resolveDiff(view.shown[0].id, { accepted: true, content: 'edited' }), { delivered: true });
        const accepted = await a.stream.waitFor(m => m.method === 'ide/diffAccepted');
        assert.deepStrictEqual(accepted.params, { filePath: asked, content: 'edited' });
        await flushMarker(b.stream, 'marker.ts');
        assert.ok(!b.stream.messages().some(m => m.method?.startsWith('ide/diff')), 'the other session heard nothing');
    });

    it('closeDiff acts only on the caller\'s own diff and never notifies', async () => {
        const view = await startWithView();
        const a = await session();
        const b = await session();
        await client.callTool(a.id, 10, 'openDiff', { filePath: file('a.ts'), newContent: 'secret proposal' });
        const foreign = await client.callTool(b.id, 11, 'closeDiff', { filePath: file('a.ts') });
        assert.strictEqual(text(foreign), '{}', 'another session gets nothing');
        assert.deepStrictEqual(view.closed, []);
        assert.strictEqual(endpoint.pendingDiffs().length, 1);
        view.edits.set(view.shown[0].id, 'secret proposal, edited');
        const own = await client.callTool(a.id, 12, 'closeDiff', { filePath: file('a.ts'), suppressNotification: true });
        assert.deepStrictEqual(JSON.parse(text(own)!), { content: 'secret proposal, edited' });
        assert.deepStrictEqual(view.closed, [view.shown[0].id]);
        await flushMarker(a.stream, 'after-close.ts');
        assert.ok(!a.stream.messages().some(m => m.method?.startsWith('ide/diff')), 'closeDiff sent no notification');
    });

    it('refuses paths outside the workspace, after resolving .. and symlinks', async () => {
        await startWithView();
        const a = await session();
        fs.symlinkSync(root, path.join(workspace, 'escape'));
        for (const filePath of [`${workspace}/../outside.ts`, path.join(workspace, 'escape', 'outside.ts'), 'relative.ts']) {
            const result = await client.callTool(a.id, 20, 'openDiff', { filePath, newContent: 'x' });
            assert.strictEqual(result.json.result.isError, true, filePath);
            assert.match(text(result)!, /outside the workspace|not an absolute path/);
        }
        assert.strictEqual(endpoint.pendingDiffs().length, 0);
    });

    it('withdraws a diff the window does not show in time: it never opens later', async () => {
        const view = await startWithView({ openDiffTimeoutMs: 200 }, -1);
        const a = await session();
        const result = await client.callTool(a.id, 30, 'openDiff', { filePath: file('slow.ts'), newContent: 'x' });
        assert.strictEqual(result.json.result.isError, true);
        assert.match(text(result)!, /did not show it within 0.2 s/);
        assert.deepStrictEqual(view.closed, [view.shown[0].id], 'the view is told to drop it');
        assert.strictEqual(endpoint.pendingDiffs().length, 0);
        assert.deepStrictEqual((await endpoint.resolveDiff(view.shown[0].id, { accepted: true, content: 'late' })).delivered, false);
    });

    it('withdraws a diff whose client gave up on the request', async () => {
        const view = await startWithView({}, -1);
        const a = await session();
        const abort = new AbortController();
        const call = client.callTool(a.id, 31, 'openDiff', { filePath: file('gave-up.ts'), newContent: 'x' }, abort.signal).catch(error => error);
        await until(() => view.shown.length > 0, 'the diff shown');
        abort.abort();
        await call;
        await until(() => view.closed.length > 0, 'the withdrawn diff closed');
        assert.deepStrictEqual(view.closed, [view.shown[0].id]);
        assert.strictEqual(endpoint.pendingDiffs().length, 0);
    });

    it('a decision taken while the CLI\'s stream reconnects is delivered once it is back', async () => {
        const view = await startWithView();
        const a = await session();
        await client.callTool(a.id, 70, 'openDiff', { filePath: file('r.ts'), newContent: 'r' });
        a.stream.close();
        await until(() => !endpoint.status().sessions.find(s => s.id === a.id)?.streaming, 'the endpoint to see the stream gone');
        const delivery = endpoint.resolveDiff(view.shown[0].id, { accepted: true, content: 'r!' });
        const back = await client.openStream(a.id);
        streams.push(back);
        assert.deepStrictEqual(await delivery, { delivered: true });
        assert.deepStrictEqual((await back.waitFor(m => m.method === 'ide/diffAccepted')).params, { filePath: file('r.ts'), content: 'r!' });
    });

    it('keeps pending diffs across a window reload and shows them again', async () => {
        await start();
        const first = new RecordingView();
        endpoint.attachView(first);
        const a = await session();
        await client.callTool(a.id, 40, 'openDiff', { filePath: file('kept.ts'), newContent: 'one' });
        endpoint.detachView(true);
        const during = await client.callTool(a.id, 41, 'openDiff', { filePath: file('during.ts'), newContent: 'two' });
        assert.deepStrictEqual(during.json.result, { content: [] }, 'a diff sent during the reload waits for the window');
        const reloaded = new RecordingView();
        endpoint.attachView(reloaded);
        assert.deepStrictEqual(reloaded.shown.map(d => d.relativePath), ['kept.ts', 'during.ts']);
        await endpoint.resolveDiff(reloaded.shown[0].id, { accepted: false });
        assert.deepStrictEqual((await a.stream.waitFor(m => m.method === 'ide/diffRejected')).params, { filePath: file('kept.ts') });
    });

    it('fails at once without a window, and reports an undeliverable decision', async () => {
        await start();
        const a = await session();
        const none = await client.callTool(a.id, 50, 'openDiff', { filePath: file('a.ts'), newContent: 'x' });
        assert.match(text(none)!, /no editor window is open/);
        const view = new RecordingView();
        endpoint.attachView(view);
        await client.callTool(a.id, 51, 'openDiff', { filePath: file('a.ts'), newContent: 'x' });
        await client.callTool(a.id, 52, 'openDiff', { filePath: file('b.ts'), newContent: 'y' });
        a.stream.close();
        await until(() => !endpoint.status().sessions.find(s => s.id === a.id)?.streaming, 'the endpoint to see the stream gone');
        // Decided while the CLI's stream is gone: the answer waits for a reconnect that never comes.
        const late = await endpoint.resolveDiff(view.shown[1].id, { accepted: true, content: 'y' });
        assert.deepStrictEqual(late, { delivered: false, reason: 'Gemini CLI is no longer connected; the proposal was not applied.' });
        await until(() => endpoint.status().sessions.length === 0, 'the session dropped');
        assert.deepStrictEqual(view.closed, [view.shown[0].id], 'the ended session\'s other review is closed');
        assert.deepStrictEqual((await endpoint.resolveDiff(view.shown[0].id, { accepted: true, content: 'x' })).delivered, false);
    });

    it('a second proposal for the same file from the same session supersedes the first', async () => {
        const view = await startWithView();
        const a = await session();
        const b = await session();
        await client.callTool(a.id, 60, 'openDiff', { filePath: file('same.ts'), newContent: 'one' });
        await client.callTool(b.id, 61, 'openDiff', { filePath: file('same.ts'), newContent: 'from b' });
        await client.callTool(a.id, 62, 'openDiff', { filePath: file('same.ts'), newContent: 'two' });
        assert.deepStrictEqual((await a.stream.waitFor(m => m.method === 'ide/diffRejected')).params, { filePath: file('same.ts') });
        assert.deepStrictEqual(view.closed, [view.shown[0].id]);
        assert.deepStrictEqual(endpoint.pendingDiffs().map(d => d.newContent).sort(), ['from b', 'two']);
    });
});
