// A reload never disconnects a CLI, and a workspace opened through a symlink takes the CLI's real paths:
// the built browser-app in Chromium, the real Gemini CLI IdeClient in child processes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';

describe('reloads, symlinked workspaces and CLIs that go away, in Chromium with the real IdeClient', function () {
    this.timeout(240_000);

    let root, backend, browser;
    const cleanups = new CleanupStack({ stepTimeoutMs: 15_000 });

    before(async function () {
        root = makeTempRoot('theia-companion-reload-');
        writeTree(path.join(root, 'one'), { 'src/a.ts': 'export const a = 1;\n' });
        writeTree(path.join(root, 'two'), { 'b.ts': 'export const b = 2;\n' });
        writeTree(path.join(root, 'three'), { 'c.ts': 'export const c = 3;\n' });
        writeTree(path.join(root, 'four'), { 'src/old-name.ts': 'export {};\n', 'doomed.ts': 'export {};\n', 'stays.ts': 'export {};\n' });
        backend = await TheiaBackend.start({ root, workspace: path.join(root, 'one') });
        cleanups.push(() => backend.stop());
        browser = await launchChromium();
        cleanups.push(() => browser.close());
    });

    after(async function () {
        await cleanups.run();
        removeTempRoot(root);
    });

    async function openWindow(folder) {
        const window = await TheiaWindow.open(browser, backend, folder);
        cleanups.push(() => window.close());
        return window;
    }

    async function startClient(cwd, discovery) {
        const client = await IdeClientProcess.start({ cwd, env: backend.ideClientEnv(discovery) });
        cleanups.push(() => client.stop());
        const state = await client.request('connect');
        assert.equal(state.status, 'connected', `IdeClient did not connect: ${JSON.stringify(state)}\n${client.output}`);
        return client;
    }

    function startDiff(client, filePath, newContent) {
        const diff = { settled: false };
        diff.promise = client.request('openDiff', { filePath, newContent })
            .then(outcome => Object.assign(diff, { settled: true, outcome }), error => Object.assign(diff, { settled: true, error }));
        return diff;
    }

    const streamsLost = () => (backend.log.match(/lost its event stream/g) ?? []).length;
    const disconnects = client => client.events.filter(e => e.event === 'status' && e.status === 'disconnected');

    it('after a reload, the first window and a later one keep their server, their connected CLIs and their pending diffs', async function () {
        const one = path.join(root, 'one');
        const two = path.join(root, 'two');
        const window1 = await openWindow(one);
        const window2 = await openWindow(two);
        const before1 = await backend.waitForDiscoveryFile([one]);
        const before2 = await backend.waitForDiscoveryFile([two]);
        const client1 = await startClient(one, before1);
        const client2 = await startClient(two, before2);
        const diff1 = startDiff(client1, path.join(one, 'src', 'a.ts'), 'export const a = 100;\n');
        const diff2 = startDiff(client2, path.join(two, 'b.ts'), 'export const b = 200;\n');
        await window1.diffTab('src/a.ts').waitFor({ state: 'visible', timeout: 30_000 });
        await window2.diffTab('b.ts').waitFor({ state: 'visible', timeout: 30_000 });

        for (const window of [window1, window2]) {
            await window.page.reload();
            await window.waitForShell(120_000);
        }

        const after1 = await backend.waitForDiscoveryFile([one]);
        const after2 = await backend.waitForDiscoveryFile([two]);
        assert.deepEqual([after1.port, after1.content.authToken], [before1.port, before1.content.authToken], 'window 1 kept its server');
        assert.deepEqual([after2.port, after2.content.authToken], [before2.port, before2.content.authToken], 'window 2 kept its server');
        assert.equal(backend.discoveryFiles().length, 2, 'no extra server for the reloaded pages');

        // The proposals live in the backend: they reopen, and the CLIs, still waiting, get the decision.
        await window1.diffTab('src/a.ts').waitFor({ state: 'visible', timeout: 30_000 });
        await window2.diffTab('b.ts').waitFor({ state: 'visible', timeout: 30_000 });
        assert.equal(diff1.settled || diff2.settled, false, 'nothing was answered during the reload');
        await window1.acceptButton().click();
        assert.deepEqual(await diff1.promise.then(() => diff1.outcome), { status: 'accepted', content: 'export const a = 100;\n' });
        await window2.rejectButton().click();
        assert.deepEqual(await diff2.promise.then(() => diff2.outcome), { status: 'rejected' });

        assert.deepEqual(disconnects(client1), [], `client 1 was disconnected: ${client1.output}`);
        assert.deepEqual(disconnects(client2), [], `client 2 was disconnected: ${client2.output}`);
        assert.equal((await client2.request('describe')).status, 'connected');

        // And the reloaded window serves new proposals as before.
        const next = startDiff(client2, path.join(two, 'b.ts'), 'export const b = 300;\n');
        await window2.diffTab('b.ts').waitFor({ state: 'visible', timeout: 30_000 });
        await window2.acceptButton().click();
        assert.deepEqual(await next.promise.then(() => next.outcome), { status: 'accepted', content: 'export const b = 300;\n' });
        // Closed now to free the CPU; closing again in the cleanup is harmless.
        for (const window of [window1, window2]) {
            await window.close();
        }
    });

    it('a workspace opened through a symlink accepts the CLI\'s real paths, titles them relative, and refuses escapes', async function () {
        const real = writeTree(path.join(root, 'real-project'), { 'src/index.ts': 'export {};\n', 'lib/index.ts': 'export {};\n' });
        const linked = path.join(root, 'linked-project');
        fs.symlinkSync(real, linked);
        const window = await openWindow(linked);
        const discovery = await backend.waitForDiscoveryFile([linked]);
        // The CLI runs where getcwd() says: the real path.
        const client = await startClient(real, discovery);

        const diff = startDiff(client, path.join(real, 'src', 'index.ts'), 'export const fromCli = 1;\n');
        await window.diffTab('src/index.ts').waitFor({ state: 'visible', timeout: 30_000 });
        await window.screenshot('diff-relative-title.png');
        await window.acceptButton().click();
        assert.deepEqual(await diff.promise.then(() => diff.outcome), { status: 'accepted', content: 'export const fromCli = 1;\n' });

        for (const escape of [`${real}/../../outside.ts`, path.join(linked, '..', 'outside.ts')]) {
            const refused = await client.request('openDiff', { filePath: escape, newContent: 'x' })
                .then(value => ({ value }), error => ({ error: error.message }));
            assert.match(JSON.stringify(refused), /outside the workspace folders/, escape);
        }
        assert.equal(await window.page.locator('#theia-main-content-panel .monaco-diff-editor').count(), 0, 'no diff opened for an escape');
        assert.equal((await client.request('describe')).status, 'connected');
    });

    it('the context follows a rename and a delete made in Theia, with no stale entry', async function () {
        const four = path.join(root, 'four');
        const window = await openWindow(four);
        const client = await startClient(four, await backend.waitForDiscoveryFile([four]));
        for (const file of ['stays.ts', 'doomed.ts', 'src/old-name.ts']) {
            await window.openFile(file);
        }
        const paths = context => (context.workspaceState?.openFiles ?? []).map(f => f.path).sort();
        const all = [path.join(four, 'doomed.ts'), path.join(four, 'src', 'old-name.ts'), path.join(four, 'stays.ts')];
        await client.waitForContext(c => JSON.stringify(paths(c)) === JSON.stringify(all), 30_000);

        await window.fileOperation('move', 'src', 'lib');
        const renamed = await client.waitForContext(c => paths(c).includes(path.join(four, 'lib', 'old-name.ts')), 30_000);
        assert.ok(!paths(renamed).includes(path.join(four, 'src', 'old-name.ts')), 'the old path is gone');
        await window.fileOperation('delete', 'doomed.ts');
        // (The client's event log holds every context since connecting: match only the state after the delete.)
        const deleted = await client.waitForContext(c => paths(c).includes(path.join(four, 'lib', 'old-name.ts'))
            && !paths(c).includes(path.join(four, 'doomed.ts')), 30_000);
        assert.deepEqual(paths(deleted), [path.join(four, 'lib', 'old-name.ts'), path.join(four, 'stays.ts')]);

        // Closing the renamed file's editor removes it: the tracker finds it under its new path.
        await window.closeTab('old-name.ts');
        const closed = await client.waitForContext(c => paths(c).includes(path.join(four, 'stays.ts'))
            && !paths(c).some(p => p.endsWith('old-name.ts')), 30_000);
        assert.deepEqual(paths(closed), [path.join(four, 'stays.ts')]);
    });

    it('a decision that cannot reach its CLI any more is reported, and the proposal can be copied', async function () {
        const three = path.join(root, 'three');
        const window = await openWindow(three);
        await window.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: backend.url });
        const client = await startClient(three, await backend.waitForDiscoveryFile([three]));
        const proposal = 'export const c = 333; // approved after the CLI died\n';
        startDiff(client, path.join(three, 'c.ts'), proposal);
        await window.diffTab('c.ts').waitFor({ state: 'visible', timeout: 30_000 });
        const lostBefore = streamsLost();
        client.child.kill('SIGKILL'); // the CLI dies with the review open
        // The user decides after the server has seen the CLI's stream go (not in the same millisecond as the kill).
        await waitUntil(() => streamsLost() > lostBefore, { timeout: 30_000, what: 'the backend to see the event stream close' });
        await window.acceptButton().click();
        const notice = window.page.locator('.theia-notification-list-item')
            .filter({ hasText: 'Gemini CLI is no longer connected; the proposal was not applied.', visible: true });
        await notice.waitFor({ state: 'visible', timeout: 30_000 });
        await window.screenshot('undelivered-decision.png');
        await notice.getByRole('button', { name: 'Copy Proposal' }).click();
        await waitForClipboard(window, proposal);
        await window.diffTab('c.ts').waitFor({ state: 'detached', timeout: 30_000 });
        assert.equal(fs.readFileSync(path.join(three, 'c.ts'), 'utf8'), 'export const c = 3;\n', 'the IDE never writes the file');
    });
});

async function waitForClipboard(window, expected) {
    const deadline = Date.now() + 15_000;
    let text;
    while (Date.now() < deadline) {
        text = await window.page.evaluate(() => navigator.clipboard.readText()).catch(error => `(unreadable: ${error})`);
        if (text === expected) {
            return;
        }
        await new Promise(resolve => setTimeout(resolve, 200));
    }
    assert.equal(text, expected, 'the clipboard holds the proposal');
}
