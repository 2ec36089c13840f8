// Qwen Code as a user meets it: "Run Qwen Code in Terminal" starts the published `qwen` in a Theia
// terminal, Theia says IDE mode is off, `/ide enable` typed into xterm connects it to this window
// and the CLI reports "Connected to <the app's name>".
import assert from 'node:assert/strict';
import { qwenTestSettings } from '../support/cli-home.mjs';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { waitUntil } from '../support/wait.mjs';
import { BROWSER_APP_NAME } from '../support/theia-app.mjs';

describe('qwen in a Theia terminal, end to end', function () {
    let setup, window;

    before(async () => {
        findCliBinary('qwen', '@qwen-code/qwen-code'); // fails with the install command if missing
        setup = await openTheiaForCli({
            prefix: 'qwen-terminal-e2e-',
            workspaceFiles: { 'app.ts': 'export const answer = 41;\n' },
            homeFiles: trusted => ({
                '.qwen/settings.json': JSON.stringify(qwenTestSettings({ ideEnabled: false })),
                '.qwen/trustedFolders.json': JSON.stringify({ [trusted]: 'TRUST_FOLDER' })
            }),
            // Qwen needs a provider configured to start without an auth dialog; no model call is made here.
            env: api => ({ OPENAI_API_KEY: 'test-key-not-real', OPENAI_BASE_URL: `${api.baseUrl}/v1`, OPENAI_MODEL: 'fake-model' })
        });
        window = setup.window;
    });

    after(() => setup?.close());

    const diagnostics = async () => `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n${await window.diagnostics()}`;

    it('runs from the command palette, says IDE mode is off, and connects after /ide enable', async () => {
        await window.runCommand('Run Qwen Code in Terminal');
        await window.page.locator('.theia-notification-message', { hasText: 'type /ide enable once' }).first()
            .waitFor({ state: 'visible', timeout: 30_000 });
        await waitUntil(async () => /Type your message/i.test(await window.terminalText()),
            { timeout: 90_000, what: 'the qwen prompt', diagnostics });
        assert.doesNotMatch(await window.statusBarText(), /Qwen Code/, 'IDE mode is off: no session yet');
        await window.typeInTerminal('/ide enable');
        await waitUntil(async () => (await window.statusBarText()).includes('Qwen Code'),
            { timeout: 60_000, what: 'Qwen Code to connect to the window', diagnostics });
        // `/ide enable` ends by printing the status line (the pty test in test/integration runs `/ide status` too).
        await waitUntil(async () => (await window.terminalText()).includes(`Connected to ${BROWSER_APP_NAME}`),
            { timeout: 30_000, what: 'qwen to report the connection', diagnostics });
    });
});
