// Claude Code's whole loop as a user sees it: the real `claude` binary runs in a Theia terminal (started
// by "Run Claude Code in Terminal"), connects by itself over its WebSocket transport, the fake Anthropic
// API makes it propose Writes, the diff opens in Theia as Gemini's does, and the decision taken there
// is what the CLI writes (or does not). A reject with a reason (issue 30 part 4), and a block reverted with a reason
// in a proposal accepted otherwise, type the reason into claude's input once it has shown the outcome; only the user's
// Enter sends it to the model.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTheiaForClaude, waitForClaudeInTerminal } from '../support/claude-in-theia.mjs';
import { lastUserText, turnText } from '../support/fake-anthropic-api.mjs';
import { MOD } from '../support/theia-app.mjs';
import { revertFirstOfTwoBlocksWithReason, sentOnlyWithEnter } from '../support/typed-reason.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('claude in a Theia terminal, end to end', function () {
    let setup, workspace, fake, window, debugLog;

    before(async function () {
        setup = await openTheiaForClaude({ prefix: 'claude-terminal-e2e-', workspaceFiles: { 'notes.txt': 'first line\n' } });
        debugLog = setup.debugLog;
        ({ workspace, fake, window } = setup);
        await window.runCommand('Run Claude Code in Terminal');
        await waitForClaudeInTerminal(window, debugLog, () => diagnostics());
    });

    after(() => setup?.close());

    async function diagnostics() {
        return `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n--- fake API requests: ${fake.requests.length}\n${await window.diagnostics()}`;
    }

    const typeWhenReady = line => window.typeInTerminalUntilEcho(line, diagnostics);

    /** The model turn whose request carries the user's message (`carries`), or the failure with what the terminal shows. */
    const turnCarrying = carries => fake.waitForRequest(request => request.isTurn && carries(request), 90_000)
        .catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });

    async function proposeWrite(name, content) {
        fake.enqueue({ text: 'Writing it.', toolUse: { name: 'Write', input: { file_path: path.join(workspace, name), content } } });
        await typeWhenReady(`write ${name}`);
        const tab = window.diffTab(name, 'Claude Code');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        assert.equal(fs.existsSync(path.join(workspace, name)), false, 'nothing is written before the decision');
        return tab;
    }

    it('a Write opens Theia\'s diff; an edit in it plus Ctrl+S is what the CLI writes', async () => {
        const tab = await proposeWrite('hello.txt', 'proposed\n');
        await window.typeAtEndOfProposal('edited');
        await window.page.keyboard.press(`${MOD}+s`);
        await waitUntil(() => fs.existsSync(path.join(workspace, 'hello.txt')) && fs.readFileSync(path.join(workspace, 'hello.txt'), 'utf8') === 'proposed\nedited',
            { timeout: 60_000, what: 'the CLI to write the edited proposal', diagnostics: () => diagnostics() });
        await fake.waitForRequest(r => r.isTurn && turnText(r).includes('The user modified your proposed content before accepting it'), 60_000);
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('closing the diff tab rejects: the file stays unwritten', async () => {
        await proposeWrite('closed.txt', 'never\n');
        await window.closeTab('closed.txt ↔ proposed by Claude Code');
        await waitUntil(async () => /Rejected|rejected/.test(await window.terminalText()), { timeout: 60_000, what: 'the CLI to report the rejection', diagnostics: () => diagnostics() });
        // Barrier: the CLI takes a new prompt to the model, so it is done with the rejected Write.
        const turns = fake.turns.length;
        await window.typeInTerminal('anything else');
        await fake.waitForTurn(turns + 1, 60_000);
        assert.equal(fs.existsSync(path.join(workspace, 'closed.txt')), false);
    });

    it('Reject with a reason types the reason into claude\'s input, not sent; the user\'s Enter sends it and the model hears it (issue 30 part 4)', async () => {
        const reason = 'put the date in the file name';
        const tab = await proposeWrite('reason.txt', 'a name without a date\n');
        await window.page.locator('[id="aiCliCompanion.diff.rejectWithReason"]').click();
        const input = window.page.locator('.quick-input-widget input.input');
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill(reason);
        await window.page.keyboard.press('Enter');
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
        await waitUntil(async () => (await window.terminalText()).includes('Rejected write to reason.txt'),
            { timeout: 60_000, what: 'the CLI to report the rejection', diagnostics: () => diagnostics() });
        await waitUntil(async () => (await window.terminalText()).includes(reason),
            { timeout: 20_000, what: 'the reason typed into claude\'s input', diagnostics: () => diagnostics() });
        // Every request, side calls too: none may carry the reason before the user's Enter.
        const turn = await sentOnlyWithEnter(window, {
            text: reason, requests: () => fake.requests, answer: () => fake.enqueue({ text: 'Understood, a dated name then.' }), waitForRequest: turnCarrying
        });
        // The reason arrives whole as the user's own message, not in a tool result.
        assert.ok(lastUserText(turn).includes(reason), turnText(turn).slice(-1500));
        await waitUntil(async () => (await window.terminalText()).includes('Understood, a dated name then.'),
            { timeout: 60_000, what: 'claude to show the answer to the reason', diagnostics: () => diagnostics() });
        assert.equal(fs.existsSync(path.join(workspace, 'reason.txt')), false, 'the rejected Write was not written');
    });

    it('one block reverted with a reason (Shift+click ↺ Revert), the rest accepted: claude writes the merged text, and the reason waits in its input for the user\'s Enter (issue 30)', async () => {
        const file = path.join(workspace, 'blocks.txt');
        fs.writeFileSync(file, 'alpha\nbeta\ngamma\ndelta\nepsilon\n');
        const reason = 'alpha is a name the tests pin';
        // Claude Code writes over a file only after reading it.
        fake.enqueue({ text: 'Reading it.', toolUse: { name: 'Read', input: { file_path: file } } },
            { text: 'Writing it.', toolUse: { name: 'Write', input: { file_path: file, content: 'ALPHA\nbeta\ngamma\ndelta\nEPSILON\n' } } },
            { text: 'Both changed.' });
        await typeWhenReady('capitalize the first and last words of blocks.txt');
        const tab = window.diffTab('blocks.txt', 'Claude Code');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        await revertFirstOfTwoBlocksWithReason(window, reason);
        await window.acceptButton().click();
        await waitUntil(() => fs.readFileSync(file, 'utf8') === 'alpha\nbeta\ngamma\ndelta\nEPSILON\n',
            { timeout: 60_000, what: 'claude to write the merged text', diagnostics: () => diagnostics() });
        await waitUntil(async () => (await window.terminalText()).includes(reason),
            { timeout: 30_000, what: 'the note typed into claude\'s input', diagnostics: () => diagnostics() });
        const turn = await sentOnlyWithEnter(window, {
            text: reason, requests: () => fake.requests, answer: () => fake.enqueue({ text: 'Noted: alpha stays.' }), waitForRequest: turnCarrying
        });
        assert.match(lastUserText(turn), /In blocks\.txt I put back line 1 instead of your "ALPHA": alpha is a name the tests pin/);
        await waitUntil(async () => (await window.terminalText()).includes('Noted: alpha stays.'),
            { timeout: 60_000, what: 'claude to show the answer to the note', diagnostics: () => diagnostics() });
    });

    it('a reload keeps the lock\'s port and token, and the connected claude opens its next diff in the reloaded window', async () => {
        const before = claudeLocks();
        assert.equal(before.length, 1, `one lock file: ${JSON.stringify(before)}`);
        const connections = connectionsInDebugLog();
        await window.page.reload();
        await window.waitForShell(120_000);
        const after = claudeLocks();
        assert.deepEqual(after.map(l => [l.port, l.content.authToken, l.content.pid]), before.map(l => [l.port, l.content.authToken, l.content.pid]),
            'same lock: port, token and pid');
        await waitUntil(async () => (await window.statusBarText()).includes('Claude Code'),
            { timeout: 60_000, what: 'the reloaded window to count Claude Code as connected', diagnostics: () => diagnostics() });
        // The same claude process, still at its prompt in the restored terminal, proposes a Write.
        fake.enqueue({ text: 'Writing it.', toolUse: { name: 'Write', input: { file_path: path.join(workspace, 'reload.txt'), content: 'after reload\n' } } });
        await window.typeInTerminal(' write reload.txt'); // a leading space: the CLI may drop the first key after a rejected turn
        const tab = window.diffTab('reload.txt', 'Claude Code');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        assert.equal(fs.existsSync(path.join(workspace, 'reload.txt')), false, 'nothing is written before the decision');
        await window.acceptButton().click();
        await waitUntil(() => fs.existsSync(path.join(workspace, 'reload.txt')) && fs.readFileSync(path.join(workspace, 'reload.txt'), 'utf8') === 'after reload\n',
            { timeout: 60_000, what: 'the CLI to write the accepted proposal', diagnostics: () => diagnostics() });
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
        // The server lives in the backend: the WebSocket the CLI opened before the reload carried the decision.
        assert.equal(connectionsInDebugLog(), connections, 'the CLI never had to redial');
    });

    function claudeLocks() {
        const directory = path.join(setup.backend.home, '.claude', 'ide');
        return fs.readdirSync(directory).filter(name => /^\d+\.lock$/.test(name))
            .map(name => ({ port: Number(name.split('.')[0]), content: JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')) }));
    }

    function connectionsInDebugLog() {
        return fs.readFileSync(debugLog, 'utf8').split('MCP server "ide": Connection established').length - 1;
    }
});
