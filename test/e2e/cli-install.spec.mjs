// The CLI is not installed (issue 9 part 4): "Run Gemini CLI in Terminal" finds no `gemini` on the
// PATH of Theia's terminals nor in a login shell, offers "Install with npm" / "Run once with npx",
// and "Install with npm" runs `npm install -g @google/gemini-cli && gemini` in the visible terminal.
// Offline-safe: `npm` here is a stub first on PATH that records its arguments and "installs" by
// linking the published gemini of this repository into a bin folder on PATH; the real gemini then
// starts and connects. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/cli-install.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { geminiTestSettings } from '../support/cli-home.mjs';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { makeTempRoot, removeTempRoot } from '../support/theia-app.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('Run Gemini CLI in Terminal when gemini is not installed', function () {
    this.timeout(300_000);
    let setup, window, tools, npmLog;

    before(async () => {
        const gemini = findCliBinary('gemini', '@google/gemini-cli');
        tools = makeTempRoot('cli-install-tools-');
        const stubBin = path.join(tools, 'stub-bin');
        const prefixBin = path.join(tools, 'npm-prefix', 'bin');
        npmLog = path.join(tools, 'npm-arguments.log');
        fs.mkdirSync(stubBin, { recursive: true });
        fs.mkdirSync(prefixBin, { recursive: true });
        fs.writeFileSync(path.join(stubBin, 'npm'), [
            '#!/bin/sh',
            `echo "$*" >> '${npmLog}'`,
            `if [ "$1" = install ] && [ "$2" = -g ] && [ "$3" = @google/gemini-cli ]; then ln -sf '${gemini}' '${prefixBin}/gemini'; echo "added 1 package (test stub of npm)"; fi`,
            ''
        ].join('\n'), { mode: 0o755 });
        setup = await openTheiaForCli({
            prefix: 'cli-install-e2e-',
            workspaceFiles: { 'app.ts': 'export const a = 1;\n' },
            homeFiles: trusted => ({
                '.gemini/settings.json': JSON.stringify(geminiTestSettings({ ideEnabled: true })),
                '.gemini/trustedFolders.json': JSON.stringify({ [trusted]: 'TRUST_FOLDER' })
            }),
            // No node_modules/.bin here: gemini is on no PATH until the (stub) install links it.
            env: api => ({
                GEMINI_API_KEY: 'test-key-not-real', GOOGLE_GEMINI_BASE_URL: api.baseUrl,
                PATH: [stubBin, prefixBin, path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter)
            })
        });
        window = setup.window;
    });

    after(async () => {
        await setup?.close();
        removeTempRoot(tools);
    });

    const diagnostics = async () => `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n${await window.diagnostics()}`;

    it('offers Install with npm and Run once with npx instead of "command not found"', async () => {
        await window.runCommand('Run Gemini CLI in Terminal');
        const offer = window.page.locator('.theia-notification-list-item', { hasText: '"gemini" is not installed' }).first();
        await offer.waitFor({ state: 'visible', timeout: 30_000 });
        assert.deepEqual(await offer.locator('button').allInnerTexts(), ['Install with npm', 'Run once with npx']);
        assert.doesNotMatch(await window.terminalText(), /gemini/, 'nothing was typed into a terminal yet');
        await window.screenshot('cli-install.png');
        await offer.locator('button', { hasText: 'Install with npm' }).click();
    });

    it('Install with npm runs npm install -g in a visible terminal, then starts the CLI, which connects', async () => {
        await waitUntil(async () => (await window.statusBarText()).includes('Gemini CLI'),
            { timeout: 120_000, what: 'the installed gemini to connect', diagnostics });
        assert.equal(fs.readFileSync(npmLog, 'utf8'), 'install -g @google/gemini-cli\n');
        const terminal = await window.terminalText();
        assert.match(terminal, /npm install -g @google\/gemini-cli && gemini/);
        assert.match(terminal, /added 1 package \(test stub of npm\)/);
        assert.doesNotMatch(terminal, /command not found/);
    });
});
