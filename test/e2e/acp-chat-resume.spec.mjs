// A chat that outlives the app and the agent (issue 23 part 1), in Chromium with the real `qwen --acp` and
// `gemini --acp` against the loopback fakes. A real restart: the backend is stopped and a new one starts on the
// same HOME and workspace; the chat is reopened from Theia's "Browse all chats..." and the next prompt's model
// request carries the turn from before the restart (qwen 0.24 offers session/resume). Then qwen is killed
// (SIGKILL) and the next prompt still recalls. gemini 0.61 cannot continue a session (the engine does not use
// its session/load, which erases the session): its fresh session is given the chat's own transcript as context in
// its first prompt, and the chat says so in a line that opens to exactly what was sent (issue 31 part 1). So is the
// test's agent, which offers neither load nor resume, after it died between turns.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { descendantsRunning } from '../support/processes.mjs';
import { REPO_ROOT, waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { filesContaining } from '../support/chat-api-key.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');

/** Everything the model was sent in one OpenAI chat request. */
const sent = request => JSON.stringify(request.body.messages);
/** The text of the last user turn in one Gemini request (what this prompt added), and of the whole request. */
const geminiPrompt = request => request.body.contents.at(-1).parts.map(part => part.text ?? '').join('');
const geminiSent = request => request.body.contents.map(content => content.parts.map(part => part.text ?? '').join('')).join('\n');

describe('A chat continues the agent\'s own session after a restart and a crash (real qwen and gemini)', function () {
    let app, gemini, openai, root, backend, window, chat;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    async function start() {
        ({ backend, window, chat } = await app.openAcp({
            settings: { 'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT], description: 'An ACP agent without load or resume' }] }
        }));
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
        await window.page.locator('.quick-input-list .monaco-list-row', { hasText: word }).first().waitFor({ timeout: 60_000 });
        await chat.pickerSettled();
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

    it('gemini: after a real backend restart the fresh session\'s first model request carries the earlier turn, given as context', async () => {
        await chat.newSession();
        gemini.enqueue({ text: 'Hello from gemini, FLAMINGO noted.' });
        await chat.send('@GeminiCLI Remember FLAMINGO');
        await chat.waitForText('Hello from gemini, FLAMINGO noted.');
        await chat.waitUntilIdle();
        // The answer too: Theia may store the chat with the question before the answer is in.
        await persisted('FLAMINGO noted');
        await stop();
        await start();
        await reopen('FLAMINGO');
        gemini.enqueue({ text: 'You told me FLAMINGO.' });
        const before = gemini.chatRequests.length;
        await chat.send('@GeminiCLI Which bird?');
        await chat.waitForText('You told me FLAMINGO.');
        await chat.waitUntilIdle();
        const [request] = gemini.chatRequests.slice(before);
        const prompt = geminiPrompt(request);
        assert.match(prompt, /User: Remember FLAMINGO/, `the model request after the restart carries the earlier prompt:\n${prompt}`);
        assert.match(prompt, /Gemini CLI: Hello from gemini, FLAMINGO noted\./, `and the earlier answer:\n${prompt}`);
        assert.match(geminiPrompt(request), /Which bird\?/);
        const text = await chat.text();
        assert.match(text, /Gemini CLI cannot resume sessions: Gemini CLI was given this chat's earlier conversation instead \(1 turn\)\./);
        assert.doesNotMatch(text, /does not remember/);
        // The line opens to exactly what was sent.
        const note = chat.view.locator('.theia-acp-earlier-context');
        await note.locator('summary').click();
        const shown = await note.locator('.theia-acp-earlier-context-sent').textContent();
        assert.match(shown, /^The conversation so far in this chat/);
        assert.ok(geminiPrompt(request).includes(shown), `the request holds the shown text whole:\n${shown}`);
        // In the first prompt only: the next one adds just the user's words (the session itself keeps the first).
        gemini.enqueue({ text: 'Still FLAMINGO.' });
        await chat.send('@GeminiCLI And now?');
        await chat.waitForText('Still FLAMINGO.');
        await chat.waitUntilIdle();
        const next = gemini.chatRequests.at(-1);
        assert.doesNotMatch(geminiPrompt(next), /The conversation so far/);
        assert.equal(geminiSent(next).split('The conversation so far in this chat').length - 1, 1, 'the context is in the session once');
    });

    it('an agent without load or resume (the test agent), dead between turns: its fresh session is given the earlier conversation', async () => {
        await chat.newSession();
        await chat.send('@TinyAgent remember OSPREY');
        await chat.waitForText('Echo: remember OSPREY');
        await chat.waitUntilIdle();
        await chat.send('@TinyAgent die');
        await chat.waitForText(/exited \(code 3\)/);
        await chat.waitUntilIdle();
        await chat.send('@TinyAgent context');
        await chat.waitForText('Context: ');
        await chat.waitUntilIdle();
        const text = await chat.text();
        assert.match(text, /TinyAgent cannot resume sessions: TinyAgent was given this chat's earlier conversation instead \(2 turns\)\./);
        assert.match(text, /Context: The conversation so far in this chat[\s\S]*User: remember OSPREY[\s\S]*TinyAgent: Echo: remember OSPREY[\s\S]*User: die/);
        assert.doesNotMatch(text, /Context: \(none\)/);
    });
});
