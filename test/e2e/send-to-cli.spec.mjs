// Send code to the CLI (issue 9 part 2) with the published `gemini` in a Theia terminal: with no
// CLI connected, Ctrl/Cmd+Alt+K on a selection starts one and types "@app.ts lines 2-3" once its
// prompt is ready; later the Explorer's "Send to Gemini CLI" on a folder types "@src" into the
// terminal that runs the connected CLI, even while another terminal is the current one. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/send-to-cli.spec.mjs
import assert from 'node:assert/strict';
import { geminiTestSettings } from '../support/cli-home.mjs';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { MOD } from '../support/theia-app.mjs';
import { waitUntil } from '../support/wait.mjs';

const APP = ['// app', 'export const a = 1;', 'export const b = 2;', 'export const c = 3;', ''].join('\n');

describe('Send to CLI with the real gemini in a Theia terminal', function () {
    this.timeout(300_000);
    let setup, window;

    before(async () => {
        findCliBinary('gemini', '@google/gemini-cli');
        setup = await openTheiaForCli({
            prefix: 'send-to-cli-e2e-',
            workspaceFiles: { 'app.ts': APP, 'src/util.ts': 'export const u = 1;\n' },
            homeFiles: trusted => ({
                '.gemini/settings.json': JSON.stringify(geminiTestSettings({ ideEnabled: true })),
                '.gemini/trustedFolders.json': JSON.stringify({ [trusted]: 'TRUST_FOLDER' })
            }),
            env: api => ({ GEMINI_API_KEY: 'test-key-not-real', GOOGLE_GEMINI_BASE_URL: api.baseUrl })
        });
        window = setup.window;
    });

    after(() => setup?.close());

    const diagnostics = async () => `--- terminals ---\n${JSON.stringify(await terminals().catch(e => String(e)), null, 1)}\n${await window.diagnostics()}`;

    /** Every terminal of the window: its text and whether it has the keyboard focus. */
    function terminals() {
        return window.page.evaluate(() => {
            const container = window.theia.container;
            const shellId = [...container._bindingDictionary._map.keys()].find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
            return container.get(shellId).widgets
                .filter(widget => widget.buffer && typeof widget.sendText === 'function')
                .map(widget => ({
                    text: widget.buffer.getLines(0, widget.buffer.length, true).join('\n'),
                    focused: widget.node.contains(document.activeElement)
                }));
        });
    }

    /** The terminal running gemini: the one the command was typed into. */
    const geminiTerminal = async () => (await terminals()).find(t => /gemini|Type your message/i.test(t.text));

    it('with no CLI connected, Ctrl/Cmd+Alt+K starts gemini and types the selection\'s reference when its prompt is ready', async () => {
        await window.openFile('app.ts');
        await window.selectInActiveEditor(2, 0);
        await window.page.keyboard.press('Shift+ArrowDown');
        await window.page.keyboard.press('Shift+ArrowDown'); // lines 2-3, ending at column 0 of line 4
        await window.page.keyboard.press(`${MOD}+Alt+K`);
        // Several CLIs are enabled and none is connected: the user picks which one starts.
        const row = window.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Gemini CLI' }).first();
        await row.waitFor({ state: 'visible', timeout: 15_000 });
        await row.click();
        await waitUntil(async () => (await window.statusBarText()).includes('Gemini CLI'),
            { timeout: 120_000, what: 'gemini to connect', diagnostics });
        await waitUntil(async () => (await geminiTerminal())?.text.includes('@app.ts lines 2-3'),
            { timeout: 60_000, what: 'the reference in the gemini terminal', diagnostics });
        const gemini = await geminiTerminal();
        assert.ok(gemini.focused, 'the CLI terminal has the keyboard focus');
        assert.doesNotMatch(gemini.text, /command not found/);
        await window.screenshot('send-to-cli.png');
    });

    it('the Explorer\'s "Send to Gemini CLI" types "@src" into the terminal running the connected CLI, not the current one', async () => {
        const count = (await terminals()).length;
        await window.runCommand('Create New Terminal');
        await waitUntil(async () => (await terminals()).length === count + 1 && !(await geminiTerminal()).focused, { timeout: 30_000, what: 'a second terminal, focused', diagnostics });
        await window.page.locator('#shell-tab-explorer-view-container').click();
        const folderNode = window.page.locator('.theia-FileTree .theia-TreeNodeSegment', { hasText: /^src$/ }).first();
        await folderNode.waitFor({ state: 'visible', timeout: 15_000 });
        await folderNode.click({ button: 'right' });
        await window.page.locator('.lm-Menu-itemLabel, .p-Menu-itemLabel', { hasText: /^Send to Gemini CLI$/ }).first().click();
        await waitUntil(async () => /@src\s/.test((await geminiTerminal()).text),
            { timeout: 30_000, what: '"@src" in the gemini terminal', diagnostics });
        for (const plain of (await terminals()).filter(t => !/gemini|Type your message/i.test(t.text))) {
            assert.doesNotMatch(plain.text, /@src/, 'a plain terminal got nothing');
        }
        assert.ok((await geminiTerminal()).focused, 'the CLI terminal has the keyboard focus');
    });
});
