// Copilot CLI's loop as a user sees it: the real `copilot` runs in a Theia terminal (started by "Run Copilot
// CLI in Terminal"), finds the window by its lock file and connects over the Unix socket, sees the editor's
// selection, and each file it wants to write opens as Theia's diff; the decision taken there is what the CLI
// does.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { copilotLog } from '../support/copilot-cli.mjs';
import { openTheiaForCopilot, waitForCopilotInTerminal } from '../support/copilot-in-theia.mjs';
import { MOD } from '../support/theia-app.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('copilot in a Theia terminal, end to end', function () {
    let setup, workspace, fake, window, logDir;

    before(async function () {
        setup = await openTheiaForCopilot({ prefix: 'copilot-terminal-e2e-', workspaceFiles: { 'notes.txt': 'first line\nsecond line\n', 'other.txt': 'other\n' } });
        ({ workspace, fake, window, logDir } = setup);
        await window.runCommand('Run Copilot CLI in Terminal');
        await waitForCopilotInTerminal(window, logDir, () => diagnostics());
    });

    after(() => setup?.close());

    async function diagnostics() {
        const ideLines = copilotLog(logDir).split('\n').filter(line => /IDE (add_|selection changed)/.test(line)).slice(-8).join('\n');
        return `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n--- the CLI's IDE log ---\n${ideLines}\n`
            + `--- fake API requests: ${fake.chatRequests.length}\n${await window.diagnostics()}`;
    }

    /** Types into the CLI until it echoes: it drops keys while it draws. */
    async function typeWhenReady(line) {
        await waitUntil(async () => {
            try {
                await window.typeInTerminal(line);
                return true;
            } catch {
                await window.page.keyboard.press('Control+U');
                return false;
            }
        }, { timeout: 60_000, interval: 500, what: `"${line}" typed into copilot`, diagnostics });
    }

    async function proposeCreate(name, content) {
        fake.enqueue({ forPrompt: `create ${name}`, toolCalls: [{ name: 'create', args: { path: path.join(workspace, name), file_text: content } }] });
        await typeWhenReady(`create ${name}`);
        const tab = window.diffTab(name, 'Copilot CLI');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        assert.equal(fs.existsSync(path.join(workspace, name)), false, 'nothing is written before the decision');
        return tab;
    }

    /** The turn is over: the tool's result went back to the model and the prompt is back. */
    async function turnDone(resultText) {
        await fake.waitForRequest(r => JSON.stringify(r.body?.messages ?? []).includes(resultText), 60_000);
    }

    it('the editor\'s selection reaches the model request', async () => {
        await window.openFile('notes.txt');
        await window.selectInActiveEditor(2, 6);
        await waitUntil(() => copilotLog(logDir).includes(`IDE selection changed: ${path.join(workspace, 'notes.txt')} [1:0-1:6]`),
            { timeout: 30_000, what: 'selection_changed to reach the CLI', diagnostics });
        await typeWhenReady('what is selected');
        const request = await fake.waitForRequest(r => JSON.stringify(r.body?.messages ?? []).includes('<ide_selection>'), 60_000);
        assert.match(JSON.stringify(request.body.messages), /File: notes\.txt \(line 2\)\\n```\\nsecond\\n```/);
    });

    it('a create opens as Theia\'s diff; Ctrl+S accepts and the CLI writes the file', async () => {
        const tab = await proposeCreate('hello.txt', 'proposed\n');
        const box = await window.modifiedEditor().boundingBox();
        await window.page.mouse.click(box.x + 80, box.y + 10);
        await window.page.keyboard.press(`${MOD}+s`);
        await waitUntil(() => fs.existsSync(path.join(workspace, 'hello.txt')),
            { timeout: 60_000, what: 'the CLI to write the accepted proposal', diagnostics });
        assert.equal(fs.readFileSync(path.join(workspace, 'hello.txt'), 'utf8'), 'proposed\n');
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
        await turnDone(`Created file ${path.join(workspace, 'hello.txt')}`);
    });

    it('an edit in the diff plus Ctrl+S: Copilot CLI writes its own proposal, and Theia says so and offers the edited text', async () => {
        const tab = await proposeCreate('edited.txt', 'proposed\n');
        await window.typeAtEndOfProposal('edited');
        await window.page.keyboard.press(`${MOD}+s`);
        await window.page.locator('.theia-notification-message', { hasText: 'your edits in the diff were not applied' }).first()
            .waitFor({ state: 'visible', timeout: 60_000 });
        await waitUntil(() => fs.existsSync(path.join(workspace, 'edited.txt')), { timeout: 60_000, what: 'the CLI to write the file', diagnostics });
        assert.equal(fs.readFileSync(path.join(workspace, 'edited.txt'), 'utf8'), 'proposed\n', '1.0.102 writes its own text');
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
        await turnDone(`Created file ${path.join(workspace, 'edited.txt')}`);
    });

    it('closing the diff tab rejects: the file stays unwritten', async () => {
        await proposeCreate('closed.txt', 'never\n');
        await window.closeTab('closed.txt ↔ proposed by Copilot CLI');
        await waitUntil(async () => (await window.terminalText()).includes('The user rejected this tool call'),
            { timeout: 60_000, what: 'the CLI to report the rejection', diagnostics });
        // Barrier: the CLI takes a new prompt to the model, so it is done with the rejected create.
        const requests = fake.chatRequests.length;
        await typeWhenReady('anything else');
        await fake.waitForRequest(() => fake.chatRequests.length > requests, 60_000);
        assert.equal(fs.existsSync(path.join(workspace, 'closed.txt')), false);
    });

    it('Send Selection to CLI: the window finds copilot\'s terminal by its pid and sends add_selection; the CLI types its own reference', async () => {
        await window.openFile('notes.txt');
        await window.selectInActiveEditor(2, 6);
        await window.page.keyboard.press('Control+Alt+K');
        await waitUntil(() => copilotLog(logDir).includes(`IDE add_selection: ${path.join(workspace, 'notes.txt')}`),
            { timeout: 30_000, what: 'add_selection to reach the CLI', diagnostics });
        // Copilot's own form (@file:line), not the one Theia would type (@notes.txt line 2).
        await waitUntil(async () => (await window.terminalText()).includes('@notes.txt:2'),
            { timeout: 30_000, what: 'the CLI to put @notes.txt:2 into its input', diagnostics });
        assert.ok(!(await window.terminalText()).includes('@notes.txt line 2'), 'nothing typed by Theia');
        await window.page.keyboard.press('Control+U'); // the terminal has the focus again: leave the input empty
    });

    it('the Explorer\'s "Send to Copilot CLI" on two files: add_file_reference for each, and the CLI puts @notes.txt and @other.txt into its own input', async () => {
        await window.page.locator('#shell-tab-explorer-view-container').click();
        const node = name => window.page.locator('.theia-FileTree .theia-TreeNodeSegment', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }).first();
        await node('notes.txt').waitFor({ state: 'visible', timeout: 15_000 });
        await node('notes.txt').click();
        await node('other.txt').click({ modifiers: [MOD] });
        await node('other.txt').click({ button: 'right' });
        await window.page.locator('.lm-Menu-itemLabel', { hasText: /^Send to Copilot CLI$/ }).first().click();
        for (const name of ['notes.txt', 'other.txt']) {
            await waitUntil(() => copilotLog(logDir).includes(`IDE add_file_reference: ${path.join(workspace, name)}`),
                { timeout: 30_000, what: `add_file_reference of ${name} to reach the CLI`, diagnostics });
        }
        // The CLI inserts each at its cursor: two that arrive close together may land in either order.
        await waitUntil(async () => /@notes\.txt @other\.txt|@other\.txt @notes\.txt/.test(await window.terminalText()),
            { timeout: 30_000, what: 'the CLI to put @notes.txt and @other.txt into its input', diagnostics });
        assert.doesNotMatch(await window.terminalText(), /@notes\.txt line|@other\.txt line/, 'nothing typed by Theia');
        await window.page.keyboard.press('Control+U');
    });

    it('the status item names the session as the CLI did; one private lock for the window', async () => {
        await waitUntil(async () => (await window.statusBarText()).includes('Copilot CLI (what is selected)'),
            { timeout: 15_000, what: 'the session name in the status item', diagnostics: async () => await window.statusBarText() });
        const lock = fs.readdirSync(path.join(setup.backend.home, '.copilot', 'ide')).filter(name => name.endsWith('.lock'));
        assert.equal(lock.length, 1, 'one lock for the one window');
        assert.equal(fs.statSync(path.join(setup.backend.home, '.copilot', 'ide', lock[0])).mode & 0o777, 0o600);
        const content = JSON.parse(fs.readFileSync(path.join(setup.backend.home, '.copilot', 'ide', lock[0]), 'utf8'));
        assert.deepEqual(content.workspaceFolders, [workspace]);
        assert.equal(content.ideName, 'Theia with AI CLI companion');
    });
});
