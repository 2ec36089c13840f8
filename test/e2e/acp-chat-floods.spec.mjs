// A flooding ACP agent on a freshly opened window, in Chromium (issue 29 part 11): the tiny agent's issue 21 floods
// (support/tiny-acp-agent.mjs "flood-text", "flood-tools"), where the fuzz spec's floods run late in a warmed page.
//  - one 1 MB chunk without whitespace as the first answer of the page, in the chat panel at its default (narrow)
//    width: the page keeps answering a script (a hang detector: issue 29 saw no answer for over 10 s);
//  - the next prompt sent in the same chat while the window is still taking in a 40,000-tool-call flood: it gets its
//    answer, and that answer holds none of the flood's cards (the flood's cancelled turn ended only behind its
//    updates, and its end took the session from the next turn, whose answer was never shown).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TheiaChat } from '../support/theia-chat.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, sleep, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
/** Far more than any task the chat may run; a page that does not run a script in this long is hung. */
const HANG_MS = 10_000;

/** 42, or 'no answer' when the page's main thread did not run a script within HANG_MS. */
function evaluateOrHang(page) {
    return Promise.race([page.evaluate(() => 6 * 7), sleep(HANG_MS).then(() => 'no answer')]);
}

describe('Theia\'s AI chat: floods on a freshly opened window (issue 29 part 11)', function () {
    let browser, root, backend, window, chat;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        root = makeTempRoot('acp-chat-floods-');
        cleanup.push(() => removeTempRoot(root));
        const workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# floods\n' });
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: { 'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT], description: 'An ACP agent written in the test' }] }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
        chat = new TheiaChat(window);
        await chat.open();
    });

    it('the page\'s first answer, one 1 MB chunk without whitespace in the narrow chat panel, leaves the page answering', async () => {
        const width = await chat.view.evaluate(view => view.getBoundingClientRect().width);
        assert.ok(width < 400, `the chat panel is at its default width (${width} px)`);
        await chat.send('@TinyAgent flood-text 1024');
        const limit = chat.view.locator('.theia-acp-truncated-text');
        // Bounded: 90 rounds of at most HANG_MS + 200 ms.
        for (let round = 0; ; round++) {
            assert.equal(await evaluateOrHang(window.page), 42, `round ${round}: the page did not run a script within ${HANG_MS} ms`);
            if (!await chat.isRunning() && await limit.isVisible()) {
                break;
            }
            assert.ok(round < 90, 'the 1 MB answer did not end with its limit line shown');
            await sleep(200);
        }
        assert.match(await limit.textContent(), /768 KB more of the answer not shown here/);
        assert.equal(await evaluateOrHang(window.page), 42);
    });

    it('a prompt sent while the window still takes in a 40,000-tool-call flood gets its answer, without the flood\'s cards', async () => {
        await chat.newSession();
        // The flood starts when the test says (the flag file), with the next prompt already typed, and that prompt is
        // sent once the window shows the flood's first card: the flood is then still coming in.
        const flag = path.join(root, 'flood-now');
        await chat.send(`@TinyAgent after ${flag} flood-tools 40000`);
        await chat.waitForText('Thinking about: after');
        // Not chat.type: its closing Escape would cancel the running turn.
        await chat.input.click();
        await window.page.keyboard.type('@TinyAgent hello during the flood', { delay: 5 });
        fs.writeFileSync(flag, '');
        await chat.view.locator('.theia-acp-tool-call').first().waitFor({ state: 'attached', timeout: 60_000 });
        assert.equal(await chat.isRunning(), true, 'the flood\'s turn was still running when the next prompt was sent');
        // Enter: the input shows Stop, not Send, while a turn runs.
        await window.page.keyboard.press('Enter');
        await chat.waitForText('Echo: hello during the flood', 90_000);
        await chat.waitUntilIdle(90_000);
        assert.equal(await evaluateOrHang(window.page), 42);
        const answer = chat.view.locator('.theia-ResponseNode').last();
        assert.match(await answer.textContent(), /Echo: hello during the flood/);
        assert.equal(await answer.locator('.theia-acp-tool-call').count(), 0, 'the next answer shows cards of the flood');
        // And the chat goes on as usual.
        await chat.send('@TinyAgent hello once the flood is over');
        await chat.waitForText('Echo: hello once the flood is over');
    });
});
