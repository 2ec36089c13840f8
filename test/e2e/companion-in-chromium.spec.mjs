// The Theia extension end to end: the built browser-app in Chromium, the real Gemini CLI IdeClient
// in a child process with the environment a Theia terminal gives it. Run from test/:
//   npx mocha --exit --timeout 240000 e2e/companion-in-chromium.spec.mjs
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import {
    MOD, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree
} from '../support/theia-app.mjs';

const ALPHA = [
    '// alpha: the file the user selects in',
    'export const first = 1;',
    'export const second = 2;',
    ''
].join('\n');
const BETA = 'export const beta = "b";\n';
const GAMMA = 'export const gamma = "only in folder two";\n';

/** Line 3 of ALPHA from its first column: what the test selects with the keyboard. */
const SELECTION = { line: 3, text: 'export const second' };

/** A released window server waits this long for its window (a reload) before it gives up; short for the test. */
const RELOAD_GRACE_MS = 3000;

describe('Theia companion in Chromium with the real Gemini CLI IdeClient', function () {
    this.timeout(240_000);

    let root;
    let folder1;
    let folder2;
    let backend;
    let browser;
    /** @type {TheiaWindow[]} */
    const windows = [];
    /** @type {IdeClientProcess[]} */
    const clients = [];
    let window1;
    /** The port of the server the backend starts before any window connects. */
    let startupPort;

    before(async function () {
        root = makeTempRoot();
        folder1 = writeTree(path.join(root, 'folder-one'), { 'src/alpha.ts': ALPHA, 'src/beta.ts': BETA });
        folder2 = writeTree(path.join(root, 'folder-two'), { 'lib/gamma.ts': GAMMA });
        backend = await TheiaBackend.start({ root, workspace: folder1, env: { AI_CLI_COMPANION_RELOAD_GRACE_MS: String(RELOAD_GRACE_MS) } });
        // The startup server's file exists before any window connects (a CLI may start first).
        startupPort = (await backend.waitForDiscoveryFile([folder1])).port;
        browser = await launchChromium();
    });

    after(async function () {
        await Promise.allSettled(clients.map(client => client.stop()));
        await Promise.allSettled(windows.map(window => window.close()));
        await browser?.close().catch(() => undefined);
        await backend?.stop();
        removeTempRoot(root);
    });

    async function openWindow(folder) {
        const window = await TheiaWindow.open(browser, backend, folder);
        windows.push(window);
        return window;
    }

    /** A connected IdeClient as a CLI started in `folder` from a terminal of the window owning `discovery` would have it. */
    async function startClient(folder, discovery) {
        const client = await IdeClientProcess.start({ cwd: folder, env: backend.ideClientEnv(discovery) });
        clients.push(client);
        const state = await client.request('connect');
        assert.equal(state.status, 'connected', `IdeClient did not connect: ${JSON.stringify(state)}\n${client.output}`);
        assert.equal(state.diffing, true, 'the server offers openDiff and closeDiff');
        return client;
    }

    /** Starts an openDiff and keeps its outcome observable without an unhandled rejection. */
    function startDiff(client, filePath, newContent) {
        const diff = { settled: false, outcome: undefined, error: undefined };
        diff.promise = client.request('openDiff', { filePath, newContent }).then(
            outcome => Object.assign(diff, { settled: true, outcome }),
            error => Object.assign(diff, { settled: true, error }));
        return diff;
    }

    /** The decision the CLI received; fails (with diagnostics, before mocha's timeout) if none comes. */
    async function outcomeOf(diff, timeout = 60_000) {
        let timer;
        const expired = new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`openDiff did not resolve within ${timeout} ms`)), timeout);
        });
        try {
            await Promise.race([diff.promise, expired]);
        } finally {
            clearTimeout(timer);
        }
        if (diff.error) {
            throw diff.error;
        }
        return diff.outcome;
    }

    function diffNotifications(client) {
        return client.events.filter(e => e.event === 'notification' && /^ide\/diff/.test(e.method));
    }

    async function diagnostics() {
        const parts = [];
        for (const window of windows) {
            parts.push(`--- console errors of the page on ${window.folder} ---\n${window.consoleErrors.slice(-30).join('\n') || '(none)'}`);
        }
        clients.forEach((client, index) => parts.push(
            `--- IdeClient ${index} (last events) ---\n${JSON.stringify(client.events.slice(-8), undefined, 1)}\n${client.output.slice(-3000)}`));
        parts.push(`--- discovery files ---\n${JSON.stringify(backend?.discoveryFiles(), undefined, 1)}`);
        parts.push(backend?.logTail(80) ?? '(no backend)');
        return parts.join('\n');
    }

    /** Appends the pages' console errors, the clients' events and the backend log to a failure. */
    function withDiagnostics(test) {
        return async function () {
            try {
                await test.call(this);
            } catch (error) {
                const details = await diagnostics().catch(e => `(no diagnostics: ${e})`);
                if (error instanceof Error) {
                    error.message = `${error.message}\n${details}`;
                    throw error;
                }
                throw new Error(`${String(error)}\n${details}`);
            }
        };
    }

    function assertUnchangedOnDisk(file, content) {
        assert.equal(fs.readFileSync(file, 'utf8'), content, `${file} must never be written by the IDE`);
    }

    describe('one window', function () {
        let client;
        let alphaPath;
        let betaPath;

        before(withDiagnostics(async function () {
            alphaPath = path.join(folder1, 'src', 'alpha.ts');
            betaPath = path.join(folder1, 'src', 'beta.ts');
            window1 = await openWindow(folder1);
            // The first window adopts the backend's startup server: still one file, on folder 1.
            const discovery = await backend.waitForDiscoveryFile([folder1]);
            assert.equal(backend.discoveryFiles().length, 1, 'one window, one discovery file');
            client = await startClient(folder1, discovery);
        }));

        it('a) the IdeClient sees the two open files, the active one with its cursor and selection', withDiagnostics(async function () {
            await window1.openFile('src/alpha.ts');
            await window1.openFile('src/beta.ts');
            // alpha.ts was opened first: focusing it again makes it the most recent and active file.
            await window1.focusEditorTab('alpha.ts');
            await window1.selectInActiveEditor(SELECTION.line, SELECTION.text.length);

            const context = await client.waitForContext(
                c => c.workspaceState?.openFiles?.some(f => f.isActive && f.selectedText === SELECTION.text), 30_000);
            const files = context.workspaceState.openFiles;
            assert.deepEqual(files.map(f => f.path).sort(), [alphaPath, betaPath].sort(), 'exactly the two open files');
            const [active, other] = files;
            assert.equal(active.path, alphaPath, 'the focused file comes first');
            assert.equal(active.isActive, true);
            // 1-based: line 3, and the caret after the 19 selected characters is in column 20.
            assert.deepEqual(active.cursor, { line: SELECTION.line, character: SELECTION.text.length + 1 });
            assert.equal(active.selectedText, SELECTION.text);
            assert.equal(other.path, betaPath);
            assert.ok(!other.isActive, 'only the focused file is active');
            assert.equal(other.cursor, undefined, 'an inactive file has no cursor');
            assert.equal(other.selectedText, undefined, 'an inactive file has no selection');
            assert.ok(active.timestamp > other.timestamp, 'most recent first');

            // The client's store holds the same (nothing newer undid it).
            const stored = await client.request('context');
            assert.deepEqual(stored.workspaceState.openFiles.map(f => [f.path, !!f.isActive, f.selectedText]),
                [[alphaPath, true, SELECTION.text], [betaPath, false, undefined]]);
        }));

        it('b) openDiff: ✓ accepts, Ctrl+S accepts the edited text, closing the tab rejects, closeDiff is silent', withDiagnostics(async function () {
            const label = 'src/alpha.ts'; // workspace-relative: two index.ts are told apart
            const proposal1 = ALPHA.replace('first = 1', 'first = 100') + 'export const third = 3; // proposal one\n';

            // 1. ✓ in the toolbar.
            let diff = startDiff(client, alphaPath, proposal1);
            await window1.diffTab(label).waitFor({ state: 'visible', timeout: 30_000 });
            await window1.diffEditor().waitFor({ state: 'visible', timeout: 30_000 });
            await window1.acceptButton().waitFor({ state: 'visible', timeout: 30_000 });
            await window1.rejectButton().waitFor({ state: 'visible', timeout: 30_000 });
            await waitUntil(async () => (await window1.renderedText(window1.modifiedEditor())).includes('proposal one'),
                { timeout: 30_000, what: 'the proposal on the right side' });
            assert.ok(!(await window1.renderedText(window1.originalEditor())).includes('proposal one'),
                'the left side is the file on disk');
            await window1.dismissHover();
            await window1.screenshot('diff-editor.png');
            assert.equal(diff.settled, false, 'openDiff waits for the user');
            await window1.acceptButton().click();
            assert.deepEqual(await outcomeOf(diff), { status: 'accepted', content: proposal1 });
            await window1.diffTab(label).waitFor({ state: 'detached', timeout: 30_000 });
            assertUnchangedOnDisk(alphaPath, ALPHA);

            // 2. The user edits the proposal, then Ctrl+S.
            const proposal2 = ALPHA.replace('second = 2', 'second = 200');
            const typed = 'const userEdit = 42;';
            diff = startDiff(client, alphaPath, proposal2);
            await window1.diffTab(label).waitFor({ state: 'visible', timeout: 30_000 });
            await waitUntil(async () => (await window1.renderedText(window1.modifiedEditor())).includes('second = 200'),
                { timeout: 30_000, what: 'the second proposal on the right side' });
            await window1.modifiedEditor().locator('.view-lines').click();
            await window1.page.keyboard.press(`${MOD}+End`);
            await window1.page.keyboard.type(typed);
            await waitUntil(async () => (await window1.renderedText(window1.modifiedEditor())).includes(typed),
                { timeout: 15_000, what: 'the typed text in the proposal' });
            await window1.page.keyboard.press('Escape'); // a word-completion popup, if any
            await window1.page.keyboard.press(`${MOD}+S`);
            assert.deepEqual(await outcomeOf(diff), { status: 'accepted', content: proposal2 + typed });
            await window1.diffTab(label).waitFor({ state: 'detached', timeout: 30_000 });
            assertUnchangedOnDisk(alphaPath, ALPHA);

            // 3. Closing the tab is a rejection, with no "save changes?" question.
            diff = startDiff(client, alphaPath, ALPHA + '// proposal three\n');
            await window1.diffTab(label).waitFor({ state: 'visible', timeout: 30_000 });
            await window1.closeTab(`${label} ↔ proposed by Gemini CLI`);
            assert.deepEqual(await outcomeOf(diff), { status: 'rejected' });
            await window1.diffTab(label).waitFor({ state: 'detached', timeout: 30_000 });
            assert.equal(await window1.page.locator('.dialogOverlay').filter({ visible: true }).count(), 0, 'no dialog');
            assertUnchangedOnDisk(alphaPath, ALPHA);

            // 4. The CLI closes the diff itself: it gets the content back and no notification.
            const proposal4 = ALPHA + '// proposal four\n';
            const notificationsBefore = diffNotifications(client).length;
            diff = startDiff(client, alphaPath, proposal4);
            await window1.diffTab(label).waitFor({ state: 'visible', timeout: 30_000 });
            const closed = await client.request('closeDiff', { filePath: alphaPath });
            assert.equal(closed, proposal4, 'closeDiff returns the right side');
            await window1.diffTab(label).waitFor({ state: 'detached', timeout: 30_000 });
            // Barrier: a context update sent after the close arrives on the same stream after any
            // notification the close could have caused.
            await window1.focusEditorTab('beta.ts');
            await client.waitForContext(c => c.workspaceState?.openFiles?.[0]?.path === betaPath
                && c.workspaceState.openFiles[0].isActive === true, 30_000);
            assert.deepEqual(diffNotifications(client).slice(notificationsBefore), [], 'closeDiff sends no diff notification');
            assert.equal(diff.settled, false, `the pending openDiff must not resolve: ${JSON.stringify(diff.outcome ?? diff.error?.message)}`);
            assertUnchangedOnDisk(alphaPath, ALPHA);
            // This client's openDiff stays pending (it holds the client's diff mutex): no more diffs from it.
        }));
    });

    describe('two windows on two folders', function () {
        let window2;
        let gammaPath;

        before(withDiagnostics(async function () {
            assert.ok(window1, 'the one-window tests opened window 1');
            gammaPath = path.join(folder2, 'lib', 'gamma.ts');
            window2 = await openWindow(folder2);
        }));

        it('c) each window has its own server and files; clients see only their window', withDiagnostics(async function () {
            const discovery1 = await backend.waitForDiscoveryFile([folder1]);
            const discovery2 = await backend.waitForDiscoveryFile([folder2]);
            assert.equal(backend.discoveryFiles().length, 2, 'one Gemini discovery file per window');
            assert.notEqual(discovery1.port, discovery2.port, 'each window has its own server');
            assert.notEqual(discovery1.content.authToken, discovery2.content.authToken, 'and its own token');
            assert.equal(discovery1.content.port, discovery1.port);
            assert.equal(discovery2.content.port, discovery2.port);
            const locks = await waitUntil(() => {
                const found = backend.qwenLockFiles();
                return found.length === 2 && found;
            }, { timeout: 30_000, what: 'two Qwen lock files' });
            assert.deepEqual(locks.map(l => [l.port, l.content.workspacePath]).sort((a, b) => a[0] - b[0]),
                [[discovery1.port, folder1], [discovery2.port, folder2]].sort((a, b) => a[0] - b[0]));

            await window2.openFile('lib/gamma.ts');
            const client2 = await startClient(folder2, discovery2);
            const context2 = await client2.waitForContext(c => c.workspaceState?.openFiles?.length > 0, 30_000);
            assert.deepEqual(context2.workspaceState.openFiles.map(f => [f.path, f.isActive]), [[gammaPath, true]],
                'window 2 shows only its own file');

            // Window 1's files are unchanged by window 2; a client started in folder 1 sees only them.
            const client1 = await startClient(folder1, discovery1);
            const context1 = await client1.waitForContext(c => c.workspaceState?.openFiles?.length > 0, 30_000);
            assert.deepEqual(context1.workspaceState.openFiles.map(f => f.path).sort(),
                [path.join(folder1, 'src', 'alpha.ts'), path.join(folder1, 'src', 'beta.ts')].sort());
            const seen1 = client1.events.filter(e => e.event === 'context' && e.context)
                .flatMap(e => e.context.workspaceState?.openFiles ?? []).map(f => f.path);
            assert.ok(!seen1.includes(gammaPath), 'client 1 never sees window 2\'s file');

            // A diff from client 2 shows in window 2 only.
            const proposal = GAMMA + '// proposed through window two\n';
            const diff = startDiff(client2, gammaPath, proposal);
            await window2.diffTab('lib/gamma.ts').waitFor({ state: 'visible', timeout: 30_000 });
            await window2.rejectButton().waitFor({ state: 'visible', timeout: 30_000 });
            assert.equal(await window1.page.locator('#theia-main-content-panel .monaco-diff-editor').count(), 0,
                'window 1 shows no diff editor');
            assert.equal(await window1.diffTab('lib/gamma.ts').count(), 0, 'window 1 has no diff tab');
            assert.equal(diff.settled, false, 'openDiff waits for the user');
            await window2.rejectButton().click();
            assert.deepEqual(await outcomeOf(diff), { status: 'rejected' });
            await window2.diffTab('lib/gamma.ts').waitFor({ state: 'detached', timeout: 30_000 });
            assertUnchangedOnDisk(gammaPath, GAMMA);
            assert.deepEqual(diffNotifications(client1), [], 'client 1 gets no notification for client 2\'s diff');
        }));

        it('d) the startup server outlives window 1: once the window has not come back, its open diff is rejected, its files leave the context, the next window adopts it', withDiagnostics(async function () {
            const startup = await backend.waitForDiscoveryFile([folder1]);
            assert.equal(startup.port, startupPort, 'window 1 had adopted the startup server');
            const client = await startClient(folder1, startup);
            await client.waitForContext(c => c.workspaceState?.openFiles?.length === 2, 30_000);

            // A diff still open when its window goes for good (no reload within the grace) can never be decided: the CLI hears "rejected".
            const alphaPath = path.join(folder1, 'src', 'alpha.ts');
            const orphan = startDiff(client, alphaPath, ALPHA + '// left open when the window closes\n');
            await window1.diffTab('src/alpha.ts').waitFor({ state: 'visible', timeout: 30_000 });

            await window1.close();
            windows.splice(windows.indexOf(window1), 1);
            assert.deepEqual(await outcomeOf(orphan), { status: 'rejected' });
            assertUnchangedOnDisk(alphaPath, ALPHA);
            // No window shows those editors any more: a CLI must not keep offering them as context.
            await client.waitForContext(c => c.workspaceState?.openFiles?.length === 0, 30_000);
            assert.deepEqual(backend.discoveryFiles().map(f => f.port).sort(), [startupPort, (await backend.waitForDiscoveryFile([folder2])).port].sort(),
                'the startup server keeps its file while no window holds it');

            // A new window on folder 1 (no editors open, not a reload) adopts the freed startup server; the same client gets its diffs.
            const window3 = await openWindow(folder1);
            const adopted = await backend.waitForDiscoveryFile([folder1]);
            assert.equal(adopted.port, startupPort, 'the next window adopts the startup server');
            assert.equal(backend.discoveryFiles().length, 2, 'still one file per window');
            const betaPath = path.join(folder1, 'src', 'beta.ts');
            const proposal = BETA + '// proposed to the window that adopted the server\n';
            const diff = startDiff(client, betaPath, proposal);
            await window3.diffTab('src/beta.ts').waitFor({ state: 'visible', timeout: 30_000 });
            await window3.acceptButton().click();
            assert.deepEqual(await outcomeOf(diff), { status: 'accepted', content: proposal });
            assertUnchangedOnDisk(betaPath, BETA);
        }));
    });
});
