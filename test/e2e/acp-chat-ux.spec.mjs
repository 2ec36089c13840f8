// Theia's AI chat with an ACP agent written in the test (configured through aiCliChat.agents), in
// Chromium: what the chat offers around a turn. The agents with their descriptions in the `@`
// suggestions, the agent's commands on `/`; change-set entries revert to the content from before the
// agent wrote; the diff button opens Theia's native diff editor; a missing agent's answer offers the
// install; Send Selection fills the chat input; a permission question counts in the companion's
// pending-review status item; a command the agent runs in a client terminal shows live on its tool
// card, and closing the chat session or stopping the backend leaves none of those commands running.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { processesMatching } from '../support/processes.mjs';
import { REPO_ROOT, TheiaBackend, waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
const TERMINAL_SCREENSHOT = path.join(REPO_ROOT, 'docs', 'images', 'acp-chat-terminal.png');

describe('Theia\'s AI chat around an ACP agent\'s turn (change set revert, suggestions, diff editor)', function () {
    let root, backend, window, chat, workspace, npmLog, promptLog;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, {
            prefix: 'acp-chat-ux-', files: {
                'keep.txt': 'old text\n', 'empty.txt': '', 'code.txt': 'one\ntwo\nthree\n',
                // Prints, then waits for the test to create "go": the card must show the first line while it runs.
                'steps.sh': 'echo "first line"\nwhile [ ! -e go ]; do sleep 0.05; done\necho "second line"\nexit 7\n',
                // A shell with a child that would outlive it: only a process-group kill takes both.
                'long-4711.sh': 'echo "long started"\nsleep 4711 &\nwait\n',
                'long-4712.sh': 'echo "long started"\nsleep 4712 &\nwait\n'
            }
        });
        ({ root, workspace } = app);
        // No gemini on PATH; npm is a stand-in that records what it was asked (a real global install would download).
        const binDir = path.join(root, 'bin');
        npmLog = path.join(root, 'npm-calls.log');
        promptLog = path.join(root, 'tiny-prompts.log');
        fs.mkdirSync(binDir);
        fs.writeFileSync(path.join(binDir, 'npm'), `#!/bin/sh\necho "$@" >> '${npmLog}'\n`, { mode: 0o755 });
        ({ backend, window, chat } = await app.open(() => TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            env: { PATH: [binDir, path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter) },
            settings: {
                'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT, '--prompt-log', promptLog], description: 'An ACP agent written in the test' }]
            }
        })));
    });

    // With an editor open the input's option icons can lie over the send button: send with the button's own click event.
    const sendByEvent = async text => {
        await chat.type(text);
        await chat.view.locator('.theia-ChatInput .codicon-send').first().dispatchEvent('click');
    };
    const pendingText = () => window.page.evaluate(() => document.getElementById('status-bar-ai-cli-companion-pending-reviews')?.textContent?.trim() ?? '');

    it('the @ suggestions list the ACP agents with their descriptions', async () => {
        const rows = await chat.suggestions('', '@');
        const row = name => rows.find(text => text.startsWith(name)) ?? '';
        assert.match(row('TinyAgent'), /An ACP agent written in the test/, rows.join('\n'));
        assert.match(row('GeminiCLI'), /Gemini CLI/, rows.join('\n'));
        assert.match(row('QwenCode'), /Qwen Code/, rows.join('\n'));
    });

    it('Enter sends the prompt once; an Enter that picks an @ suggestion sends the agent nothing', async () => {
        // A turn first: a prompt leaves at the key press only to an agent whose session is open and idle.
        await chat.send('@TinyAgent ready for keys');
        await chat.waitForText('Echo: ready for keys');
        await chat.waitUntilIdle();
        const logged = () => fs.readFileSync(promptLog, 'utf8').split('\n').filter(Boolean);
        const before = logged().length;
        const typeInInput = async text => {
            await chat.clearInput();
            await window.page.keyboard.type(text, { delay: 5 });
        };
        // "@Tiny" opens the agent suggestions: Enter picks TinyAgent and must not send "@Tiny".
        const rows = window.page.locator('.suggest-widget.visible .monaco-list-row');
        await waitUntil(async () => {
            await typeInInput('@Tiny');
            return rows.first().waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false);
        }, { what: 'the @ suggestions on "@Tiny"', timeout: 20_000 });
        await window.page.keyboard.press('Enter');
        await waitUntil(async () => (await chat.inputText()).startsWith('@TinyAgent'), { what: 'the suggestion in the input', timeout: 10_000 });
        // Then Enter in the input, the suggestions closed: the prompt goes, and reaches the agent once.
        await window.page.keyboard.type('sent with enter', { delay: 5 });
        await window.page.keyboard.press('Escape');
        await window.page.keyboard.press('Enter');
        await chat.waitForText('Echo: sent with enter');
        await chat.waitUntilIdle();
        // The agent answers prompts in order, so a stray "@Tiny" would be logged before this one.
        assert.deepEqual(logged().slice(before), ['sent with enter']);
    });

    it('a click on Send leaves the focus in the input: the editor is never blurred', async () => {
        await chat.type('@TinyAgent keep the focus');
        // Monaco takes keys through a textarea or, in a recent Chromium, an EditContext element: whatever holds the focus inside.
        const editor = chat.view.locator('.theia-ChatInput-Editor').first();
        const focusedInside = () => editor.evaluate(element => element.contains(document.activeElement));
        assert.ok(await focusedInside(), 'the input has the focus before the click');
        await editor.evaluate(element => {
            window.__inputBlurs = 0;
            element.addEventListener('focusout', event => {
                if (!element.contains(event.relatedTarget)) {
                    window.__inputBlurs++;
                }
            });
        });
        await chat.submit(); // a real mouse click: down, up
        await chat.waitForText('Echo: keep the focus');
        await chat.waitUntilIdle();
        assert.equal(await window.page.evaluate(() => window.__inputBlurs), 0);
        assert.ok(await focusedInside(), 'the input has the focus after the turn');
    });

    it('reverting the change set restores the file from before the turn (an empty one too), and deletes a file the agent created', async () => {
        const kept = path.join(workspace, 'keep.txt');
        const created = path.join(workspace, 'fresh.txt');
        const empty = path.join(workspace, 'empty.txt');
        await chat.send(`@TinyAgent write ${empty} filled in`);
        await chat.permissionOptions();
        await chat.choose('Allow');
        await chat.waitForText(`Wrote ${empty}.`);
        await chat.waitUntilIdle();
        await chat.send(`@TinyAgent write ${kept} new text`);
        await chat.permissionOptions();
        await chat.choose('Allow');
        await chat.waitForText(`Wrote ${kept}.`);
        await chat.waitUntilIdle();
        await chat.send(`@TinyAgent write ${created} brand new`);
        await chat.permissionOptions();
        await chat.choose('Allow');
        await chat.waitForText(`Wrote ${created}.`);
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(kept, 'utf8'), 'new text\n');
        assert.equal(fs.readFileSync(created, 'utf8'), 'brand new\n');
        assert.equal(fs.readFileSync(empty, 'utf8'), 'filled in\n');
        await waitUntil(async () => (await chat.changeSetFiles()).length === 3, { what: 'the change set to list the three files' });
        await chat.revertChangeSetFile('empty.txt');
        await waitUntil(() => fs.readFileSync(empty, 'utf8') === '', { what: 'empty.txt to be empty again', timeout: 10_000 });
        await chat.revertChangeSetFile('keep.txt');
        await waitUntil(() => fs.readFileSync(kept, 'utf8') === 'old text\n', { what: 'keep.txt to hold its old text again', timeout: 10_000 });
        await chat.revertChangeSetFile('fresh.txt');
        await waitUntil(() => !fs.existsSync(created), { what: 'fresh.txt to be deleted', timeout: 10_000 });
    });

    it('/ offers the commands the agent announced in available_commands_update', async () => {
        const rows = await chat.suggestions('@TinyAgent ', '/');
        assert.ok(rows.some(text => /^tiny/.test(text) && text.includes('A tiny command')), rows.join('\n'));
    });

    it('a missing agent: the answer offers Install with npm, and the button runs the companion\'s install in a terminal', async () => {
        await chat.send('@GeminiCLI hello');
        await chat.waitForText(/Gemini CLI is not installed/);
        await chat.waitUntilIdle();
        await chat.view.locator('.theia-acp-command-button', { hasText: 'Install with npm' }).last().click();
        await waitUntil(() => fs.existsSync(npmLog) && fs.readFileSync(npmLog, 'utf8').includes('install -g @google/gemini-cli'),
            { what: 'npm install -g @google/gemini-cli to run in a terminal', timeout: 30_000, diagnostics: () => window.diagnostics() });
    });

    it('the diff on a tool card opens Theia\'s native diff editor', async () => {
        await chat.view.locator('.theia-acp-open-diff').last().click();
        const tab = window.page.locator('#theia-main-content-panel .p-TabBar-tab, #theia-main-content-panel .lm-TabBar-tab', { hasText: '(proposed)' }).first();
        await tab.waitFor({ state: 'visible', timeout: 15_000 });
        await window.page.locator('#theia-main-content-panel .monaco-diff-editor').first().waitFor({ state: 'visible', timeout: 15_000 });
    });

    it('Send Selection to Chat Agent puts the agent and the selected lines into the chat input; the file reaches the agent', async () => {
        await window.openFile('code.txt');
        await window.selectInActiveEditor(2, 3);
        await window.runCommand('Send Selection to Chat Agent');
        await window.page.locator('.quick-input-list .monaco-list-row', { hasText: '@TinyAgent' }).first().click();
        await waitUntil(async () => (await chat.inputText()).startsWith('@TinyAgent #file:code.txt lines 2-2'),
            { what: 'the chat input to hold the reference', timeout: 10_000, diagnostics: async () => `input: "${await chat.inputText()}"` });
        await window.page.keyboard.type('explain', { delay: 5 });
        await window.page.keyboard.press('Escape');
        await chat.submit();
        await chat.waitForText(/Echo: .*lines 2-2 explain \[files: file:\/\/.*code\.txt\]/);
    });

    it('a permission question counts in the pending-review status item; Go to Pending Review brings its chat back', async () => {
        const target = path.join(workspace, 'asked.txt');
        await sendByEvent(`@TinyAgent write ${target} after asking`);
        await chat.permissionOptions();
        await waitUntil(async () => await pendingText() === 'TinyAgent: 1 question waiting',
            { timeout: 10_000, what: 'the question in the status bar', diagnostics: async () => `status bar: "${await pendingText()}"` });
        // Another chat in front: Go to Pending Review brings the asking chat back.
        await chat.newSession();
        await waitUntil(async () => await chat.view.locator('.theia-acp-permission-option').count() === 0, { what: 'a chat without the question', timeout: 10_000 });
        await window.runCommand('Go to Pending Review');
        await waitUntil(async () => {
            await chat.scrollToEnd(); // the chat tree renders only what is in view
            return chat.view.locator('.theia-acp-permission-option').first().isVisible();
        }, { what: 'the asking chat with its question', timeout: 10_000 });
        await chat.choose('Allow');
        await chat.waitForText(`Wrote ${target}.`);
        await waitUntil(async () => await pendingText() === '', { timeout: 10_000, what: 'the status item to go once answered' });
    });

    const terminalCard = () => chat.view.locator('.theia-acp-terminal').last();

    it('a command the agent runs in a client terminal shows on its tool card: the command, its output while it runs, the exit code', async () => {
        await chat.newSession();
        await chat.send('@TinyAgent run sh steps.sh');
        const card = terminalCard();
        await card.waitFor({ state: 'visible', timeout: 30_000 });
        await waitUntil(async () => (await card.locator('.theia-acp-terminal-output').textContent()).includes('first line'),
            { what: 'the first line on the card', timeout: 30_000, diagnostics: async () => await card.textContent() });
        assert.equal(await card.locator('.theia-acp-terminal-command').textContent().then(text => text.trim()), 'sh steps.sh');
        // Still running: no exit line, no second line (the command waits for "go", which only this test creates).
        assert.equal(await card.locator('.theia-acp-terminal-exit').count(), 0);
        assert.doesNotMatch(await card.textContent(), /second line/);
        assert.equal(await card.evaluate(node => getComputedStyle(node.querySelector('.theia-acp-terminal-output')).fontFamily === getComputedStyle(document.body).fontFamily), false,
            'the output is in the code font');
        fs.writeFileSync(path.join(workspace, 'go'), '');
        await waitUntil(async () => /first line\s+second line/.test(await card.locator('.theia-acp-terminal-output').textContent()),
            { what: 'the second line on the card', timeout: 30_000, diagnostics: async () => await card.textContent() });
        await waitUntil(async () => (await card.locator('.theia-acp-terminal-exit').textContent().catch(() => '')) === 'Exit code 7',
            { what: 'the exit code on the card', timeout: 30_000, diagnostics: async () => await card.textContent() });
        await chat.waitForText(/Exit code 7; 23 bytes of output\./);
        await chat.waitUntilIdle();
        await card.scrollIntoViewIfNeeded();
        await window.page.screenshot({ path: TERMINAL_SCREENSHOT });
    });

    it('deleting the chat session kills the command it runs, with its children', async () => {
        await chat.newSession();
        await chat.send('@TinyAgent run sh long-4711.sh');
        await waitUntil(async () => (await terminalCard().textContent().catch(() => '')).includes('long started'),
            { what: 'the long command to start', timeout: 30_000 });
        const running = processesMatching(/long-4711\.sh|sleep 4711/);
        assert.equal(running.length, 2, 'the shell and its sleep run');
        await chat.deleteActiveSession();
        await waitUntil(() => processesMatching(/long-4711\.sh|sleep 4711/).length === 0, { what: 'the shell and its sleep to be gone', timeout: 10_000 });
    });

    it('stopping the backend kills a command still running in a chat terminal', async () => {
        await chat.newSession();
        await chat.send('@TinyAgent run sh long-4712.sh');
        await waitUntil(async () => (await terminalCard().textContent().catch(() => '')).includes('long started'),
            { what: 'the long command to start', timeout: 30_000 });
        assert.equal(processesMatching(/long-4712\.sh|sleep 4712/).length, 2, 'the shell and its sleep run');
        // The window stays open: the backend's own stop must take the command down, not the window's goodbye.
        await backend.stop();
        await waitUntil(() => processesMatching(/long-4712\.sh|sleep 4712/).length === 0, { what: 'the shell and its sleep to be gone', timeout: 10_000 });
    });
});
