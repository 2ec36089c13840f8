// Never miss a review (issue 9 part 3): a proposal that opens while the window is unfocused raises a
// system notification naming the CLI and the file, clicking it brings the diff to front; while any
// proposal waits the status bar says so in its text; "Go to Pending Review" opens the oldest one.
// The real Gemini CLI IdeClient proposes the edits. Run from test/:
//   npx mocha --exit --timeout 240000 e2e/pending-review.spec.mjs
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { clickNotification, recordNotifications, recordedNotifications } from '../support/system-notifications.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';

describe('pending reviews: system notification, status bar text, Go to Pending Review', function () {
    this.timeout(240_000);
    // Gemini CLI's IdeClient opens one diff at a time, so each proposal comes from its own CLI session.
    let root, folder, backend, browser, window, otherPage, clients = [];

    before(async () => {
        root = makeTempRoot('pending-review-e2e-');
        folder = writeTree(path.join(root, 'workspace'), { 'src/app.ts': 'export const a = 1;\n', 'src/util.ts': 'export const u = 1;\n' });
        backend = await TheiaBackend.start({ root, workspace: folder });
        const discovery = await backend.waitForDiscoveryFile([folder]);
        browser = await launchChromium();
        window = await TheiaWindow.open(browser, backend, folder, {
            setup: async context => {
                await context.grantPermissions(['notifications'], { origin: backend.url });
                await context.addInitScript(recordNotifications);
            }
        });
        // Playwright tells every page it has focus; the real state is what this feature is about.
        const cdp = await window.context.newCDPSession(window.page);
        await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
        for (let i = 0; i < 2; i++) {
            const client = await IdeClientProcess.start({ cwd: folder, env: backend.ideClientEnv(discovery) });
            clients.push(client);
            assert.equal((await client.request('connect')).status, 'connected', client.output);
        }
    });

    after(async () => {
        await Promise.allSettled(clients.map(client => client.stop()));
        await window?.close();
        await browser?.close();
        await backend?.stop();
        removeTempRoot(root);
    });

    const notifications = () => recordedNotifications(window.page);
    const pendingText = () => window.page.evaluate(() => document.getElementById('status-bar-ai-cli-companion-pending-reviews')?.textContent?.trim() ?? '');
    const hasFocus = () => window.page.evaluate(() => document.hasFocus());

    function startDiff(client, relativePath, newContent) {
        const diff = { outcome: undefined };
        diff.promise = client.request('openDiff', { filePath: path.join(folder, relativePath), newContent }).then(outcome => { diff.outcome = outcome; return outcome; });
        return diff;
    }

    let first, second;

    it('a proposal in a focused window opens without a system notification, and the status bar counts it', async () => {
        await window.page.bringToFront();
        await waitUntil(hasFocus, { timeout: 10_000, what: 'the window to have focus' });
        first = startDiff(clients[0], 'src/app.ts', 'export const a = 2;\n');
        await window.diffTab('src/app.ts').waitFor({ state: 'visible', timeout: 30_000 });
        await waitUntil(async () => await pendingText() === 'Gemini CLI: 1 review pending',
            { timeout: 10_000, what: 'the pending review count in the status bar', diagnostics: async () => `status bar: "${await pendingText()}"` });
        // Barrier, not a wait: the notifier decides on onWillShow, before the editor opens, and with the
        // permission granted it creates the notification synchronously; the visible tab came later.
        assert.deepEqual(await notifications(), []);
    });

    it('a proposal while the window is in the background raises a notification naming the CLI and the file', async () => {
        otherPage = await window.context.newPage();
        await otherPage.setContent('<h1>another application</h1>');
        await otherPage.bringToFront();
        await waitUntil(async () => !await hasFocus(), { timeout: 10_000, what: 'the Theia window to lose focus' });
        second = startDiff(clients[1], 'src/util.ts', 'export const u = 2;\n');
        await waitUntil(async () => (await notifications()).length === 1, { timeout: 30_000, what: 'a system notification', diagnostics: () => window.diagnostics() });
        const [notification] = await notifications();
        assert.equal(notification.title, 'Gemini CLI proposes a change');
        assert.match(notification.body, /^src\/util\.ts: review it in Theia/);
        await waitUntil(async () => await pendingText() === 'Gemini CLI: 2 reviews pending', { timeout: 10_000, what: 'two pending reviews in the status bar' });
        await window.page.bringToFront();
        await window.dismissHover();
        await window.screenshot('pending-review.png');
    });

    it('Go to Pending Review opens the oldest proposal; clicking the notification brings its own diff to front', async () => {
        assert.equal(await window.currentTabLabel(), 'src/util.ts ↔ proposed by Gemini CLI');
        await window.runCommand('Go to Pending Review');
        await waitUntil(async () => await window.currentTabLabel() === 'src/app.ts ↔ proposed by Gemini CLI',
            { timeout: 10_000, what: 'the oldest review to be current', diagnostics: async () => `current: ${await window.currentTabLabel()}` });
        await otherPage.bringToFront();
        await clickNotification(window.page, 0);
        // A real click raises the browser window; Playwright cannot, so the test does that part.
        await window.page.bringToFront();
        await waitUntil(async () => await window.currentTabLabel() === 'src/util.ts ↔ proposed by Gemini CLI',
            { timeout: 10_000, what: 'the notification\'s diff to be current', diagnostics: async () => `current: ${await window.currentTabLabel()}` });
        assert.equal((await notifications())[0].closed, true, 'a clicked notification goes away');
    });

    it('the count follows the decisions and the status item goes once nothing waits', async () => {
        await window.page.bringToFront();
        await window.rejectButton().click();
        assert.equal((await second.promise).status, 'rejected');
        await waitUntil(async () => await pendingText() === 'Gemini CLI: 1 review pending', { timeout: 10_000, what: 'one pending review left' });
        await window.diffTab('src/app.ts').click();
        await window.acceptButton().click();
        assert.equal((await first.promise).status, 'accepted');
        await waitUntil(async () => await pendingText() === '', { timeout: 10_000, what: 'the pending status item to go' });
        await window.runCommand('Go to Pending Review');
        await window.page.locator('.theia-notification-message', { hasText: 'No proposed change is waiting for review.' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    });
});
