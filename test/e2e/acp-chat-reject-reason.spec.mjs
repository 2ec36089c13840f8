// Reject with a reason (issue 30 part 3), in Chromium: a permission question's Reject takes the user's reason
// (Shift+click, or the "…" beside it). The reason goes with the answer in `_meta["aiCliCompanion/rejectReason"]`,
// and, since no agent reads that yet, as the chat's next message once the turn ends: sent by itself by default,
// or left in the chat input to edit when aiCliChat.rejectReason.sendAutomatically is off. With the ACP agent
// written in the test (it says the `_meta` it got and logs its prompts) and the real gemini against the
// loopback Gemini fake (its next model request carries the reason).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { REPO_ROOT, waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
/** The README's picture of the reason field, taken with the real gemini asking. */
const SCREENSHOT = path.join(REPO_ROOT, 'docs', 'images', 'reject-with-reason.png');
const SEND_SETTING = 'aiCliChat.rejectReason.sendAutomatically';

describe('Reject with a reason: the agent gets it in the answer\'s _meta and as the chat\'s next message', function () {
    let gemini, window, chat, workspace, promptLog;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-reject-', gemini: true });
        ({ gemini, workspace } = app);
        promptLog = path.join(app.root, 'tiny-prompts.log');
        ({ window, chat } = await app.openAcp({
            settings: {
                'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT, '--prompt-log', promptLog], description: 'An ACP agent written in the test' }]
            }
        }));
    });

    const prompts = () => (fs.existsSync(promptLog) ? fs.readFileSync(promptLog, 'utf8') : '').split('\n').filter(Boolean);
    const rejectButton = () => chat.view.locator('.theia-acp-permission-option[data-option-kind="reject_once"]').first();
    const reasonField = () => chat.view.locator('.theia-acp-permission-reason');

    /** Opens the reason field of the question waiting (Shift+click on Reject, or its "…"), types `reason` and sends it with Enter. */
    async function rejectWithReason(reason, open = 'shift', beforeSend = async () => undefined) {
        await chat.permissionOptions();
        await chat.clearNotifications();
        if (open === 'shift') {
            await rejectButton().click({ modifiers: ['Shift'] });
        } else {
            await chat.view.locator('.theia-acp-permission-reason-open').first().click();
        }
        await reasonField().waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(await rejectButton().isVisible(), true, 'opening the field answers nothing yet');
        await reasonField().fill(reason);
        await beforeSend();
        await reasonField().press('Enter');
    }

    /** The user's setting, as the Settings editor would write it (user scope). */
    const setSendAutomatically = value => window.page.evaluate(async ({ key, value: send }) => {
        const container = globalThis.theia.container;
        const id = [...container._bindingDictionary._map.keys()].find(k => String(k) === 'Symbol(PreferenceService)');
        await container.get(id).set(key, send, 1 /* PreferenceScope.User */);
    }, { key: SEND_SETTING, value });

    it('Shift+click on Reject opens a reason field; the agent gets the reason in _meta, then "I rejected <tool> on <file>: <reason>" as the next message', async () => {
        const target = path.join(workspace, 'refused.txt');
        const reason = 'keep the notes in README.md instead';
        await chat.send(`@TinyAgent write ${target} some text`);
        await rejectWithReason(reason);
        await chat.waitForText(`Not written (reject). _meta: ${JSON.stringify({ 'aiCliCompanion/rejectReason': reason })}`);
        const told = `I rejected Writing to ${target} on ${target}: ${reason}`;
        await chat.waitForText(`Echo: ${told}`);
        await chat.waitUntilIdle();
        assert.equal(fs.existsSync(target), false, 'nothing written');
        // The agent's prompts in order: the write it asked about, then the chat's message with the reason, once.
        assert.deepEqual(prompts(), [`write ${target} some text`, told]);
    });

    it('with aiCliChat.rejectReason.sendAutomatically off, the message waits in the chat input; the user edits it and sends it', async () => {
        await setSendAutomatically(false);
        try {
            const target = path.join(workspace, 'held.txt');
            const reason = 'not that file';
            await chat.send(`@TinyAgent write ${target} held text`);
            await rejectWithReason(reason, 'ellipsis');
            await chat.waitForText(`Not written (reject). _meta: ${JSON.stringify({ 'aiCliCompanion/rejectReason': reason })}`);
            await chat.waitUntilIdle();
            const told = `I rejected Writing to ${target} on ${target}: ${reason}`;
            await waitUntil(async () => (await chat.inputValue()) === `@TinyAgent ${told}`,
                { what: 'the message in the chat input', timeout: 15_000, diagnostics: () => chat.inputValue() });
            assert.equal(prompts().at(-1), `write ${target} held text`, 'nothing sent by itself');
            // The long message wraps in the input: Ctrl+End, not End, reaches its end.
            await chat.input.click();
            await window.page.keyboard.press('Control+End');
            await window.page.keyboard.type(', write notes.txt', { delay: 5 });
            await chat.submit();
            await chat.waitForText(`Echo: ${told}, write notes.txt`);
            await chat.waitUntilIdle();
            assert.equal(prompts().at(-1), `${told}, write notes.txt`);
        } finally {
            await setSendAutomatically(true);
        }
    });

    it('the real gemini: after a reject with a reason, its next model request carries the reason', async () => {
        await chat.newSession();
        await chat.clearInput(); // whatever an earlier test left there would go with the prompt
        const target = path.join(workspace, 'gemini-refused.txt');
        const reason = 'the file name must be kebab-case';
        gemini.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'nope\n' } } });
        await chat.send('@GeminiCLI Write gemini-refused.txt');
        await chat.permissionOptions();
        const asked = gemini.chatRequests.length;
        await rejectWithReason(reason, 'shift', async () => {
            // The picture: the chat panel at a width people give it, with the reason typed.
            await window.resizePanel('right', 520);
            await window.page.locator('#theia-right-content-panel').screenshot({ path: SCREENSHOT });
        });
        // The user's text of each model request since the answer; one of them is the chat's message with the reason.
        const userTexts = () => gemini.chatRequests.slice(asked).map(request => request.body.contents.at(-1))
            .filter(content => content?.role === 'user').flatMap(content => content.parts ?? []).map(part => part.text ?? '');
        const told = await waitUntil(() => userTexts().find(text => text.includes(`: ${reason}`)),
            { what: 'a model request with the reason', timeout: 90_000, diagnostics: () => JSON.stringify(userTexts()) });
        assert.ok(told.startsWith('I rejected ') && told.endsWith(`: ${reason}`), told);
        console.log(`      what gemini's model was told: ${told}`);
        await chat.waitUntilIdle();
        assert.equal(fs.existsSync(target), false, 'nothing written');
    });
});
