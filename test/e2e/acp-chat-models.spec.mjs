// An ACP agent's models in Theia's AI chat, in Chromium: the chat input's per-session model selector
// lists the models the agent reported in `session/new` by the agent's names (issue 31 part 5), shows the model in
// use rather than "Default", and the choice is sent as `session/set_model` before the next prompt. The real `gemini --acp` against the loopback fake Gemini API (whose request
// paths name the model), and an ACP agent written in the test that refuses one of its models.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { REPO_ROOT, waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');

describe('An ACP agent\'s models in Theia\'s chat model selector (real gemini --acp)', function () {
    let gemini, chat;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-models-', gemini: true });
        ({ gemini } = app);
        // gemini's settings pin gemini-2.5-flash (acp.md §3): that is the session's default model.
        ({ chat } = await app.openAcp({
            settings: {
                'aiCliChat.agents': [{ name: 'TinyModels', command: process.execPath, args: [TINY_AGENT, '--models'], description: 'An ACP agent with models' }]
            }
        }));
    });

    /** Sends `text` to the agent after picking `model` in the selector; waits for `answer`. */
    async function askWithModel(agent, model, text, answer, shows = model) {
        await chat.type(`@${agent} `);
        await chat.selectModel(model, shows);
        await chat.type(text);
        await chat.submit();
        await chat.waitForText(answer);
        await chat.waitUntilIdle();
    }

    it('lists gemini\'s models; the one chosen gets the next model request, and "Default" goes back to the pinned one', async () => {
        gemini.enqueue({ text: 'First answer.' });
        await chat.send('@GeminiCLI hello');
        await chat.waitForText('First answer.');
        await chat.waitUntilIdle();
        assert.equal(gemini.chatRequests.at(-1).model, 'gemini-2.5-flash');

        await chat.type('@GeminiCLI ');
        assert.equal(await chat.modelSelector.textContent(), 'gemini-2.5-flash', 'the selector shows the model in use, not "Default"');
        const offered = await chat.modelOptions();
        await chat.clearInput();
        // gemini names its auto model "Auto"; the others by their ids.
        for (const model of ['Default', 'Auto', 'gemini-2.5-pro', 'gemini-2.5-flash']) {
            assert.ok(offered.includes(model), `the selector offers ${model}: ${offered.join(', ')}`);
        }
        assert.ok(!offered.some(model => model.includes('/')), `no Theia language model is offered: ${offered.join(', ')}`);

        gemini.enqueue({ text: 'Second answer.' });
        await askWithModel('GeminiCLI', 'gemini-2.5-pro', 'and now?', 'Second answer.');
        assert.equal(gemini.chatRequests.at(-1).model, 'gemini-2.5-pro', gemini.chatRequests.map(request => request.url).join('\n'));

        gemini.enqueue({ text: 'Third answer.' });
        await askWithModel('GeminiCLI', 'Default', 'and back?', 'Third answer.', 'gemini-2.5-flash');
        assert.equal(gemini.chatRequests.at(-1).model, 'gemini-2.5-flash', gemini.chatRequests.map(request => request.url).join('\n'));
    });

    it('a switch the agent refuses is a readable error in the answer, and the prompt still goes to the model in use', async () => {
        await chat.newSession();
        await chat.send('@TinyModels model');
        await chat.waitForText('Model: tiny-small');
        await chat.waitUntilIdle();
        await chat.type('@TinyModels ');
        // The selector follows the receiving agent once the input has parsed the @-name.
        await waitUntil(async () => await chat.modelSelector.textContent() === 'Tiny Small',
            { what: 'the selector to show the agent\'s name for the model in use', timeout: 10_000, diagnostics: () => chat.modelSelector.textContent() });
        assert.deepEqual(await chat.modelOptions(), ['Default', 'Tiny Broken', 'Tiny Large', 'Tiny Small'], 'names, not ids');
        await chat.clearInput();
        await askWithModel('TinyModels', 'Tiny Broken', 'model',
            /could not switch to Tiny Broken: tiny-broken is not available to this account\. This prompt went to Tiny Small\.[\s\S]*Model: tiny-small/);
        await askWithModel('TinyModels', 'Tiny Large', 'model', 'Model: tiny-large');
    });
});
