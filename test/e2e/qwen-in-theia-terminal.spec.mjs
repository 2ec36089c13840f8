// Qwen Code as a user meets it: "Run Qwen Code in Terminal" starts the published `qwen` in a Theia
// terminal, Theia says IDE mode is off, `/ide enable` typed into xterm connects it to this window
// and the CLI reports "Connected to Eclipse Theia".
import assert from 'node:assert/strict';
import path from 'node:path';
import { qwenTestSettings } from '../support/cli-home.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';

describe('qwen in a Theia terminal, end to end', function () {
    let root, workspace, fake, backend, browser, window;

    before(async () => {
        findCliBinary('qwen', '@qwen-code/qwen-code'); // fails with the install command if missing
        root = makeTempRoot('qwen-terminal-e2e-');
        workspace = writeTree(path.join(root, 'workspace'), { 'app.ts': 'export const answer = 41;\n' });
        writeTree(path.join(root, 'home'), {
            '.qwen/settings.json': JSON.stringify(qwenTestSettings({ ideEnabled: false })),
            '.qwen/trustedFolders.json': JSON.stringify({ [workspace]: 'TRUST_FOLDER' })
        });
        // Qwen needs a provider configured to start without an auth dialog; no model call is made here.
        fake = await FakeGeminiApi.start();
        backend = await TheiaBackend.start({
            root, workspace,
            env: {
                OPENAI_API_KEY: 'test-key-not-real',
                OPENAI_BASE_URL: `${fake.baseUrl}/v1`,
                OPENAI_MODEL: 'fake-model',
                PATH: `${path.join(REPO_ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`
            },
            unset: ['CI', 'GITHUB_ACTIONS', 'NO_COLOR']
        });
        browser = await launchChromium();
        window = await TheiaWindow.open(browser, backend, workspace);
    });

    after(async () => {
        await window?.close();
        await browser?.close();
        await backend?.stop();
        await fake?.close();
        removeTempRoot(root);
    });

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
        await waitUntil(async () => /Connected to Eclipse Theia/.test(await window.terminalText()),
            { timeout: 30_000, what: 'qwen to report the connection', diagnostics });
    });
});
