// The chat's ACP client against a hostile agent, in Chromium (issue 21): the tiny agent answers prompts
// with random, malformed session/update, permission and elicitation requests (support/hostile-acp-updates.mjs:
// random kinds and field types, huge strings, bad URIs, unknown tool statuses, odd permission options, markdown
// with forms, inputs, fixed overlays and command:/javascript:/file: links, form fields with catastrophic
// patterns), a bounded number per round, from a seed printed for replay (FUZZ_SEED=<n>; FUZZ_ROUNDS, FUZZ_STEPS
// to go further). Each round ends on a form whose pattern backtracks catastrophically on its prefilled value
// (issue 29 part 7): Submit says it does not match. Then the round's session/load replay (the same kind of
// updates) opens from Browse all chats. Afterwards the page still answers, a normal prompt gets its answer and the
// backend still serves `GET /`. The floods of issue 21 (one 1 MB whitespace-free chunk, 40,000 tool calls) end
// with the limits shown, and a replay past the chat's caps opens with its most recent part (issue 29 part 8).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TheiaChat } from '../support/theia-chat.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { wordWithoutSpaces } from '../support/hostile-acp-updates.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 3);
const STEPS = Number(process.env.FUZZ_STEPS ?? 150);

/** Rejects when the page does not run a script within `ms`: a hung main thread. */
async function pageAnswers(page, ms = 30_000) {
    let timer;
    const hung = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`the page did not answer an evaluate within ${ms} ms`)), ms); });
    try {
        return await Promise.race([page.evaluate(() => 6 * 7), hung]);
    } finally {
        clearTimeout(timer);
    }
}

