// Theia's AI chat input in a narrow chat view, and a failed turn's error in one place (issue 23 part 10), in
// Chromium with the ACP agent written in the test (configured through aiCliChat.agents). At the chat view's default
// width in a 1400 px window, and at 180 px, the send button lies inside the view; when the agent dies mid-turn, the
// error is in the chat, no "Chat request failed" toast covers the input, and the next typed text reaches the input.
import assert from 'node:assert/strict';
import path from 'node:path';
import { TheiaChat } from '../support/theia-chat.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');

describe('Theia\'s AI chat input in a narrow view, and one error in one place', function () {
    let browser, root, backend, window, chat;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        root = makeTempRoot('acp-chat-narrow-');
        cleanup.push(() => removeTempRoot(root));
        const workspace = writeTree(path.join(root, 'workspace'), { 'notes.txt': 'notes\n' });
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: {
                'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT, '--models'], description: 'An ACP agent written in the test' }]
            }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
        chat = new TheiaChat(window);
        await chat.open();
        // The toolbar as a user sees it with an agent chosen: agent, mode and model selectors on the left.
        await chat.send('@TinyAgent hello');
        await chat.waitForText('hello');
        await chat.waitUntilIdle();
    });

    /** The send button's box and the chat view's, in page pixels. */
    const boxes = () => chat.view.evaluate(view => {
        const send = view.querySelector('.theia-ChatInput .codicon-send')?.closest('.option') ?? view.querySelector('.theia-ChatInput .codicon-send');
        const rect = element => { const r = element.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }; };
        return { view: rect(view), send: send ? rect(send) : undefined };
    });

    const assertSendInside = async what => {
        const { view, send } = await boxes();
        assert.ok(send && send.width > 0, `${what}: the send button is rendered`);
        assert.ok(send.left >= view.left && send.right <= view.right && send.top >= view.top && send.bottom <= view.bottom,
            `${what}: the send button ${JSON.stringify(send)} lies inside the chat view ${JSON.stringify(view)}`);
        // And nothing lies over its middle: a click there reaches the button.
        const hit = await chat.view.evaluate((view, point) => {
            const send = view.querySelector('.theia-ChatInput .codicon-send');
            const top = document.elementFromPoint(point.x, point.y);
            return !!top && (top === send || send.contains(top) || top.contains(send) || top === send.closest('.option'));
        }, { x: (send.left + send.right) / 2, y: (send.top + send.bottom) / 2 });
        assert.ok(hit, `${what}: the middle of the send button is the send button, not something over it`);
    };

    it('at the default width in a 1400 px window, Send lies inside the chat view', async () => {
        const { view } = await boxes();
        console.log(`      chat view width at the default: ${Math.round(view.width ?? (view.right - view.left))} px`);
        await assertSendInside('default width');
    });

    it('at 180 px, Send still lies inside the chat view', async () => {
        // The side panel's width as Lumino lays it out: the widget's own inline width, which Lumino sets on a resize.
        await chat.view.evaluate(view => { view.style.width = '180px'; });
        await waitUntil(async () => Math.round((await boxes()).view.right - (await boxes()).view.left) === 180, { what: 'the chat view at 180 px', timeout: 10_000 });
        await assertSendInside('180 px');
    });

    it('an agent that dies mid-turn: the error shows in the chat, no toast, and the next typed text reaches the input', async () => {
        await chat.send('@TinyAgent die');
        await chat.waitForText(/exited \(code 3\)/);
        await chat.waitUntilIdle();
        // No notification is closed from here on: a toast over the input would take this click and the typing.
        await chat.input.click();
        await window.page.keyboard.press('End');
        await window.page.keyboard.type('@TinyAgent still here', { delay: 5 });
        await window.page.keyboard.press('Escape');
        assert.match(await chat.inputText(), /still here/, 'the typed text is in the chat input');
        await chat.submit();
        await chat.waitForText('Echo: still here');
        // A toast for the failed turn would have come with its completion, long before this answer.
        const toasts = await window.page.locator('.theia-notification-list-item', { hasText: 'Chat request failed' }).count();
        assert.equal(toasts, 0, 'no "Chat request failed" toast repeats the error');
        const text = await chat.text();
        assert.equal(text.split('exited (code 3)').length - 1, 1, `the error is said once, in the chat:\n${text}`);
    });
});
