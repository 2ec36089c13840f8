// The real Gemini CLI IdeClient (@google/gemini-cli-core) against the companion server.
import assert from 'node:assert/strict';
import path from 'node:path';
import { CompanionEndpoint } from '@ai-cli-companion/core';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { CliHome } from '../support/cli-home.mjs';

describe('real IdeClient against the companion server', function () {
    let sandbox, endpoint, diffs;
    const clients = [];

    async function startClient(env = endpoint.terminalEnv()) {
        const client = await IdeClientProcess.start({ cwd: sandbox.workspace, env: sandbox.processEnv(env) });
        clients.push(client);
        return client;
    }

    beforeEach(async () => {
        sandbox = CliHome.create();
        endpoint = new CompanionEndpoint({ host: sandbox.host });
        await endpoint.start();
        endpoint.setWorkspace({ roots: [sandbox.workspace], trusted: true });
        diffs = [];
        endpoint.setDiffHandler({
            openDiff: async request => { diffs.push(request); },
            closeDiff: async ({ filePath }) => diffs.findLast(d => d.filePath === filePath)?.newContent + ' (edited)'
        });
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
        await waitForDiff(filePath);
        assert.equal(diffs[0].clientId, 'gemini');
        assert.ok(endpoint.sendDiffAccepted(diffs[0].sessionId, filePath, 'proposal + user edit'));
        assert.deepEqual(await pending, { status: 'accepted', content: 'proposal + user edit' });

        const rejected = client.request('openDiff', { filePath, newContent: 'second' });
        await waitForDiff(filePath, 2);
        endpoint.sendDiffRejected(diffs[1].sessionId, filePath);
        assert.deepEqual(await rejected, { status: 'rejected' });

        const third = client.request('openDiff', { filePath, newContent: 'third' });
        await waitForDiff(filePath, 3);
        assert.equal(await client.request('closeDiff', { filePath, options: { suppressNotification: true } }), 'third (edited)');
        const raced = await Promise.race([third, new Promise(resolve => setTimeout(() => resolve('still pending'), 500))]);
        assert.equal(raced, 'still pending', 'closeDiff must not send a diff notification');
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
        await waitForDiff(fileOne);
        await waitForDiff(fileTwo);
        const sessionOf = file => diffs.find(d => d.filePath === file).sessionId;
        assert.notEqual(sessionOf(fileOne), sessionOf(fileTwo));
        endpoint.sendDiffAccepted(sessionOf(fileTwo), fileTwo, 'two accepted');
        endpoint.sendDiffAccepted(sessionOf(fileOne), fileOne, 'one accepted');
        assert.deepEqual(await results, [{ status: 'accepted', content: 'one accepted' }, { status: 'accepted', content: 'two accepted' }]);
    });

    it('with no window attached, openDiff fails with a clear error and the client stays connected', async () => {
        endpoint.setDiffHandler(undefined);
        const client = await startClient();
        await client.request('connect');
        const result = await client.request('openDiff', { filePath: path.join(sandbox.workspace, 'x.ts'), newContent: 'y' })
            .then(value => ({ value }), error => ({ error: error.message }));
        assert.match(JSON.stringify(result), /no Theia window is open/);
        assert.equal((await client.request('describe')).status, 'connected');
    });

    it('refuses a CLI started outside the workspace with the client\'s own mismatch message', async () => {
        const outside = await IdeClientProcess.start({ cwd: sandbox.home, env: sandbox.processEnv(endpoint.terminalEnv()) });
        clients.push(outside);
        const state = await outside.request('connect');
        assert.equal(state.status, 'disconnected');
        assert.match(state.details, /Directory mismatch/);
    });

    async function waitForDiff(filePath, count = 1) {
        const deadline = Date.now() + 10_000;
        while (diffs.filter(d => d.filePath === filePath).length < count) {
            assert.ok(Date.now() < deadline, `openDiff for ${filePath} never reached the provider`);
            await new Promise(resolve => setTimeout(resolve, 20));
        }
    }
});
