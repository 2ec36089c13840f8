// Claude Code through Zed's ACP adapter (@zed-industries/claude-agent-acp, bin claude-agent-acp) as an
// `aiCliChat.agents` entry of Theia's AI chat, in Chromium: the real adapter and the Claude Code its
// Agent SDK brings, against the loopback fake Anthropic API. A streamed answer; an edit asks with the
// adapter's own options and Claude Code writes the file itself (the adapter never calls fs/*), which
// still lands in the chat's change set; Reject reaches the model; a Bash command's output and exit code
// on its tool card (Claude Code runs it: the adapter never calls terminal/*); nothing left after the app.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { descendants, isAlive } from '../support/agent-api-process.mjs';
import { CliHome } from '../support/cli-home.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { FAKE_ANTHROPIC_KEY, FakeAnthropicApi, turnText } from '../support/fake-anthropic-api.mjs';
import { TheiaChat } from '../support/theia-chat.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

/** The adapter processes among the backend's descendants, and what they run (Claude Code renames itself "claude"). */
function claudeProcesses(backendPid) {
    const adapters = descendants(backendPid).filter(pid => {
        try {
            return /claude-agent-acp/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
        } catch {
            return false;
        }
    });
    return [...adapters, ...adapters.flatMap(pid => descendants(pid))];
}

