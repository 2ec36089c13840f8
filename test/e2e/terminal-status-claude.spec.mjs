// Terminal agent status with the real `claude` (issue 32 part 1): "Run Claude Code in Terminal" starts
// it in a Theia terminal against the fake Anthropic API; the companion answers its OSC 7501 query, so
// a prompt makes the tab show working and the answer done; a Write's permission question shows
// "waiting for you" (with a notification while the terminal is hidden) and the answer moves it on.
// Every OSC 7501 payload claude wrote is recorded in the page and shown when a step fails. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/terminal-status-claude.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTheiaForClaude, waitForClaudeInTerminal } from '../support/claude-in-theia.mjs';
import { collapseBottomPanel, pendingReviewText, recordStatus, sendToTerminal, statusRecord, terminalTabs } from '../support/terminal-status-page.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('terminal agent status with the real claude in a Theia terminal', function () {
    let setup, window, page, fake, workspace, id;

    before(async () => {
        setup = await openTheiaForClaude({ prefix: 'terminal-status-claude-', workspaceFiles: { 'notes.txt': 'notes\n' } });
        ({ window, fake, workspace } = setup);
        page = window.page;
        await recordStatus(page);
        await window.runCommand('Run Claude Code in Terminal');
        await waitForClaudeInTerminal(window, setup.debugLog, () => diagnostics());
        id = (await terminalTabs(page)).find(t => /manual mode on/.test(t.text)).id;
    });

    after(() => setup?.close());

    async function diagnostics() {
        const record = await statusRecord(page).catch(e => ({ error: String(e) }));
        const tabs = await terminalTabs(page).catch(() => []);
        return `--- OSC 7501 payloads claude wrote ---\n${JSON.stringify(record?.osc, undefined, 1)}\n--- tab states ---\n${JSON.stringify(record?.tabs)}\n`
            + `--- terminal ---\n${tabs.find(t => t.id === id)?.text}\n--- status bar: ${await window.statusBarText().catch(e => e)}\n${await window.diagnostics()}`;
    }

    /** The states the tab showed since `from` (an index into the record). */
    const tabStates = async from => (await statusRecord(page)).tabs.slice(from).filter(t => t.id === id).map(t => t.state);
    const tabCount = async () => (await statusRecord(page)).tabs.length;

    it('the companion answers claude\'s query: claude reports its state', async () => {
        await waitUntil(async () => (await statusRecord(page)).osc.some(o => o.id === id && o.payload.startsWith('state=')),
            { timeout: 30_000, what: 'a state from claude after the answered query', diagnostics });
        const payloads = (await statusRecord(page)).osc.filter(o => o.id === id).map(o => o.payload);
        assert.equal(payloads[0], '?', 'claude asks first');
        assert.equal(payloads[1], 'state=idle:app=claude-code', 'then its state, once answered');
    });

    it('a prompt makes the tab show working; the answer shows done', async () => {
        const from = await tabCount();
        // As long as a real model takes: claude reports working only for a turn that lasts (once on CI, an answer
        // at once went straight from idle to done).
        fake.enqueue({ text: 'Hello from the fake.', delayMs: 2_000 });
        await window.typeInTerminal('say hello');
        await waitUntil(async () => (await tabStates(from)).join(' ').match(/working.* done/),
            { timeout: 60_000, what: 'the tab to show working, then done', diagnostics });
        await waitUntil(async () => (await window.statusBarText()).includes('Claude Code: done'),
            { timeout: 10_000, what: 'the status bar to say "Claude Code: done"', diagnostics });
    });

    it('a permission question shows waiting for you, with a notification while the terminal is hidden; the answer shows done', async () => {
        const from = await tabCount();
        fake.enqueue({ text: 'Writing it.', toolUse: { name: 'Write', input: { file_path: path.join(workspace, 'hello.txt'), content: 'hi\n' } } },
            { text: 'Written.' });
        await collapseBottomPanel(page);
        await waitUntil(async () => !(await terminalTabs(page)).find(t => t.id === id).visible, { timeout: 10_000, what: 'the terminal to be hidden' });
        // Typed into the pty (the hidden terminal has no focus): the text, then Enter once claude shows it.
        await sendToTerminal(page, id, 'write hello.txt');
        await waitUntil(async () => (await terminalTabs(page)).find(t => t.id === id).text.includes('write hello.txt'),
            { timeout: 15_000, what: 'the prompt to echo', diagnostics });
        await sendToTerminal(page, id, '\r');
        await waitUntil(async () => (await tabStates(from)).includes('blocked'), { timeout: 90_000, what: 'the tab to show waiting for you', diagnostics });
        const notification = page.locator('.theia-notification-list-item', { hasText: 'Claude Code: waiting for you' });
        await notification.first().waitFor({ state: 'visible', timeout: 15_000 });
        assert.match(await notification.first().innerText(), /approve Write: .*hello\.txt/);
        // The status bar renders on its own frame, apart from the notification: waited for, not read once.
        await waitUntil(async () => /Claude Code: 1 question waiting/.test(await pendingReviewText(page)),
            { timeout: 10_000, what: 'the status bar to say "Claude Code: 1 question waiting"', diagnostics });
        await notification.first().locator('button', { hasText: 'Show Terminal' }).click();
        await waitUntil(async () => (await terminalTabs(page)).find(t => t.id === id).visible, { timeout: 10_000, what: 'Show Terminal to reveal it' });
        await window.acceptButton().click(); // the answer, in Theia's diff (the IDE connection offers it there)
        await waitUntil(() => fs.existsSync(path.join(workspace, 'hello.txt')), { timeout: 60_000, what: 'claude to write the file', diagnostics });
        await waitUntil(async () => (await tabStates(from)).join(' ').match(/blocked.* done/),
            { timeout: 60_000, what: 'the tab to show done after the answer', diagnostics });
        await waitUntil(async () => !/question waiting/.test(await pendingReviewText(page)), { timeout: 10_000, what: 'the question to stop counting' });
        const payloads = (await statusRecord(page)).osc.filter(o => o.id === id).map(o => o.payload);
        console.log(`      claude wrote, in order: ${payloads.map(p => p.replace(/msg=([A-Za-z0-9+/=]+)/, (_, m) => `msg=base64(${JSON.stringify(Buffer.from(m, 'base64').toString())})`)).join(' | ')}`);
    });
});
