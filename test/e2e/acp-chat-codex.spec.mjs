// Codex through Zed's ACP adapter (`codex-acp`, @zed-industries/codex-acp) as an `aiCliChat.agents`
// entry of Theia's own AI chat view, in Chromium, against a loopback fake of OpenAI's Responses API
// (the only wire API Codex speaks). Codex applies its patches and runs its commands itself: the chat
// lists the files it patched in the change set (revertable), and shows a command's output, which
// codex-acp streams in tool-call `_meta` (Zed's display-only terminal), live on the tool card.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { findCliBinary } from '../support/cli-pty.mjs';
import { FakeOpenAiResponsesApi } from '../support/fake-openai-responses-api.mjs';
import { descendants, isAlive } from '../support/agent-api-process.mjs';
import { TheiaChat } from '../support/theia-chat.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

/** A model Codex knows (so it neither warns about missing metadata nor drops its apply_patch tool). */
const MODEL = 'gpt-5.4';
const NOTES = 'first line\nsecond line\nthird line\nfourth line\n';

function codexProcesses(backendPid) {
    return descendants(backendPid).filter(pid => {
        try {
            return /codex-acp/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
        } catch {
            return false;
        }
    });
}

describe('Codex (Zed\'s codex-acp) as an aiCliChat.agents entry in Theia\'s AI chat', function () {
    let browser, api, root, backend, window, chat, workspace;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        api = await FakeOpenAiResponsesApi.start({ model: MODEL });
        cleanup.push(() => api.close());
        root = makeTempRoot('acp-chat-codex-');
        cleanup.push(() => removeTempRoot(root));
        workspace = writeTree(path.join(root, 'workspace'), { 'notes.txt': NOTES });
        // Codex reads ~/.codex/config.toml. "untrusted" asks before every edit and command; no sandbox,
        // because its Linux sandbox needs bubblewrap, which this machine lacks.
        writeTree(path.join(root, 'home'), {
            '.codex/config.toml': api.codexConfig({ envKey: 'OPENAI_API_KEY', approvalPolicy: 'untrusted', sandboxMode: 'danger-full-access' })
        });
        // `codex-acp` on PATH as a user's global install puts it (the npm bin's node launcher finds the native binary).
        const binDir = path.join(root, 'bin');
        fs.mkdirSync(binDir, { recursive: true });
        fs.symlinkSync(findCliBinary('codex-acp', '@zed-industries/codex-acp'), path.join(binDir, 'codex-acp'));
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME', 'CODEX_HOME', 'CODEX_API_KEY'],
            env: {
                PATH: [binDir, path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter),
                OPENAI_API_KEY: 'fake-openai-key-0123456789'
            },
            settings: {
                'aiCliChat.agents': [{ name: 'Codex', command: 'codex-acp', description: 'Codex (Zed\'s ACP adapter)' }]
            }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window?.close());
        chat = new TheiaChat(window);
        await chat.open();
    });

    it('streams Codex\'s answer, its reasoning summary as a thought, from the loopback model', async () => {
        api.enqueue({ reasoning: '**Greeting** The user wants a hello.', chunks: ['Hello from ', '**Codex**.'] });
        await chat.send('@Codex Say hello');
        await chat.waitForText('Hello from Codex.');
        await chat.waitUntilIdle();
        assert.match(await chat.view.textContent(), /Greeting/, 'the reasoning summary is shown');
        assert.ok(await chat.view.locator('strong', { hasText: 'Codex' }).count() > 0, 'the answer is rendered markdown');
        const request = api.responseRequests.at(-1);
        assert.equal(request.body.model, MODEL);
        assert.equal(request.headers.authorization, 'Bearer fake-openai-key-0123456789');
        assert.match(JSON.stringify(request.body.input), /Say hello/);
        assert.ok(codexProcesses(backend.pid).length > 0, 'codex-acp runs under the Theia backend');
    });

    it('a patch asks with Codex\'s own options; Yes writes it, the change set lists the file and Revert restores it', async () => {
        const target = path.join(workspace, 'notes.txt');
        const patch = '*** Begin Patch\n*** Update File: notes.txt\n@@\n second line\n-third line\n+third line, patched by Codex\n fourth line\n*** End Patch\n';
        api.enqueue({ toolCalls: [{ name: 'apply_patch', input: patch }] }, { text: 'Patched notes.txt.' });
        await chat.send('@Codex Patch notes.txt');
        assert.deepEqual(await chat.permissionOptions(), ['Yes', 'No, provide feedback']);
        assert.equal(fs.readFileSync(target, 'utf8'), NOTES, 'nothing is written before the answer');
        await chat.choose('Yes');
        await chat.waitForText('Patched notes.txt.');
        await chat.waitUntilIdle();
        const patched = 'first line\nsecond line\nthird line, patched by Codex\nfourth line\n';
        assert.equal(fs.readFileSync(target, 'utf8'), patched);
        await waitUntil(async () => (await chat.changeSetFiles()).some(name => name.includes('notes.txt')), { what: 'the change set to list notes.txt' });
        // The entry's text before the edit is recovered from Codex's hunk: Revert brings back the whole file.
        await chat.revertChangeSetFile('notes.txt');
        await waitUntil(() => fs.readFileSync(target, 'utf8') === NOTES, {
            what: 'notes.txt to hold its text from before the patch', timeout: 10_000, diagnostics: () => fs.readFileSync(target, 'utf8')
        });
    });

    it('a command Codex runs asks first, then shows on its tool card: the command, its output while it runs, the exit code', async () => {
        const command = 'until [ -f go ]; do sleep 0.1; done; echo first output; until [ -f go2 ]; do sleep 0.1; done; echo second output; exit 7';
        // The model's next answer comes after a real model's latency: codex-acp 0.16.0 drops the command's end (its
        // exit on the card) when the model answers within ~0.1 s of the command's last output, as a loopback fake does.
        api.enqueue({ toolCalls: [{ name: 'exec_command', args: { cmd: command } }] }, { text: 'The command exited with 7.', delayMs: 2000 });
        await chat.send('@Codex Run the steps');
        const options = await chat.permissionOptions();
        assert.equal(options[0], 'Yes, proceed', options.join(' | '));
        assert.ok(options.includes('No, and tell Codex what to do differently'), options.join(' | '));
        await chat.choose('Yes, proceed');
        const card = chat.view.locator('.theia-acp-terminal').last();
        await card.waitFor({ state: 'visible', timeout: 30_000 });
        assert.equal(await card.locator('.theia-acp-terminal-command').textContent().then(text => text.trim()), command);
        // The command waits for files only this test creates: output shows while it still runs.
        fs.writeFileSync(path.join(workspace, 'go'), '');
        await waitUntil(async () => (await card.locator('.theia-acp-terminal-output').textContent()).includes('first output'),
            { what: 'the first output on the card', timeout: 30_000, diagnostics: async () => await card.textContent() });
        assert.equal(await card.locator('.theia-acp-terminal-exit').count(), 0, 'still running: no exit yet');
        fs.writeFileSync(path.join(workspace, 'go2'), '');
        await waitUntil(async () => /first output\s+second output/.test(await card.locator('.theia-acp-terminal-output').textContent()),
            { what: 'the second output on the card', timeout: 30_000, diagnostics: async () => await card.textContent() });
        await waitUntil(async () => (await card.locator('.theia-acp-terminal-exit').textContent().catch(() => '')) === 'Exit code 7',
            { what: 'the exit code on the card', timeout: 30_000, diagnostics: async () => await card.textContent() });
        await chat.waitForText('The command exited with 7.');
        await chat.waitUntilIdle();
        const output = JSON.stringify(api.responseRequests.at(-1).body.input.at(-1));
        assert.match(output, /exited with code 7/, 'Codex told the model the exit code');
    });

    it('Stop ends a turn waiting on the model; the same codex-acp process answers the next prompt', async () => {
        const before = codexProcesses(backend.pid);
        api.enqueue({ hold: true });
        await chat.send('@Codex Take your time');
        await waitUntil(() => api.held.size === 1, { what: 'the model request to be held', timeout: 60_000 });
        await chat.stop();
        await chat.waitUntilIdle(15_000);
        // The held model request stays open (Codex does not close it on cancel). Only a turn Codex really
        // cancelled lets the next prompt run: a busy Codex session queues it behind the first.
        api.enqueue({ text: 'Codex is still here.' });
        await chat.send('@Codex Are you there?');
        await chat.waitForText('Codex is still here.');
        await chat.waitUntilIdle();
        assert.deepEqual(codexProcesses(backend.pid), before, 'no new process');
    });

    it('leaves no codex-acp process behind when the app stops', async () => {
        const pids = codexProcesses(backend.pid);
        assert.ok(pids.length > 0, 'codex-acp was running');
        await window.close();
        window = undefined; // closed: the cleanup skips it
        await backend.stop();
        await waitUntil(() => pids.every(pid => !isAlive(pid)), { what: 'codex-acp to be gone', timeout: 15_000 });
    });
});
