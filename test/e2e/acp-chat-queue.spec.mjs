// Queue the next message (issue 31 part 3), in Chromium with the ACP agent written for the tests. Before, Enter
// while a turn ran cancelled that turn and neither answer showed. Now Enter queues the message under the input; it
// goes when the turn ends; Send now (Ctrl+Enter) stops the turn and sends at once; a queued message can be edited
// back into the input or removed; after Stop the queue waits for the user. The agent's log of the methods it was
// sent shows what reached it: "wait <name>" is a turn that runs until the test creates <store>/<name>.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const SESSION_AGENT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../support/session-acp-agent.mjs');

describe('Queue the next message while an ACP agent works', function () {
    let window, chat, store, log;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    const sent = method => fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(line => line === method).length : 0;
    const queued = () => chat.view.locator('.theia-acp-queued-prompt');
    const queuedTexts = async () => (await queued().locator('.theia-acp-queued-text').allTextContents()).map(text => text.trim());
    /** Types into the input and presses Enter, as a user does while the agent works (the Send button is Stop then). */
    const enter = async text => {
        await typeWhileWorking(text);
        await window.page.keyboard.press('Enter');
    };
    /** Types into the input; no Escape afterwards, as chat.type presses: Escape in the input stops the running turn. */
    const typeWhileWorking = async text => {
        await chat.input.click();
        await window.page.keyboard.press('End');
        await window.page.keyboard.type(text, { delay: 5 });
    };
    const release = name => fs.writeFileSync(path.join(store, name), '');

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-queue-', gemini: true });
        store = path.join(app.root, 'sessions');
        log = path.join(app.root, 'agent.log');
        ({ window, chat } = await app.openAcp({
            settings: {
                'aiCliChat.gemini.enabled': false, 'aiCliChat.qwen.enabled': false, 'aiCliChat.copilot.enabled': false,
                'aiCliChat.agents': [{ name: 'SessionAgent', command: process.execPath, args: [SESSION_AGENT, '--store', store, '--log', log] }]
            }
        }));
    });

    it('Enter during a turn queues the message; it goes when the turn ends, the turn before it is not cancelled', async () => {
        await chat.send('@SessionAgent wait one');
        await chat.waitForText('Working…');
        await enter('second message');
        await waitUntil(async () => JSON.stringify(await queuedTexts()) === JSON.stringify(['second message']),
            { what: 'the message to wait under the input', timeout: 10_000, diagnostics: async () => `${await queuedTexts()}; chat: ${(await chat.text()).slice(-300)}` });
        assert.equal(await chat.inputText(), '', 'the input is free for the next one');
        await enter('third message');
        await waitUntil(async () => (await queuedTexts()).length === 2, { what: 'two queued messages', timeout: 10_000, diagnostics: queuedTexts });
        await queued().nth(1).locator('.codicon-close').click();
        await waitUntil(async () => JSON.stringify(await queuedTexts()) === JSON.stringify(['second message']),
            { what: 'Remove to drop the third', timeout: 10_000, diagnostics: queuedTexts });
        assert.equal(sent('session/prompt'), 1, 'nothing queued reached the agent while its turn ran');
        assert.equal(sent('session/cancel'), 0, 'the running turn was not cancelled');

        release('one');
        await chat.waitForText('Done waiting: wait one');
        await chat.waitForText('Echo: second message');
        await chat.waitUntilIdle();
        assert.equal(await queued().count(), 0);
        assert.equal(sent('session/prompt'), 2);
        assert.equal(sent('session/cancel'), 0);
        assert.doesNotMatch(await chat.text(), /third message/, 'the removed one never went');
    });

    it('Edit puts a queued message back into the input; Ctrl+Enter sends now, stopping the turn', async () => {
        await chat.send('wait two');
        await chat.waitForText('Working…');
        await enter('a typo mesage');
        await queued().first().waitFor({ timeout: 10_000 });
        await queued().first().locator('.codicon-edit').click();
        await waitUntil(async () => await chat.inputText() === 'a typo mesage', { what: 'the message back in the input', timeout: 10_000 });
        assert.equal(await queued().count(), 0);
        await chat.clearInput();

        await typeWhileWorking('urgent');
        const cancels = sent('session/cancel');
        await window.page.keyboard.press('Control+Enter');
        await chat.waitForText('Echo: urgent');
        await chat.waitUntilIdle();
        assert.equal(sent('session/cancel'), cancels + 1, 'Send now stopped the running turn');
        assert.doesNotMatch(await chat.text(), /Done waiting: wait two/);
    });

    it('after Stop the queue waits; its Send now sends it', async () => {
        await chat.send('wait three');
        await chat.waitForText('Working…');
        await enter('after the stop');
        await queued().first().waitFor({ timeout: 10_000 });
        const prompts = sent('session/prompt');
        await chat.stop();
        await chat.waitUntilIdle();
        await new Promise(resolve => setTimeout(resolve, 1_000)); // what would have gone by itself has had its chance
        assert.equal(sent('session/prompt'), prompts, 'a stopped turn does not send the queue');
        assert.equal(await queued().count(), 1);
        await queued().first().locator('.codicon-send').click();
        await chat.waitForText('Echo: after the stop');
        await chat.waitUntilIdle();
        assert.equal(await queued().count(), 0);
    });
});
