// The real `codex` (0.169.0) typed into a Theia terminal in Chromium, against the Responses API fake:
// `/ide` finds this window through the backend's Codex socket (the terminal's TMPDIR is the backend's),
// and the next prompt's model request carries the selection made in Theia's editor; the status bar lists
// Codex CLI (also after a window reload), and Send Selection to CLI types the reference into its terminal. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/codex-in-theia-terminal.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { CODEX_IDE_ON, CODEX_READY, lastUserText, promptRequest, stopCodexDaemons } from '../support/codex-cli.mjs';
import { FakeOpenAiResponsesApi } from '../support/fake-openai-responses-api.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('Codex CLI in a Theia terminal: /ide and the editor selection', function () {
    this.timeout(300_000);
    let setup, window, api;

    before(async () => {
        const binary = findCliBinary('codex', '@openai/codex'); // fails with the install command if missing
        api = await FakeOpenAiResponsesApi.start({ defaultText: 'Answer from the fake.' });
        setup = await openTheiaForCli({
            prefix: 'codex-e2e-',
            workspaceFiles: { 'src/lib.ts': 'export const answer = 42;\n', 'README.md': '# readme\n' },
            homeFiles: () => ({ '.codex/config.toml': api.codexConfig({ envKey: 'OPENAI_API_KEY' }) }),
            startFake: async () => api,
            env: () => ({ OPENAI_API_KEY: 'sk-fake-codex' }),
            // A `codex` launcher (the terminal's login shell resets PATH here, so it is typed with its path).
            extraPath: ({ root }) => {
                const bin = path.join(root, 'bin');
                fs.mkdirSync(bin, { recursive: true });
                fs.writeFileSync(path.join(bin, 'codex'), `#!/bin/sh\nexec "${process.execPath}" "${binary}" "$@"\n`, { mode: 0o755 });
                return [bin];
            }
        });
        window = setup.window;
    });

    after(async () => {
        await setup?.close();
        if (setup) {
            await stopCodexDaemons(path.join(setup.root, 'home'));
        }
    });

    async function diagnostics() {
        return `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n--- model requests: ${api.responseRequests.length}\n${await window.diagnostics()}`;
    }

    const typeWhenReady = line => window.typeInTerminalUntilEcho(line, diagnostics);

    it('codex in a Theia terminal: /ide turns context on, and a prompt carries the selection made in Theia', async () => {
        await window.openFile('src/lib.ts');
        await window.selectInActiveEditor(1, 24); // "export const answer = 42"
        await window.runCommand('Create New Terminal');
        await typeWhenReady(`${path.join(setup.root, 'bin', 'codex')}`);
        await waitUntil(async () => (await window.terminalText()).includes(CODEX_READY),
            { timeout: 90_000, what: 'codex at its prompt', diagnostics });
        await typeWhenReady('/ide');
        await waitUntil(async () => (await window.terminalText()).includes(CODEX_IDE_ON),
            { timeout: 60_000, what: `"${CODEX_IDE_ON}"`, diagnostics });

        await typeWhenReady('what is selected?');
        const request = await waitUntil(() => promptRequest(api.responseRequests, 'what is selected?'),
            { timeout: 60_000, what: 'the model request of the prompt', diagnostics });
        const text = lastUserText(request);
        assert.match(text, /## Active file: src\/lib\.ts/);
        assert.match(text, /## Active selection of the file:\nexport const answer = 42\n/);
        assert.match(text, /## Open tabs:\n- lib\.ts: src\/lib\.ts/);
        await waitUntil(async () => (await window.terminalText()).includes('Answer from the fake.'),
            { timeout: 60_000, what: 'the answer in the terminal', diagnostics });
    });

    it('the status bar shows Codex CLI once it asked, and Send Selection to CLI types the reference into its terminal', async () => {
        // After the first test: codex runs in the terminal and has asked this window for its context.
        await waitUntil(async () => (await window.statusBarText()).includes('Codex CLI'),
            { timeout: 30_000, what: 'Codex CLI in the status bar', diagnostics: async () => `status bar: ${await window.statusBarText()}\n${await diagnostics()}` });
        await window.focusEditorTab('lib.ts');
        await window.selectInActiveEditor(1, 6); // "export"
        await window.page.keyboard.press('Control+Alt+K'); // Send Selection to CLI
        // Codex's @ opens a file picker: the reference is typed as a bare path, left for the user to go on.
        await waitUntil(async () => (await window.terminalText()).includes('src/lib.ts line 1'),
            { timeout: 30_000, what: 'the reference typed into codex', diagnostics });
        await typeWhenReady('explain');
        const request = await waitUntil(() => promptRequest(api.responseRequests, 'src/lib.ts line 1 explain'),
            { timeout: 60_000, what: 'the model request of the sent selection', diagnostics });
        assert.match(lastUserText(request), /## Active selection of the file:\nexport\n/);
    });

    it('after a window reload the status bar still lists Codex CLI (the socket is the backend\'s, the window gets its server back)', async () => {
        await window.page.reload();
        await window.waitForShell(120_000);
        await waitUntil(async () => (await window.statusBarText()).includes('Codex CLI'),
            { timeout: 30_000, what: 'Codex CLI in the status bar after the reload', diagnostics });
    });
});
