// A chat permission question is never missed (issue 14 part 5), in Chromium: one that arrives while the
// Theia window is in the background raises a system notification naming the agent and the tool call,
// and counts in the companion's pending-review status item; clicking the notification brings the
// asking chat back (its view had been closed, another chat made current) with the question's buttons;
// answering withdraws the notification and the count. The question comes from an ACP agent written in
// the test, held back by a flag file until the window has lost focus.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { clickNotification, recordNotifications, recordedNotifications } from '../support/system-notifications.mjs';
import { TheiaChat } from '../support/theia-chat.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');

describe('a chat permission question while the window is in the background', function () {
    let browser, root, backend, window, chat, workspace, otherPage;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        root = makeTempRoot('acp-chat-question-');
        cleanup.push(() => removeTempRoot(root));
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n' });
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: { 'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT] }] }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace, {
            setup: async context => {
                await context.grantPermissions(['notifications'], { origin: backend.url });
                await context.addInitScript(recordNotifications);
            }
        });
        cleanup.push(() => window.close());
        // Playwright tells every page it has focus; the real state is what this feature is about.
        const cdp = await window.context.newCDPSession(window.page);
        await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
        chat = new TheiaChat(window);
        await chat.open();
    });

    const notifications = () => recordedNotifications(window.page);
    const pendingText = () => window.page.evaluate(() => document.getElementById('status-bar-ai-cli-companion-pending-reviews')?.textContent?.trim() ?? '');
    const hasFocus = () => window.page.evaluate(() => document.hasFocus());
    const target = () => path.join(workspace, 'asked.txt');
    const flag = () => path.join(root, 'ask-now');

    it('a question that arrives while the window is unfocused raises a notification and counts in the status bar', async () => {
        await chat.send(`@TinyAgent after ${flag()} write ${target()} written after asking`);
        await chat.waitForText(`Thinking about: after ${flag()}`);
        // The asking chat out of sight: another chat is current and the chat view is closed.
        await chat.newSession();
        await window.runCommand('View: Toggle AI Chat');
        await waitUntil(async () => !await chat.view.isVisible(), { what: 'the chat view to close', timeout: 10_000 });
        otherPage = await window.context.newPage();
        await otherPage.setContent('<h1>another application</h1>');
        await otherPage.bringToFront();
        await waitUntil(async () => !await hasFocus(), { timeout: 10_000, what: 'the Theia window to lose focus' });

        fs.writeFileSync(flag(), '');
        await waitUntil(async () => (await notifications()).length === 1,
            { timeout: 30_000, what: 'a system notification', diagnostics: async () => `status bar: "${await pendingText()}"\n${await window.diagnostics()}` });
        const [notification] = await notifications();
        assert.equal(notification.title, 'TinyAgent asks a question');
        assert.equal(notification.body, `Writing to ${target()}: answer it in the chat`);
        await waitUntil(async () => await pendingText() === 'TinyAgent: 1 question waiting',
            { timeout: 10_000, what: 'the question in the status bar', diagnostics: async () => `status bar: "${await pendingText()}"` });
        assert.equal(fs.existsSync(target()), false, 'nothing written before an answer');
    });

    it('clicking the notification brings the asking chat back with its question; answering withdraws both', async () => {
        await clickNotification(window.page, 0);
        // A real click raises the browser window; Playwright cannot, so the test does that part.
        await window.page.bringToFront();
        await waitUntil(async () => {
            await chat.scrollToEnd(); // the chat tree renders only what is in view
            return chat.view.locator('.theia-acp-permission-option', { hasText: 'Allow' }).first().isVisible();
        }, { what: 'the chat view with the asking chat and its question', timeout: 15_000, diagnostics: () => window.diagnostics() });
        assert.equal((await notifications())[0].closed, true, 'a clicked notification goes away');
        await chat.choose('Allow');
        await chat.waitForText(`Wrote ${target()}.`);
        assert.equal(fs.readFileSync(target(), 'utf8'), 'written after asking\n');
        await waitUntil(async () => await pendingText() === '', { timeout: 10_000, what: 'the status item to go once answered' });
        assert.equal((await notifications()).length, 1, 'one question, one notification');
    });
});
