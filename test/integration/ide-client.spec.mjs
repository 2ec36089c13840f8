// The real Gemini CLI IdeClient (@google/gemini-cli-core) against the companion server.
import assert from 'node:assert/strict';
import path from 'node:path';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { RecordingDiffView, startTestEndpoint } from '../support/test-endpoint.mjs';
import { CliHome } from '../support/cli-home.mjs';

describe('real IdeClient against the companion server', function () {
    let sandbox, endpoint, view;
    const clients = [];

    async function startClient(env = endpoint.terminalEnv()) {
        const client = await IdeClientProcess.start({ cwd: sandbox.workspace, env: sandbox.processEnv(env) });
        clients.push(client);
        return client;
    }

    beforeEach(async () => {
        sandbox = CliHome.create();
        endpoint = await startTestEndpoint({ host: sandbox.host, roots: [sandbox.workspace], trusted: true });
        view = new RecordingDiffView();
        endpoint.attachView(view);
    });

    afterEach(async () => {
        await Promise.all(clients.splice(0).map(c => c.stop()));
        await endpoint.stop();
        sandbox.cleanup();
    });

    it('connects, detects Eclipse Theia and enables diffing (both tools listed)', async () => {
        const client = await startClient();
        const state = await client.request('connect');
        assert.deepEqual(state, { status: 'connected', details: null, ide: 'Eclipse Theia', diffing: true });
        assert.deepEqual(endpoint.status().sessions.map(s => s.clientId), ['gemini']);
    });

    it('delivers the first context on connect and later updates to the context store', async () => {
        const file = path.join(sandbox.workspace, 'a.ts');
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: file, timestamp: 1, isActive: true, cursor: { line: 2, character: 5 }, selectedText: 'sel' }] } });
        const client = await startClient();
        await client.request('connect');
        const first = await client.waitForContext(c => c.workspaceState?.openFiles?.length === 1);
        assert.deepEqual(first.workspaceState, {
            openFiles: [{ path: file, timestamp: 1, isActive: true, cursor: { line: 2, character: 5 }, selectedText: 'sel' }],
            isTrusted: true
        });
        const other = path.join(sandbox.workspace, 'b.ts');
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: other, timestamp: 5, isActive: true }, { path: file, timestamp: 1 }] } });
        const second = await client.waitForContext(c => c.workspaceState?.openFiles?.[0]?.path === other);
        assert.deepEqual(second.workspaceState.openFiles.map(f => f.path), [other, file]);
    });

    it('round-trips openDiff (accepted with the user\'s text) and closeDiff (JSON content, no notification)', async () => {
        const client = await startClient();
        await client.request('connect');
        const filePath = path.join(sandbox.workspace, 'dir', '..', 'x.ts'); // echoed verbatim, never normalised
        const pending = client.request('openDiff', { filePath, newContent: 'proposal' });
        const first = await view.waitFor(filePath);
        assert.equal(first.clientId, 'gemini');
        assert.equal(first.editorPath, path.join(sandbox.workspace, 'x.ts'));
        assert.deepEqual(await endpoint.resolveDiff(first.id, { accepted: true, content: 'proposal + user edit' }), { delivered: true });
        assert.deepEqual(await pending, { status: 'accepted', content: 'proposal + user edit' });

        const rejected = client.request('openDiff', { filePath, newContent: 'second' });
        await endpoint.resolveDiff((await view.waitFor(filePath, 2)).id, { accepted: false });
        assert.deepEqual(await rejected, { status: 'rejected' });

        let thirdSettled = false;
        const third = client.request('openDiff', { filePath, newContent: 'third' });
        third.finally(() => { thirdSettled = true; });
        const shown = await view.waitFor(filePath, 3);
        view.edits.set(shown.id, 'third (edited)');
        assert.equal(await client.request('closeDiff', { filePath, options: { suppressNotification: true } }), 'third (edited)');
        // A notification sent by closeDiff would arrive before this later context: wait for the context, not a clock.
        const marker = path.join(sandbox.workspace, 'after-close-diff.ts');
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: marker, timestamp: Date.now() }] } });
        await client.waitForContext(c => c.workspaceState?.openFiles?.[0]?.path === marker);
        assert.equal(thirdSettled, false, 'closeDiff must not send a diff notification');
    });

    it('two CLIs at once each get their own replies', async () => {
        const [one, two] = await Promise.all([startClient(), startClient()]);
        await Promise.all([one.request('connect'), two.request('connect')]);
        const fileOne = path.join(sandbox.workspace, 'one.ts');
        const fileTwo = path.join(sandbox.workspace, 'two.ts');
        const results = Promise.all([
            one.request('openDiff', { filePath: fileOne, newContent: '1' }),
            two.request('openDiff', { filePath: fileTwo, newContent: '2' })
        ]);
        const [diffOne, diffTwo] = [await view.waitFor(fileOne), await view.waitFor(fileTwo)];
        assert.notEqual(diffOne.sessionId, diffTwo.sessionId);
        await endpoint.resolveDiff(diffTwo.id, { accepted: true, content: 'two accepted' });
        await endpoint.resolveDiff(diffOne.id, { accepted: true, content: 'one accepted' });
        assert.deepEqual(await results, [{ status: 'accepted', content: 'one accepted' }, { status: 'accepted', content: 'two accepted' }]);
    });

    it('with no window attached, openDiff fails with a clear error and the client stays connected', async () => {
        endpoint.detachView(false);
        const client = await startClient();
        await client.request('connect');
        const result = await client.request('openDiff', { filePath: path.join(sandbox.workspace, 'x.ts'), newContent: 'y' })
            .then(value => ({ value }), error => ({ error: error.message }));
        assert.match(JSON.stringify(result), /no editor window is open/);
        assert.equal((await client.request('describe')).status, 'connected');
    });

    it('refuses a CLI started outside the workspace with the client\'s own mismatch message', async () => {
        const outside = await IdeClientProcess.start({ cwd: sandbox.home, env: sandbox.processEnv(endpoint.terminalEnv()) });
        clients.push(outside);
        const state = await outside.request('connect');
        assert.equal(state.status, 'disconnected');
        assert.match(state.details, /Directory mismatch/);
    });
});
