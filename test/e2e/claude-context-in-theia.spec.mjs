// *Send Selection to CLI* with the real `claude` binary connected from a Theia terminal: the selection
// reaches the CLI as `at_mentioned` over its IDE connection (the CLI itself renders `@file#Lx-y` in its
// input), not as text typed into its terminal, and the next model request carries it. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/claude-context-in-theia.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findClaudeBinary } from '../support/cli-pty.mjs';
import { FAKE_ANTHROPIC_KEY, FakeAnthropicApi, lastUserText } from '../support/fake-anthropic-api.mjs';
import { waitUntil } from '../support/wait.mjs';

const NOTES = 'first line\nsecond broken line\nthird line\nfourth line\n';

describe('Claude Code in a Theia terminal: Send Selection to CLI', function () {
    this.timeout(300_000);
    let setup, fake, window, debugLog;

    before(async function () {
        const binary = findClaudeBinary(); // fails with the install command if missing
        setup = await openTheiaForCli({
            prefix: 'claude-context-e2e-',
            workspaceFiles: { 'notes.txt': NOTES },
            homeFiles: trusted => ({
                '.claude.json': JSON.stringify({
                    hasCompletedOnboarding: true, theme: 'dark', hasSeenAutoDefaultNudge: true, hasIdeAutoConnectDialogBeenShown: true,
                    diffTool: 'auto', customApiKeyResponses: { approved: [FAKE_ANTHROPIC_KEY.slice(-20)], rejected: [] },
                    projects: { [trusted]: { hasTrustDialogAccepted: true } }
                })
            }),
            startFake: () => FakeAnthropicApi.start(),
            extraPath: ({ root }) => {
                const bin = path.join(root, 'bin');
                debugLog = path.join(root, 'claude-debug.log');
                fs.mkdirSync(bin, { recursive: true });
                fs.writeFileSync(path.join(bin, 'claude'), `#!/bin/sh\nexec "${binary}" --permission-mode default --debug-file "${debugLog}" "$@"\n`, { mode: 0o755 });
                return [bin];
            },
            env: api => ({
                ...api.env(), DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
                CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1'
            })
        });
        ({ fake, window } = setup);
        await window.runCommand('Run Claude Code in Terminal');
        await waitUntil(async () => (await window.statusBarText()).includes('Claude Code'),
            { timeout: 90_000, what: 'Claude Code to connect to the window', diagnostics: () => diagnostics() });
        await waitUntil(() => fs.existsSync(debugLog) && fs.readFileSync(debugLog, 'utf8').includes('MCP server "ide": Connection established'),
            { timeout: 60_000, what: 'the CLI to establish its IDE connection', diagnostics: () => diagnostics() });
        await waitUntil(async () => /manual mode on/.test(await window.terminalText()), { timeout: 60_000, what: 'the claude prompt', diagnostics: () => diagnostics() });
    });

    after(() => setup?.close());

    async function diagnostics() {
        return `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n--- fake API requests: ${fake.requests.length}\n${await window.diagnostics()}`;
    }

    it('Send Selection to CLI puts @file#Lx-y into claude\'s input over the IDE connection, and the next request carries it', async () => {
        await window.openFile('notes.txt');
        await window.selectInActiveEditor(2, 0);
        await window.page.keyboard.press('Shift+ArrowDown');
        await window.page.keyboard.press('Shift+ArrowDown'); // lines 2-3, ending at column 0 of line 4
        await window.runCommand('Send Selection to CLI');
        // `@notes.txt#L2-3` is how the CLI renders at_mentioned {lineStart: 1, lineEnd: 2}; typed text would read "@notes.txt lines 2-3".
        await waitUntil(async () => (await window.terminalText()).includes('@notes.txt#L2-3'),
            { timeout: 60_000, what: 'the CLI to show the at-mention in its input', diagnostics: () => diagnostics() });
        assert.doesNotMatch(await window.terminalText(), /@notes\.txt lines/, 'nothing was typed into the terminal');
        const turns = fake.turns.length;
        await window.typeInTerminal('explain these lines');
        const turn = await fake.waitForTurn(turns + 1, 60_000);
        const text = lastUserText(turn);
        assert.match(text, /@notes\.txt#L2-3 explain these lines/);
        assert.doesNotMatch(text, /@notes\.txt lines/);
    });
});
