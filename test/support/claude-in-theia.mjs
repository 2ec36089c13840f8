// A Theia app whose terminals run the real `claude` binary against the fake Anthropic API, and the
// wait for "Run Claude Code in Terminal" to be connected and at its prompt. Used by the e2e specs.
import fs from 'node:fs';
import path from 'node:path';
import { openTheiaForCli } from './cli-in-theia.mjs';
import { findClaudeBinary } from './cli-pty.mjs';
import { FAKE_ANTHROPIC_KEY, FakeAnthropicApi } from './fake-anthropic-api.mjs';
import { waitUntil } from './wait.mjs';

/** The app, the fake and a window; `debugLog` is the CLI's own debug file (its connection barrier). */
export async function openTheiaForClaude({ prefix, workspaceFiles }) {
    const binary = findClaudeBinary(); // fails with the install command if missing
    let debugLog;
    const setup = await openTheiaForCli({
        prefix,
        workspaceFiles,
        homeFiles: trusted => ({
            '.claude.json': JSON.stringify({
                hasCompletedOnboarding: true, theme: 'dark', hasSeenAutoDefaultNudge: true, hasIdeAutoConnectDialogBeenShown: true,
                diffTool: 'auto', customApiKeyResponses: { approved: [FAKE_ANTHROPIC_KEY.slice(-20)], rejected: [] },
                projects: { [trusted]: { hasTrustDialogAccepted: true } }
            })
        }),
        startFake: () => FakeAnthropicApi.start(),
        // `claude` on the terminals' PATH is the native binary in ask-before-edit mode (auto mode offers no diff).
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
    return { ...setup, debugLog };
}

/** Waits until the window counts Claude Code, the CLI's own log says its IDE connection is up, and it shows its prompt. */
export async function waitForClaudeInTerminal(window, debugLog, diagnostics) {
    await waitUntil(async () => (await window.statusBarText()).includes('Claude Code'),
        { timeout: 90_000, what: 'Claude Code to connect to the window', diagnostics });
    // The CLI counts the IDE as connected a moment after the server saw it: its own log says when.
    await waitUntil(() => fs.existsSync(debugLog) && fs.readFileSync(debugLog, 'utf8').includes('MCP server "ide": Connection established'),
        { timeout: 60_000, what: 'the CLI to establish its IDE connection', diagnostics });
    await waitUntil(async () => /manual mode on/.test(await window.terminalText()), { timeout: 60_000, what: 'the claude prompt', diagnostics });
}