describe('Claude Code through Zed\'s ACP adapter in Theia\'s AI chat (real claude-agent-acp 0.23.1)', function () {
    let browser, api, root, backend, window, chat, workspace;
    const seenPids = new Set();

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        api = await FakeAnthropicApi.start({ defaultText: 'A title' });
        cleanup.push(() => api.close());
        root = makeTempRoot('acp-chat-claude-');
        cleanup.push(() => removeTempRoot(root));
        // The backend's HOME is <root>/home: Claude Code's ~/.claude.json there, first-run dialogs answered, the workspace trusted.
        const home = new CliHome(root);
        home.setUpClaude(FAKE_ANTHROPIC_KEY);
        workspace = writeTree(home.workspace, { 'notes.txt': 'alpha\nkeep\n' });
        // The adapter is found on PATH, as after `npm install -g @zed-industries/claude-agent-acp`.
        const binDir = path.join(root, 'bin');
        fs.mkdirSync(binDir);
        fs.symlinkSync(findCliBinary('claude-agent-acp', '@zed-industries/claude-agent-acp'), path.join(binDir, 'claude-agent-acp'));
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            env: { PATH: [binDir, path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter) },
            settings: {
                'aiCliChat.agents': [{
                    name: 'Claude', command: 'claude-agent-acp', description: 'Claude Code (Zed\'s ACP adapter)',
                    env: {
                        ...api.env(), DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
                        // Otherwise Claude Code tries to git-clone the official plugin marketplace from github.com.
                        CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
                        // As root, the adapter passes --allow-dangerously-skip-permissions when IS_SANDBOX is set at
                        // all, and Claude Code then exits unless it is exactly "1" (session/new fails).
                        ...(process.getuid?.() === 0 ? { IS_SANDBOX: '1' } : {})
                    }
                }]
            }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window?.close());
        chat = new TheiaChat(window);
        await chat.open();
    });

    const remember = () => claudeProcesses(backend.pid).forEach(pid => seenPids.add(pid));

    it('streams Claude\'s answer as markdown', async () => {
        api.enqueue({ text: 'Hello from **Claude**.' });
        await chat.send('@Claude Say hello');
        await chat.waitForText('Hello from Claude.');
        await chat.waitUntilIdle();
        assert.equal(await chat.view.locator('strong', { hasText: 'Claude' }).count() > 0, true, 'the answer is rendered markdown');
        remember();
        assert.ok(seenPids.size >= 2, 'the adapter and its Claude Code run under the Theia backend');
    });

    it('a Write asks with the adapter\'s own options; Allow: Claude Code writes the file and the change set lists it', async () => {
        const target = path.join(workspace, 'hello.txt');
        api.enqueue({ toolUse: { name: 'Write', input: { file_path: target, content: 'hello from claude\n' } } }, { text: 'Written.' });
        await chat.send('@Claude Write hello.txt');
        const options = await chat.permissionOptions();
        assert.deepEqual([...options].sort(), ['Allow', 'Always Allow', 'Reject']);
        assert.equal(fs.existsSync(target), false, 'nothing is written before the answer');
        await chat.choose('Allow');
        await chat.waitForText('Written.');
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(target, 'utf8'), 'hello from claude\n');
        await waitUntil(async () => (await chat.changeSetFiles()).some(name => name.includes('hello.txt')),
            { what: 'the change set to list hello.txt', diagnostics: async () => (await chat.changeSetFiles()).join(', ') });
    });

    it('an Edit of a file open in the editor: the editor shows Claude\'s text, and Revert in the change set restores the text from before', async () => {
        const target = path.join(workspace, 'notes.txt');
        await window.openFile('notes.txt');
        api.enqueue(
            { toolUse: { name: 'Read', input: { file_path: target } } },
            { toolUse: { name: 'Edit', input: { file_path: target, old_string: 'alpha', new_string: 'beta' } } },
            { text: 'Edited.' });
        await chat.send('@Claude Change alpha to beta in notes.txt');
        assert.deepEqual([...await chat.permissionOptions()].sort(), ['Allow', 'Always Allow', 'Reject']);
        await chat.choose('Allow');
        await chat.waitForText('Edited.');
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(target, 'utf8'), 'beta\nkeep\n');
        const editor = window.page.locator('#theia-main-content-panel .monaco-editor').filter({ visible: true }).first();
        await waitUntil(async () => (await window.renderedText(editor)).startsWith('beta'),
            { what: 'the open editor to show Claude\'s edit', timeout: 15_000, diagnostics: () => window.renderedText(editor) });
        await waitUntil(async () => (await chat.changeSetFiles()).some(name => name.includes('notes.txt')), { what: 'the change set to list notes.txt' });
        await chat.revertChangeSetFile('notes.txt');
        await waitUntil(() => fs.readFileSync(target, 'utf8') === 'alpha\nkeep\n',
            { what: 'notes.txt to hold its text from before the edit', timeout: 10_000, diagnostics: () => fs.readFileSync(target, 'utf8') });
    });

    it('Reject leaves the file unwritten and the model hears the refusal', async () => {
        const target = path.join(workspace, 'refused.txt');
        api.enqueue({ toolUse: { name: 'Write', input: { file_path: target, content: 'nope\n' } } }, { text: 'Understood, not written.' });
        await chat.send('@Claude Write refused.txt');
        await chat.permissionOptions();
        await chat.choose('Reject');
        await chat.waitForText('Understood, not written.');
        await chat.waitUntilIdle();
        assert.equal(fs.existsSync(target), false);
        assert.match(turnText(api.turns.at(-1)), /User refused permission to run tool/, 'the tool result tells the model');
        assert.equal((await chat.changeSetFiles()).some(name => name.includes('refused.txt')), false);
    });

    it('a Bash command Claude Code runs itself: its output and exit code on the tool card (no client terminal)', async () => {
        const command = 'echo out-line; echo err-line >&2; exit 3';
        api.enqueue({ toolUse: { name: 'Bash', input: { command, description: 'Print two lines and fail' } } }, { text: 'Ran it.' });
        await chat.send('@Claude Run the check');
        await chat.permissionOptions();
        await chat.choose('Allow');
        await chat.waitForText('Ran it.');
        await chat.waitUntilIdle();
        const card = chat.view.locator('.theia-acp-tool-call', { has: window.page.locator('.theia-acp-tool-call-title', { hasText: command }) }).last();
        assert.equal(await card.locator('.theia-acp-tool-call-status-text').textContent(), 'failed');
        // The adapter's output block, without the markdown fence it wraps it in.
        assert.equal(await card.locator('.theia-acp-tool-output').textContent(), 'Exit code 3\nout-line\nerr-line');
        assert.equal(await chat.view.locator('.theia-acp-terminal').count(), 0, 'the adapter never asks for a client terminal');
    });

    it('stopping the backend leaves neither the adapter nor its Claude Code running', async () => {
        remember();
        const pids = [...seenPids];
        assert.ok(pids.some(isAlive), 'they run before the stop');
        await window.close();
        window = undefined;
        await backend.stop();
        await waitUntil(() => !pids.some(isAlive), { what: 'every Claude process to be gone', timeout: 15_000,
            diagnostics: () => pids.filter(isAlive).map(pid => `${pid}: ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')}`).join('\n') });
    });
});
