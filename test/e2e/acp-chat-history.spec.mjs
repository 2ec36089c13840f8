// The agents' own history in Theia's "Browse all chats…" (issue 23 parts 2 and 3), in Chromium. Sessions an agent
// made outside Theia (another process of the agent, as its terminal UI would) are listed through session/list as
// "<agent>: <title>"; opening one shows the session/load replay as the chat's transcript and the next prompt
// continues that session; removing a listed entry sends session/delete; deleting a Theia chat sends session/close.
// First with the ACP agent written for the tests (it logs every method it is sent), then with the real `qwen --acp`
// against the loopback OpenAI fake.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ChatApp } from '../support/chat-app.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const { WorkspaceAgent, silentLogger } = createRequire(import.meta.url)('@ai-cli-companion/acp-client');
const SESSION_AGENT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../support/session-acp-agent.mjs');

/** Conversations made outside Theia by one run of the agent (a process of its own, then stopped). */
async function madeOutside({ workspace, command, args, env }, ...conversations) {
    const agent = new WorkspaceAgent({
        workspace, logger: silentLogger, scrub: text => text, environment: async () => ({ ...process.env, ...env }),
        profile: { id: 'outside', displayName: 'outside', command, args }
    });
    try {
        const ids = [];
        for (const prompts of conversations) {
            const { sessionId } = await agent.openSession({ onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) });
            for (const prompt of prompts) {
                await agent.prompt(sessionId, [{ type: 'text', text: prompt }]);
            }
            ids.push(sessionId);
        }
        return ids;
    } finally {
        await agent.stop();
    }
}

describe('The agents\' own sessions in Browse all chats (session/list, load, delete)', function () {
    let openai, root, workspace, store, log, window, chat;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    const sent = () => fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
    const row = text => chat.listedChat(text);
    const browse = () => chat.browseAllChats();

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-history-', gemini: true, openai: { model: 'fake-model' } });
        ({ openai, root, workspace } = app);
        store = path.join(root, 'sessions');
        fs.mkdirSync(store);
        log = path.join(root, 'session-agent.log');
        const agentArgs = [SESSION_AGENT, '--store', store, '--log', log];
        await madeOutside({ workspace, command: process.execPath, args: agentArgs, env: {} }, ['my name is Ada', 'I like tea'], ['delete me later']);
        fs.rmSync(log);
        ({ window, chat } = await app.openAcp({
            settings: {
                'aiCliChat.gemini.enabled': false, 'aiCliChat.copilot.enabled': false,
                'aiCliChat.agents': [{ name: 'SessionAgent', command: process.execPath, args: agentArgs, description: 'An ACP agent written in the test' }]
            }
        }));
    });

    it('lists the agent\'s sessions as "<agent>: <title>"; the opened one shows the load replay and its next prompt continues it', async () => {
        await browse();
        // SessionAgent does not run in this backend yet: it is asked only on the user's word (issue 31 part 4).
        assert.equal(await row('SessionAgent:').count(), 0);
        assert.equal(sent().length, 0, 'not started to list');
        await chat.loadAgentHistories();
        await row('SessionAgent: my name is Ada').waitFor({ timeout: 30_000 });
        assert.match(await row('SessionAgent: my name is Ada').textContent(), /@SessionAgent · /, 'with the agent and its date');
        assert.equal(await row('SessionAgent: delete me later').count(), 1);
        await row('SessionAgent: my name is Ada').click();
        for (const line of ['my name is Ada', 'Echo: my name is Ada', 'I like tea', 'Echo: I like tea']) {
            await chat.waitForText(line);
        }
        // Before its first prompt the chat offers the loaded session's model and mode options and its slash commands.
        assert.deepEqual(await chat.modelOptions(), ['Default', 'Big', 'Small'], 'the session\'s model option');
        const modeSelector = chat.view.locator('.theia-ChatInput-ModeSelector').first();
        await waitUntil(async () => await modeSelector.isVisible() && await modeSelector.textContent() === 'Ask', { what: 'the mode selector to offer the session\'s mode', timeout: 20_000 });
        assert.ok((await chat.suggestions('', '/')).some(entry => entry.includes('recall')), 'the agent\'s /recall is offered');
        await chat.send('recall');
        await chat.waitForText('History: my name is Ada | I like tea');
        await chat.waitUntilIdle();
        const methods = sent();
        assert.ok(methods.includes('session/list') && methods.includes('session/load'), methods.join(' '));
        assert.equal(methods.includes('session/new'), false, 'the agent\'s own session was continued, no new one');
        await browse();
        await row('SessionAgent: delete me later').waitFor({ timeout: 30_000 });
        assert.equal(await row('SessionAgent: my name is Ada').count(), 1, 'the opened session is listed once, as the chat');
        await window.page.keyboard.press('Escape');
    });

    it('removing a listed entry sends session/delete; deleting a Theia chat sends session/close', async () => {
        const before = fs.readdirSync(store).length;
        await browse();
        const entry = row('SessionAgent: delete me later');
        await entry.hover();
        await entry.locator('.codicon-remove-close').click();
        await waitUntil(() => sent().includes('session/delete'), { what: 'session/delete to reach the agent', timeout: 30_000 });
        await waitUntil(async () => await row('SessionAgent: delete me later').count() === 0, { what: 'the entry to leave the list', timeout: 30_000 });
        assert.equal(fs.readdirSync(store).length, before - 1, 'the agent deleted its session');
        await window.page.keyboard.press('Escape');

        await chat.newSession();
        await chat.send('@SessionAgent made in Theia');
        await chat.waitForText('Echo: made in Theia');
        await chat.waitUntilIdle();
        const closes = sent().filter(method => method === 'session/close').length;
        await chat.deleteActiveSession();
        await waitUntil(() => sent().filter(method => method === 'session/close').length === closes + 1, { what: 'session/close to reach the agent', timeout: 30_000 });
    });

    it('qwen: a conversation from qwen\'s own run is listed, opens with its replay, and the next prompt carries it', async function () {
        const qwenEnv = { HOME: path.join(root, 'home'), ...openai.env('fake-openai-key-0123456789') };
        openai.enqueue({ text: 'Noted: the bird is an ostrich.' });
        await madeOutside({ workspace, command: findCliBinary('qwen', '@qwen-code/qwen-code'), args: ['--acp'], env: qwenEnv }, ['Remember the word OSTRICH']);
        await browse();
        await chat.loadAgentHistories(); // qwen does not run yet
        const entry = row('Qwen Code:');
        await waitUntil(async () => await entry.count() > 0, { what: 'qwen\'s session in the list', timeout: 60_000,
            diagnostics: async () => (await chat.listedChat('').allTextContents()).join('\n') });
        console.log(`      qwen listed: ${(await entry.allTextContents()).join(' | ')}`);
        await entry.first().click();
        await chat.waitForText('Remember the word OSTRICH');
        await chat.waitForText('Noted: the bird is an ostrich.');
        openai.enqueue({ text: 'You told me OSTRICH.' });
        const count = openai.chatRequests.length;
        await chat.send('Which word did I tell you?');
        await chat.waitForText('You told me OSTRICH.');
        await chat.waitUntilIdle();
        const request = openai.chatRequests.slice(count).find(candidate => JSON.stringify(candidate.body.messages).includes('Which word'));
        assert.ok(request, 'the prompt reached the model');
        assert.match(JSON.stringify(request.body.messages), /Remember the word OSTRICH/, 'the model request carries the conversation from qwen\'s own run');
        assert.doesNotMatch(await chat.text(), /starts fresh/);
    });
});