async function backendServes(backend) {
    const response = await fetch(`${backend.url}/`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
}

describe('Theia\'s AI chat against a hostile ACP agent (bounded fuzz, floods)', function () {
    let browser, root, backend, window, chat;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    /**
     * The round's last form: its pattern backtracks catastrophically on the prefilled value (issue 29 part 7).
     * Submit says the value does not match, the page still answers; Cancel ends the turn. Dispatched clicks, not
     * pointer clicks: in the narrow panel the tall fuzzed answer above the form (8,000 px) was still laid out under
     * the pointer where Playwright had scrolled the button (seed 434126406).
     */
    async function submitBacktrackingForm(seed) {
        const form = chat.view.locator('.theia-acp-elicitation').filter({ hasText: `Fuzz ${seed}: a value to check` });
        await form.locator('button[type=submit]').waitFor({ state: 'visible', timeout: 180_000 });
        await form.locator('button[type=submit]').dispatchEvent('click');
        await form.locator('.theia-acp-elicitation-error').filter({ hasText: 'Does not match the pattern' }).waitFor({ timeout: 30_000 });
        assert.equal(await pageAnswers(window.page), 42, `seed ${seed}: after Submit`);
        await form.getByRole('button', { name: 'Cancel' }).dispatchEvent('click');
    }

    before(async () => {
        console.log(`      fuzz seed ${SEED}, ${ROUNDS} rounds of ${STEPS} steps (replay: FUZZ_SEED=${SEED})`);
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        root = makeTempRoot('acp-chat-fuzz-');
        cleanup.push(() => removeTempRoot(root));
        const workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# fuzz\n' });
        const history = path.join(root, 'history');
        fs.mkdirSync(history);
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: { 'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT, '--history', history], description: 'An ACP agent written in the test' }] }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
        chat = new TheiaChat(window);
        await chat.open();
        await chat.send('@TinyAgent warm up');
        await chat.waitForText('Echo: warm up');
        await chat.waitUntilIdle();
    });

    it(`random agent messages leave the window and the backend answering (seed ${SEED})`, async () => {
        for (let round = 0; round < ROUNDS; round++) {
            const seed = SEED + round;
            await chat.newSession();
            await chat.send(`@TinyAgent fuzz ${seed} ${STEPS}`);
            await submitBacktrackingForm(seed);
            await chat.waitUntilIdle(180_000);
            assert.equal(await pageAnswers(window.page), 42, `seed ${seed}`);
            // The agent's last words, unless the turn's text went past the shown limit.
            const text = await chat.text();
            assert.ok(text.includes(`Fuzz ${seed} done.`) || await chat.view.locator('.theia-acp-truncated-text').count() > 0,
                `seed ${seed}: the turn ended without its last message\n${text.slice(-2000)}`);
            assert.equal(await backendServes(backend), 200, `seed ${seed}`);

            await chat.browseAllChats();
            await chat.listedChat(`TinyAgent: Fuzz replay ${seed}`).click();
            await chat.waitForText(`Fuzz replay ${seed} ends.`);
            assert.equal(await pageAnswers(window.page), 42, `seed ${seed}, replay`);
            await chat.send(`hello after replay ${seed}`);
            await chat.waitForText(`Echo: hello after replay ${seed}`);
            await chat.waitUntilIdle();
        }
        await chat.newSession();
        await chat.send('@TinyAgent hello once the fuzz is over');
        await chat.waitForText('Echo: hello once the fuzz is over');
        await chat.waitUntilIdle();
        assert.equal(await backendServes(backend), 200);
    });

    it('a replay past the chat\'s caps opens with its most recent part and a line saying what was left out; the next prompt is answered', async () => {
        await chat.browseAllChats();
        await chat.listedChat('TinyAgent: A long conversation').click();
        await chat.waitForText('The last answer of the long conversation.');
        // The line is the chat's first: the virtualised tree draws it once scrolled to the start.
        const start = await waitUntil(async () => {
            await chat.scrollToStart();
            const text = await chat.text();
            return /[\d,]+ earlier updates of this conversation \([\d.]+ [kM]B\) were left out/.test(text) && text;
        }, { what: 'the line saying what was left out, at the start of the chat', timeout: 60_000, diagnostics: () => chat.text() });
        assert.doesNotMatch(start, /Long question 0\b/, 'the oldest messages are left out');
        assert.equal(await pageAnswers(window.page), 42);
        await chat.send('hello after the long replay');
        await chat.waitForText('Echo: hello after the long replay');
        await chat.waitUntilIdle();
    });

    it('one 1 MB chunk without whitespace shows 256 KB, and Show all opens the whole answer in a read-only editor', async () => {
        await chat.newSession();
        await chat.send('@TinyAgent flood-text 1024');
        await chat.waitUntilIdle(180_000);
        assert.equal(await pageAnswers(window.page), 42);
        const limit = chat.view.locator('.theia-acp-truncated-text');
        await limit.waitFor({ state: 'visible', timeout: 30_000 });
        assert.match(await limit.textContent(), /768 KB more of the answer not shown here/);
        await limit.locator('.theia-acp-show-all').click();
        const editor = window.page.locator('.theia-editor .monaco-editor').first();
        await editor.waitFor({ state: 'visible', timeout: 30_000 });
        assert.match(await window.currentTabLabel(), /answer\.md/);
        await waitUntil(async () => ((await editor.locator('.view-lines').textContent()) ?? '').startsWith(wordWithoutSpaces(1).slice(0, 40)),
            { what: 'the answer in the editor', timeout: 30_000 });
        await chat.open();
    });

    it('40,000 tool calls in one turn: 100 cards, the rest counted on one line, and the next prompt is answered', async () => {
        await chat.newSession();
        await chat.send('@TinyAgent flood-tools 40000');
        await chat.waitUntilIdle(180_000);
        assert.equal(await pageAnswers(window.page), 42);
        const hidden = chat.view.locator('.theia-acp-hidden-tool-calls');
        await hidden.waitFor({ state: 'visible', timeout: 60_000 });
        assert.match(await hidden.textContent(), /39900 more tool calls not shown \(19950 pending, 19950 completed\)/);
        await chat.newSession();
        await chat.send('@TinyAgent hello once the flood is over');
        await chat.waitForText('Echo: hello once the flood is over');
        assert.equal(await backendServes(backend), 200);
    });
});
