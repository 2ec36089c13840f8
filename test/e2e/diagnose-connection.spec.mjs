// Diagnose Connection (issue 9 part 5) with the published `gemini` connected from a Theia terminal:
// the report (editor tab, output channel, "Copy report") names the listening server, the discovery
// file with its mode, the connected CLI's process and working directory, each CLI's version and
// ide.enabled, Qwen Code's silent approval mode, the container variable, and a terminal outside the
// workspace as "Directory mismatch". Run from test/:
//   npx mocha --exit --timeout 300000 e2e/diagnose-connection.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { geminiTestSettings } from '../support/cli-home.mjs';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('Diagnose Connection with the real gemini connected', function () {
    this.timeout(300_000);
    let setup, window;

    before(async () => {
        findCliBinary('gemini', '@google/gemini-cli');
        setup = await openTheiaForCli({
            prefix: 'diagnose-e2e-',
            workspaceFiles: { 'app.ts': 'export const a = 1;\n' },
            homeFiles: trusted => ({
                '.gemini/settings.json': JSON.stringify(geminiTestSettings({ ideEnabled: true })),
                '.gemini/trustedFolders.json': JSON.stringify({ [trusted]: 'TRUST_FOLDER' }),
                // No ~/.qwen/settings.json: qwen 0.24.4 then runs in its default approval mode, "auto".
                // Claude Code set up so that it never offers a diff, twice over.
                '.claude/settings.json': JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }),
                '.claude.json': JSON.stringify({ hasCompletedOnboarding: true, diffTool: 'terminal' })
            }),
            env: api => ({ GEMINI_API_KEY: 'test-key-not-real', GOOGLE_GEMINI_BASE_URL: api.baseUrl }),
            windowSetup: context => context.grantPermissions(['clipboard-read', 'clipboard-write'])
        });
        window = setup.window;
        await window.runCommand('Run Gemini CLI in Terminal');
        await waitUntil(async () => (await window.statusBarText()).includes('Gemini CLI'),
            { timeout: 120_000, what: 'gemini to connect', diagnostics: () => window.diagnostics() });
    });

    after(() => setup?.close());

    /** The buffer of the focused terminal (xterm draws on a canvas; the widget keeps the text). */
    const activeTerminalText = () => window.page.evaluate(() => {
        const container = globalThis.theia?.container;
        const shellId = [...container._bindingDictionary._map.keys()]
            .find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
        const widget = container.get(shellId).activeWidget;
        return widget?.buffer ? widget.buffer.getLines(0, widget.buffer.length, true).join('\n') : '';
    });

    /** Runs the command, waits for the report tab, clicks "Copy report" and returns the clipboard. */
    async function diagnose() {
        await window.page.evaluate(() => navigator.clipboard.writeText(''));
        await window.runCommand('Diagnose Connection');
        const copy = window.page.locator('.theia-notification-list-item', { hasText: 'Connection diagnosis:' })
            .locator('button', { hasText: 'Copy report' }).first();
        await copy.waitFor({ state: 'visible', timeout: 90_000 });
        await window.tab('connection-diagnosis.md').waitFor({ state: 'visible', timeout: 10_000 });
        await copy.click();
        await waitUntil(async () => (await window.page.evaluate(() => navigator.clipboard.readText())).startsWith('# AI CLI companion'),
            { timeout: 10_000, what: 'the report on the clipboard' });
        return window.page.evaluate(() => navigator.clipboard.readText());
    }

    it('reports every check with its result, and copies the report', async () => {
        const report = await diagnose();
        const discovery = setup.backend.discoveryFiles().find(f => f.content.workspacePath === setup.workspace);
        assert.ok(discovery, 'the window\'s discovery file');
        assert.match(report, new RegExp(`✔ OK: Server listening on 127\\.0\\.0\\.1:${discovery.port}`));
        assert.match(report, new RegExp(`✔ OK: Gemini CLI: ${escape(discovery.file)}\\n  - owner uid \\d+, mode 600`));
        assert.doesNotMatch(report, new RegExp(discovery.content.authToken), 'the token is never shown');
        assert.match(report, /✔ OK: Gemini CLI connected \(session [0-9a-f]{8}\)/);
        assert.match(report, new RegExp(`process \\d+ in the terminal whose shell is \\d+, working directory ${escape(setup.workspace)}`));
        assert.match(report, /✔ OK: "gemini" 0\.61\.0 at /);
        assert.match(report, new RegExp(`✔ OK: ide\\.enabled is true in ${escape(path.join(setup.backend.home, '.gemini', 'settings.json'))}`));
        assert.match(report, /⚠ WARNING: Qwen Code: tools\.approvalMode is "auto" \(default\)\n  - In this mode the CLI writes files without asking/);
        // The title is whatever the CLI set (gemini sets a glyph).
        assert.match(report, /✔ OK: Terminal ".*" has Gemini CLI's variables for this server/);
        if (fs.existsSync('/.dockerenv')) {
            assert.match(report, /✔ OK: Container detected; REMOTE_CONTAINERS=true is set/);
        }
        await window.dismissHover();
        await window.screenshot('diagnose-connection.png');
    });

    it('names Claude Code\'s acceptEdits and "diffTool": "terminal" as the reason no diff opens, with how to ask before edits', async () => {
        const report = await diagnose();
        const home = setup.backend.home;
        assert.match(report, new RegExp(`⚠ WARNING: Claude Code: permissions\\.defaultMode is "acceptEdits" \\(${escape(path.join(home, '.claude', 'settings.json'))}\\)\\n  - In this mode the CLI writes files without asking, so no diff ever opens`));
        assert.match(report, new RegExp(`⚠ WARNING: Claude Code: "diffTool" is "terminal" in ${escape(path.join(home, '.claude.json'))}\\n  - Then the CLI never opens a diff in the IDE`));
        assert.match(report, /\*\*Fix:\*\* Claude Code offers no diff in auto mode, in acceptEdits mode, or with "diffTool": "terminal".*start it with `claude --permission-mode default`/);
    });

    it('a terminal outside the workspace is reported as a directory mismatch, with the fix', async () => {
        await window.runCommand('Create New Terminal');
        // The new terminal has the focus: its shell's first prompt, then the prompt after `cd /`, are the barriers.
        await waitUntil(async () => (await activeTerminalText()).trim().length > 0,
            { timeout: 30_000, what: 'the new terminal\'s prompt' });
        await window.page.keyboard.type('cd /');
        await window.page.keyboard.press('Enter');
        await waitUntil(async () => {
            const text = await activeTerminalText();
            const typed = text.lastIndexOf('cd /');
            return typed >= 0 && text.slice(typed + 'cd /'.length).trim().length > 0;
        }, { timeout: 30_000, what: 'the prompt after cd /', diagnostics: async () => `--- terminal ---\n${await activeTerminalText()}` });
        const report = await diagnose();
        assert.match(report, /⚠ WARNING: Directory mismatch: the terminal is in \/, outside the workspace folders/);
        assert.match(report, /\*\*Fix:\*\* The CLIs refuse to connect outside the workspace/);
    });
});

function escape(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
