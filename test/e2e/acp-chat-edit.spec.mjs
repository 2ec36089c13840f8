// Edit an earlier message (issue 31 part 2), in Chromium: Theia's Edit on a user message of an ACP chat. The edited
// message goes to a fresh agent session that is given the chat's conversation before it, so the agent knows turns
// 1..N-1 and nothing of the turns after N (which leave the view, as Theia shows for its own agents). First with the
// ACP agent written for the tests (its "recall" says every user message its session holds), then with the real
// gemini and qwen against the loopback Gemini and OpenAI API fakes (the model request of the edited message carries
// turn 1, not turn 2).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const SESSION_AGENT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../support/session-acp-agent.mjs');
/** Everything one Gemini API request holds, as text. */
const geminiSent = request => request.body.contents.map(content => content.parts.map(part => part.text ?? '').join('')).join('\n');

describe('Edit an earlier message of an ACP chat: the agent goes on from before it', function () {
    let gemini, openai, window, chat, log;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    const sent = method => fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(line => line === method).length : 0;

    /** Edits the user message that shows `text` into `replacement` and sends it (Enter in the inline input). */
    async function edit(text, replacement) {
        const node = chat.view.locator('.theia-ChatNode', { hasText: text }).filter({ has: window.page.locator('.codicon-account') }).first();
        await node.hover();
        await node.locator('.theia-ChatNodeToolbarAction.codicon-edit').click();
        const input = node.locator('.theia-ChatInput-Editor .monaco-editor').first();
        await input.waitFor({ timeout: 10_000 });
        await input.click();
        await window.page.keyboard.press('Control+A');
        await window.page.keyboard.type(replacement, { delay: 5 });
        await window.page.keyboard.press('Enter');
    }

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-edit-', gemini: true, openai: { model: 'fake-model' } });
        ({ gemini, openai } = app);
        log = path.join(app.root, 'agent.log');
        ({ window, chat } = await app.openAcp({
            settings: {
                'aiCliChat.copilot.enabled': false,
                'aiCliChat.agents': [{ name: 'SessionAgent', command: process.execPath, args: [SESSION_AGENT, '--store', path.join(app.root, 'sessions'), '--log', log] }]
            }
        }));
    });

    it('the test agent: the edited message goes to a new session given turn 1; turn 2 is gone from what the agent holds', async () => {
        await chat.send('@SessionAgent my name is Ada');
        await chat.waitForText('Echo: my name is Ada');
        await chat.waitUntilIdle();
        await chat.send('I like coffee');
        await chat.waitForText('Echo: I like coffee');
        await chat.waitUntilIdle();
        assert.equal(sent('session/new'), 1);

        await edit('I like coffee', 'I like tea');
        await chat.waitForText('Echo: I like tea');
        await chat.waitUntilIdle();
        const text = await chat.text();
        assert.match(text, /You edited an earlier message: SessionAgent continues in a new session, given this chat's conversation before it \(1 turn\)\./);
        assert.doesNotMatch(text, /Echo: I like coffee/, 'the turn after the edited message left the view');
        assert.equal(sent('session/new'), 2, 'a new session');
        assert.equal(sent('session/close'), 1, 'the old one closed');

        await chat.send('recall');
        await chat.waitForText(/History: I like tea/);
        assert.doesNotMatch(await chat.text(), /History: .*coffee/, 'the agent\'s session holds nothing of the replaced turn');
        assert.equal(sent('session/new'), 2, 'the next prompt continues the new session');
    });

    /**
     * Two turns with a real agent, then turn 2 edited: the edited message's model request carries turn 1 and not turn 2.
     * `fake`: the model API (its `enqueue`, `chatRequests`); `held`: what one request of it holds, as text.
     */
    async function editTurnTwo({ agent, agentName, fake, held, turnOne, turnTwo, edited }) {
        await chat.newSession();
        const answered = async (text, answer, send) => {
            fake.enqueue({ text: answer });
            await send(text);
            await chat.waitForText(answer);
            await chat.waitUntilIdle();
        };
        await answered(`@${agent} ${turnOne}`, `Noted: ${turnOne}.`, text => chat.send(text));
        await answered(turnTwo, `Noted: ${turnTwo}.`, text => chat.send(text));
        const before = fake.chatRequests.length;
        await answered(edited, `Noted: ${edited}.`, text => edit(turnTwo, text));
        const request = fake.chatRequests.slice(before).find(candidate => held(candidate).includes(edited));
        assert.ok(request, 'the edited message reached the model');
        const text = held(request);
        assert.ok(text.includes(turnOne), `turn 1 is there:\n${text}`);
        assert.ok(!text.includes(turnTwo), `the replaced turn is not:\n${text}`);
        await waitUntil(async () => (await chat.text()).includes(`You edited an earlier message: ${agentName} continues in a new session`),
            { what: 'the line that says so', timeout: 10_000 });
    }

    it('the real gemini: the edited message\'s model request carries turn 1 and not the replaced turn 2', () => editTurnTwo({
        agent: 'GeminiCLI', agentName: 'Gemini CLI', fake: gemini, held: geminiSent,
        turnOne: 'Remember the bird FLAMINGO', turnTwo: 'Remember the colour RED', edited: 'Remember the colour BLUE'
    }));

    it('the real qwen: the edited message\'s model request carries turn 1 and not the replaced turn 2', () => editTurnTwo({
        agent: 'QwenCode', agentName: 'Qwen Code', fake: openai, held: request => JSON.stringify(request.body.messages),
        turnOne: 'Remember the word PELICAN', turnTwo: 'Remember the number SEVEN', edited: 'Remember the number NINE'
    }));
});
