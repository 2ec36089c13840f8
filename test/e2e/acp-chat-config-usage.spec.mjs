// An ACP agent's configOptions and usage in Theia's chat input (issue 23 parts 4 and 5), in Chromium with the ACP
// agent written for the tests: it reports `model` and `mode` config options (no older models/modes), adds a
// `thought_level` option once the model is "big", a boolean one to a client that declares it, logs every method it
// is sent, and keeps each session's values in its store. Its "usage" prompt sends a usage_update.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const SESSION_AGENT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../support/session-acp-agent.mjs');

describe('An ACP agent\'s config options and usage in the chat input (session/set_config_option, usage_update)', function () {
    let root, store, log, window, chat;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    /** The methods the agent was sent, in order. */
    const sent = () => fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
    /** The values the agent keeps for the chat's session (its only one). */
    const values = () => fs.readdirSync(store).map(name => JSON.parse(fs.readFileSync(path.join(store, name), 'utf8')).values)[0];
    const control = id => chat.view.locator(`.theia-acp-session-bar [data-config-id="${id}"]`);

    /** Sends `text` to the agent and waits for its echo; `before` runs once the input names the agent. */
    async function ask(text, before = async () => undefined) {
        await chat.type('@SessionAgent ');
        await before();
        await chat.type(text);
        await chat.submit();
        await chat.waitForText(`Echo: ${text}`);
        await chat.waitUntilIdle();
    }

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-config-', gemini: true });
        ({ root } = app);
        store = path.join(root, 'sessions');
        log = path.join(root, 'session-agent.log');
        ({ window, chat } = await app.openAcp({
            settings: {
                'aiCliChat.gemini.enabled': false, 'aiCliChat.copilot.enabled': false,
                // Theia's own context warning, at a threshold the agent's usage (27 %) crosses.
                'ai-features.chat.tokenUsageWarning.enabled': true, 'ai-features.chat.tokenUsageWarning.defaultThresholdPercentage': 25,
                'aiCliChat.agents': [{ name: 'SessionAgent', command: process.execPath, args: [SESSION_AGENT, '--store', store, '--log', log], description: 'An ACP agent written in the test' }]
            }
        }));
    });

    it('model and mode fill Theia\'s selectors; a thinking level picked in the input goes as set_config_option before the next prompt', async () => {
        await ask('hello');
        assert.equal(await chat.modelSelector.textContent(), 'Small', 'the option\'s name for its current value, not "Default"');
        assert.deepEqual(await chat.modelOptions(), ['Default', 'Big', 'Small'], 'the model selector lists the agent\'s model option by its names');

        await ask('bigger', () => chat.selectModel('Big'));
        assert.deepEqual(sent().slice(-2), ['session/set_config_option', 'session/prompt'], 'the model choice went before the prompt');
        assert.equal(values().model, 'big');

        // The agent's answer (the whole new set) has a thinking level now: a select in the row under the input.
        await control('thought_level').waitFor({ timeout: 20_000 });
        assert.match(await control('thought_level').textContent(), /Thinking\s*Low/);
        const promptsBefore = sent().filter(method => method === 'session/prompt').length;
        await control('thought_level').locator('.theia-select-component').click();
        await window.page.locator('.theia-select-component-dropdown .theia-select-component-option', { hasText: /^High$/ }).first().click();
        await waitUntil(async () => /Thinking\s*High/.test(await control('thought_level').textContent()), { what: 'the select to show High', timeout: 10_000 });
        assert.equal(sent().filter(method => method === 'session/prompt').length, promptsBefore, 'a choice alone sends nothing');
        assert.equal(sent().at(-1), 'session/prompt', 'nothing was sent at the choice');

        await ask('think harder');
        assert.deepEqual(sent().slice(-2), ['session/set_config_option', 'session/prompt'], 'set_config_option went before the prompt');
        assert.equal(values().thought_level, 'high', 'the agent got the thinking level');

        // The mode selector offers the agent's mode option; the client declared boolean options, shown as a checkbox.
        await ask('code it', async () => {
            await chat.selectMode('Code');
            await control('brief').locator('input').check();
        });
        assert.deepEqual(sent().slice(-3), ['session/set_config_option', 'session/set_config_option', 'session/prompt']);
        assert.equal(values().mode, 'code');
        assert.equal(values().brief, true);
        assert.equal(sent().includes('session/set_model') || sent().includes('session/set_mode'), false, 'only config options were set');
    });

    it('shows the session\'s usage next to the input, the exact figures in the tooltip; past Theia\'s threshold it warns and offers a new chat', async () => {
        await chat.send('@SessionAgent usage');
        await chat.waitForText('Usage sent.');
        await chat.waitUntilIdle();
        const usage = chat.view.locator('.theia-acp-session-bar .theia-acp-usage');
        await waitUntil(async () => (await usage.textContent()) === '53k / 200k · $0.12', { what: 'the usage label', timeout: 20_000 });
        assert.equal(await usage.getAttribute('title'), 'Context: 53,000 of 200,000 tokens (27 %)\nCost of this session: 0.12 USD\n' +
            'The context is nearly full: a new chat starts with an empty one.', 'past the threshold (25 % here) the tooltip says so');
        // The toast (the closed notification center lists it too).
        const warning = window.page.locator('.theia-notification-toasts .theia-notification-list-item', { hasText: 'SessionAgent\'s context is nearly full (53k / 200k · $0.12)' });
        await warning.waitFor({ timeout: 20_000 });
        assert.equal(await warning.count(), 1, 'warned once');
        await warning.locator('button', { hasText: 'Start New Chat' }).click();
        await waitUntil(async () => !(await chat.text()).includes('Usage sent.'), { what: 'a new, empty chat', timeout: 20_000 });
    });
});
