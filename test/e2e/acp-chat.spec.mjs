// Gemini CLI, Qwen Code and an ACP agent written in this test, as agents of Theia's own AI chat view,
// in Chromium: the real `gemini --acp` and `qwen --acp` against the loopback fake model APIs, with no
// Theia language model or AI API key configured. Streamed answers and thoughts, the agent's own
// permission buttons, written files in the change set, Stop, a killed agent, and no process left.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../support/agent-api-process.mjs';
import { ChatApp } from '../support/chat-app.mjs';
import { descendantsRunning } from '../support/processes.mjs';
import { REPO_ROOT, waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
const SCREENSHOT = path.join(REPO_ROOT, 'docs', 'images', 'acp-chat-gemini.png');

describe('ACP agents in Theia\'s AI chat (real gemini --acp and qwen --acp)', function () {
    let gemini, openai, backend, window, chat, workspace;
    const seenPids = new Set();
    const remember = pattern => descendantsRunning(backend.pid, pattern).forEach(pid => seenPids.add(pid));

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, {
            prefix: 'acp-chat-', gemini: true, openai: true,
            files: { 'README.md': '# sample\n', 'notes.txt': 'saved text\n', 'draft.txt': 'draft on disk\n' }
        });
        ({ gemini, openai, workspace } = app);
        // The CLIs are found on PATH, as a user's would be.
        ({ backend, window, chat } = await app.openAcp({
            settings: {
                'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT], description: 'An ACP agent written in the test' }],
                'files.autoSave': 'off'
            }
        }));
    });

    it('streams gemini\'s answer as markdown and its thought as a thinking part', async () => {
        gemini.enqueue({ thought: '**Planning** I should greet the user.', text: 'Hello from **Gemini**.' });
        await chat.send('@GeminiCLI Say hello');
        await chat.waitForText('Hello from Gemini.');
        await chat.waitUntilIdle();
        const text = await chat.view.textContent();
        assert.match(text, /Planning/, 'the thought is shown');
        assert.equal(await chat.view.locator('strong', { hasText: 'Gemini' }).count() > 0, true, 'the answer is rendered markdown');
        remember(/gemini/);
        assert.ok(seenPids.size > 0, 'gemini runs under the Theia backend');
    });

    it('an edit asks with gemini\'s own options; Allow writes the file and the change set lists it', async () => {
        const target = path.join(workspace, 'hello.txt');
        gemini.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'hello from gemini\n' } } }, { text: 'Done writing.' });
        await chat.send('@GeminiCLI Write hello.txt');
        const options = await chat.permissionOptions();
        assert.deepEqual([...options].sort(), ['Allow', 'Allow for this session', 'Reject']);
        assert.equal(fs.existsSync(target), false, 'nothing is written before the answer');
        await window.resizePanel('right', 520); // the README's picture: the chat at a width people give it
        await window.page.locator('#theia-right-content-panel').screenshot({ path: SCREENSHOT });
        await chat.choose('Allow');
        await chat.waitForText('Done writing.');
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(target, 'utf8'), 'hello from gemini\n');
        await waitUntil(async () => (await chat.changeSetFiles()).some(name => name.includes('hello.txt')), { what: 'the change set to list hello.txt' });
    });

    it('Reject leaves the file unwritten and gemini hears the refusal', async () => {
        const target = path.join(workspace, 'refused.txt');
        gemini.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'nope\n' } } }, { text: 'Understood, not written.' });
        await chat.send('@GeminiCLI Write refused.txt');
        await chat.permissionOptions();
        await chat.choose('Reject');
        await chat.waitForText('Understood, not written.');
        await chat.waitUntilIdle();
        assert.equal(fs.existsSync(target), false);
        const lastRequest = JSON.stringify(gemini.chatRequests.at(-1).body.contents.at(-1));
        assert.match(lastRequest, /cancel/i, 'the model is told the call was refused');
    });

    it('Stop ends a hanging turn; the same gemini process answers the next prompt', async () => {
        const before = descendantsRunning(backend.pid, /gemini/);
        gemini.enqueue({ hold: true });
        await chat.send('@GeminiCLI Take your time');
        await waitUntil(() => gemini.held.size === 1, { what: 'the model request to be held', timeout: 60_000 });
        await chat.stop();
        await chat.waitUntilIdle(15_000);
        gemini.releaseHeld();
        gemini.enqueue({ text: 'Still here.' });
        await chat.send('@GeminiCLI Are you there?');
        await chat.waitForText('Still here.');
        assert.deepEqual(descendantsRunning(backend.pid, /gemini/), before, 'no new process');
    });

    it('gemini killed mid-turn: a clear error within seconds, and the next prompt starts a fresh process', async () => {
        gemini.enqueue({ hold: true });
        await chat.send('@GeminiCLI Hang on');
        await waitUntil(() => gemini.held.size === 1, { what: 'the model request to be held', timeout: 60_000 });
        const victims = descendantsRunning(backend.pid, /gemini/);
        assert.ok(victims.length > 0);
        victims.forEach(pid => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
        await chat.waitForText(/Gemini CLI exited[^]*next request starts a new agent/, 15_000);
        await chat.waitUntilIdle(5_000);
        gemini.releaseHeld();
        gemini.enqueue({ text: 'Back again.' });
        await chat.send('@GeminiCLI Hello again');
        await chat.waitForText('Back again.');
        remember(/gemini/);
        assert.ok(descendantsRunning(backend.pid, /gemini/).every(pid => !victims.includes(pid)), 'a fresh process');
    });

    it('the mode selector offers gemini\'s modes; in Auto Edit an edit is written with no question', async () => {
        const target = path.join(workspace, 'auto.txt');
        gemini.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'auto edit\n' } } }, { text: 'Auto written.' });
        await chat.type('@GeminiCLI ');
        await chat.selectMode('Auto Edit');
        await chat.type('Write auto.txt');
        await chat.submit();
        // Nobody answers a question here: the turn can only end if none was asked.
        await chat.waitForText('Auto written.');
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(target, 'utf8'), 'auto edit\n');
        // Only this turn's tool call: earlier turns' answered questions may still be rendered above it.
        const call = chat.view.locator('.theia-acp-tool-call', { hasText: 'auto.txt' }).last();
        await call.waitFor();
        assert.equal(await call.locator('.theia-acp-permission').count(), 0, 'no permission question was shown');
    });

    it('an ACP agent written in the test, configured in aiCliChat.agents: answers, asks with its options, writes through the editor', async () => {
        await chat.newSession();
        await chat.send('@TinyAgent hello there');
        await chat.waitForText('Echo: hello there');
        remember(/tiny-acp-agent/);
        const target = path.join(workspace, 'tiny.txt');
        await chat.send(`@TinyAgent write ${target} from the tiny agent`);
        assert.deepEqual(await chat.permissionOptions(), ['Allow', 'Always allow', 'Reject']);
        await chat.choose('Allow');
        await chat.waitForText(`Wrote ${target}.`);
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(target, 'utf8'), 'from the tiny agent\n');
        await waitUntil(async () => (await chat.changeSetFiles()).some(name => name.includes('tiny.txt')), { what: 'the change set to list tiny.txt' });
    });

    it('the agent reads the open editor\'s unsaved text', async () => {
        await window.openFile('notes.txt');
        await window.page.keyboard.press('Control+End');
        await window.page.keyboard.type('unsaved words');
        assert.equal(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8'), 'saved text\n', 'not saved');
        await chat.send(`@TinyAgent read ${path.join(workspace, 'notes.txt')}`);
        await chat.waitForText('unsaved words');
        // The turn ends before the next test sends: a message sent while it runs would wait in the chat's queue.
        await chat.waitUntilIdle();
    });

    it('gemini and a dirty buffer: its replace tool edits the unsaved text (read through fs/read_text_file); its read_file gets the disk', async () => {
        const target = path.join(workspace, 'draft.txt');
        await window.openFile('draft.txt');
        await window.page.keyboard.press('Control+End');
        await window.page.keyboard.type('typed only');
        assert.equal(fs.readFileSync(target, 'utf8'), 'draft on disk\n', 'not saved');
        const asked = gemini.chatRequests.length;
        gemini.enqueue(
            { functionCall: { name: 'read_file', args: { file_path: target } } },
            { functionCall: { name: 'replace', args: { file_path: target, instruction: 'Reword the last line.', old_string: 'typed only', new_string: 'edited by gemini' } } },
            { text: 'Replaced it.' });
        await chat.send('@GeminiCLI Reword the last line of draft.txt');
        // Gemini asks: Auto Edit chosen in the other chat (the test before) must not follow the prompt here. It did: the
        // prompt, sent before the input had read "@GeminiCLI", carried the mode selected for the agent before.
        await chat.permissionOptions();
        await chat.choose('Allow');
        await chat.waitForText('Replaced it.');
        await chat.waitUntilIdle();
        // The edit found 'typed only', which only the editor held: gemini's edit tool read the buffer through the chat.
        assert.equal(fs.readFileSync(target, 'utf8'), 'draft on disk\nedited by gemini');
        // What the model saw: read_file's answer is the disk copy; the replace succeeded.
        const responses = gemini.chatRequests.slice(asked).flatMap(request => request.body.contents.at(-1).parts ?? [])
            .filter(part => part.functionResponse).map(part => JSON.stringify(part.functionResponse));
        const read = responses.find(text => text.includes('"read_file"'));
        const replaced = responses.find(text => text.includes('"replace"'));
        assert.ok(read?.includes('draft on disk') && !read.includes('typed only'), `read_file's answer: ${read}`);
        assert.ok(replaced && !/error|could not find|0 occurrences/i.test(replaced), `replace's answer: ${replaced}`);
        console.log(`      what gemini's model saw: read_file → ${read}; replace → ${replaced}`);
    });

    it('a write to the open file: the backend writes the disk, the editor shows it unmodified, and Revert brings back the text the agent read', async () => {
        const target = path.join(workspace, 'notes.txt'); // open since two tests before, with text typed into it
        await chat.newSession(); // a chat of its own: what the gemini turn before left in its chat is not this test's
        await window.openFile('notes.txt'); // back to its tab: the test before opened draft.txt
        await chat.send(`@TinyAgent write ${target} from the agent`);
        await chat.permissionOptions();
        await chat.choose('Allow');
        await chat.waitForText(`Wrote ${target}.`);
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(target, 'utf8'), 'from the agent\n');
        const editor = window.page.locator('#theia-main-content-panel .monaco-editor').filter({ visible: true }).first();
        await waitUntil(async () => (await window.renderedText(editor)).trim() === 'from the agent',
            { what: 'the open editor to show the agent\'s text', timeout: 10_000, diagnostics: () => window.renderedText(editor) });
        assert.equal(await window.tab('notes.txt').evaluate(tab => tab.classList.contains('theia-mod-dirty')), false, 'nothing left to save');
        await waitUntil(async () => (await chat.changeSetFiles()).some(name => name.includes('notes.txt')), { what: 'the change set to list notes.txt' });
        await chat.revertChangeSetFile('notes.txt');
        await waitUntil(() => fs.readFileSync(target, 'utf8') === 'saved text\nunsaved words',
            { what: 'notes.txt to hold the text the agent read', timeout: 10_000, diagnostics: () => fs.readFileSync(target, 'utf8') });
    });

    it('qwen: reasoning as a thought, streamed text, and an allowed write', async () => {
        openai.enqueue({ reasoning: 'I should greet.', text: 'Hello from Qwen.' });
        await chat.send('@QwenCode Say hello');
        await chat.waitForText('Hello from Qwen.');
        assert.match(await chat.view.textContent(), /I should greet\./);
        await chat.waitUntilIdle();
        remember(/qwen/);
        const target = path.join(workspace, 'qwen.txt');
        openai.enqueue({ toolCalls: [{ name: 'write_file', args: { file_path: target, content: 'hello from qwen\n' } }] }, { text: 'Qwen wrote it.' });
        await chat.send('@QwenCode Write qwen.txt');
        const options = await chat.permissionOptions();
        assert.ok(options.includes('Allow') && options.includes('Reject'), options.join(', '));
        await chat.choose('Allow');
        await chat.waitForText('Qwen wrote it.');
        assert.equal(fs.readFileSync(target, 'utf8'), 'hello from qwen\n');
    });

    it('leaves no agent process behind when the app stops (gemini ignores SIGTERM)', async () => {
        remember(/gemini|qwen|tiny-acp-agent/);
        assert.ok(seenPids.size >= 3, `agents were running: ${[...seenPids].join(', ')}`);
        await window.close();
        window = undefined; // closed: the cleanup skips it
        await backend.stop();
        await waitUntil(() => [...seenPids].every(pid => !isAlive(pid)), { what: 'every agent process to be gone', timeout: 10_000 });
    });
});
