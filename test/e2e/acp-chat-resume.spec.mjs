// A chat that outlives the app and the agent (issue 23 part 1), in Chromium with the real `qwen --acp` and
// `gemini --acp` against the loopback fakes. A real restart: the backend is stopped and a new one starts on the
// same HOME and workspace; the chat is reopened from Theia's "Browse all chats..." and the next prompt's model
// request carries the turn from before the restart (qwen 0.24 offers session/resume). Then qwen is killed
// (SIGKILL) and the next prompt still recalls. gemini 0.61 cannot continue a session (the engine does not use
// its session/load, which erases the session): its restored chat says plainly that it starts fresh.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { descendantsRunning } from '../support/processes.mjs';
import { waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { filesContaining } from '../support/chat-api-key.mjs';

/** Everything the model was sent in one OpenAI chat request. */
const sent = request => JSON.stringify(request.body.messages);

describe('A chat continues the agent\'s own session after a restart and a crash (real qwen and gemini)', function () {
    let app, gemini, openai, root, backend, window, chat;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    async function start() {
        ({ backend, window, chat } = await app.openAcp());
    }

    async function stop() {
        await app.close();
    }

    /** Waits until Theia's session store has the chat that mentions `word` on disk. */
    async function persisted(word) {
        await waitUntil(() => filesContaining(path.join(root, 'home'), word).some(file => file.includes('chatSessions')),
            { what: `the chat with ${word} to be stored`, timeout: 30_000 });
    }

    /** Reopens the chat whose title has `word`, from Browse all chats. */
    async function reopen(word) {
        await window.runCommand('Browse all chats');
        await window.page.locator('.quick-input-list .monaco-list-row', { hasText: word }).first().click();
        await chat.waitForText(word);
    }

    before(async () => {
        app = await ChatApp.start(cleanup, { prefix: 'acp-chat-resume-', gemini: true, openai: { model: 'fake-model' } });
        ({ gemini, openai, root } = app);
        await start();
    });

    it('qwen: after a real backend restart the reopened chat\'s next prompt carries the turn from before', async () => {
        openai.enqueue({ text: 'Noted, the bird is a pelican.' });
        await chat.send('@QwenCode Remember the word PELICAN');
        await chat.waitForText('Noted, the bird is a pelican.');
        await chat.waitUntilIdle();
        await persisted('PELICAN');
        await stop();
        await start();
        await reopen('PELICAN');
        openai.enqueue({ text: 'You told me PELICAN.' });
        const before = openai.chatRequests.length;
        await chat.send('@QwenCode Which word did I tell you?');
        await chat.waitForText('You told me PELICAN.');
        await chat.waitUntilIdle();
        const [request] = openai.chatRequests.slice(before);
        assert.match(sent(request), /Remember the word PELICAN/, 'the model request after the restart carries the earlier prompt');
        assert.match(sent(request), /Noted, the bird is a pelican/, 'and the earlier answer');
        assert.doesNotMatch(await chat.text(), /starts fresh/);
    });

    it('qwen: killed between turns, the next prompt still recalls the conversation', async () => {
        const victims = descendantsRunning(backend.pid, /qwen/);
        assert.ok(victims.length > 0, 'qwen runs');
        victims.forEach(pid => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
        await waitUntil(() => descendantsRunning(backend.pid, /qwen/).every(pid => !victims.includes(pid)), { what: 'qwen to be gone', timeout: 15_000 });
        openai.enqueue({ text: 'Still PELICAN after the crash.' });
        const before = openai.chatRequests.length;
        await chat.send('@QwenCode And now?');
        await chat.waitForText('Still PELICAN after the crash.');
        await chat.waitUntilIdle();
        const [request] = openai.chatRequests.slice(before);
        assert.match(sent(request), /Remember the word PELICAN/);
        assert.match(sent(request), /You told me PELICAN/);
    });

    it('gemini: a restored chat says plainly that it starts fresh, and answers', async () => {
        await chat.newSession();
        gemini.enqueue({ text: 'Hello from gemini, FLAMINGO noted.' });
        await chat.send('@GeminiCLI Remember FLAMINGO');
        await chat.waitForText('Hello from gemini, FLAMINGO noted.');
        await chat.waitUntilIdle();
        await persisted('FLAMINGO');
        await stop();
        await start();
        await reopen('FLAMINGO');
        gemini.enqueue({ text: 'A fresh answer.' });
        await chat.send('@GeminiCLI Which bird?');
        await chat.waitForText('A fresh answer.');
        assert.match(await chat.text(), /Gemini CLI cannot resume sessions: this conversation starts fresh/);
    });
});
