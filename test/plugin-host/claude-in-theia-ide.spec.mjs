// Claude Code with the .vsix in the Theia IDE-shaped app (plugin host, applicationName "Theia IDE"), in
// Chromium: the real `claude` started in a Theia terminal of that app finds the .vsix's lock file by the
// terminal's CLAUDE_CODE_SSE_PORT, connects over the WebSocket transport, and one Write proposal opens
// as the .vsix's diff; ✓ accepts and the CLI writes the file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { findClaudeBinary } from '../support/cli-pty.mjs';
import { FAKE_ANTHROPIC_KEY, FakeAnthropicApi } from '../support/fake-anthropic-api.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, VSIX_UI, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { builtVsix, requireTheiaIdeApp } from '../support/vsix.mjs';

describe('claude with the .vsix in the Theia IDE-shaped app (plugin host)', function () {
    this.timeout(300_000);

    let root, workspace, fake, backend, browser, window, debugLog;

    before(async function () {
        const app = requireTheiaIdeApp();
        const vsix = builtVsix();
        const binary = findClaudeBinary(); // fails with the install command if missing
        root = makeTempRoot('vsix-theia-ide-claude-');
        workspace = writeTree(path.join(root, 'workspace'), { 'notes.txt': 'first line\n' });
        writeTree(path.join(root, 'home'), {
            '.claude.json': JSON.stringify({
                hasCompletedOnboarding: true, theme: 'dark', hasSeenAutoDefaultNudge: true, hasIdeAutoConnectDialogBeenShown: true,
                diffTool: 'auto', customApiKeyResponses: { approved: [FAKE_ANTHROPIC_KEY.slice(-20)], rejected: [] },
                projects: { [workspace]: { hasTrustDialogAccepted: true } }
            })
        });
        // `bin/claude`: the native binary in ask-before-edit mode (auto mode offers no diff).
        const bin = path.join(root, 'bin');
        debugLog = path.join(root, 'claude-debug.log');
        fs.mkdirSync(bin, { recursive: true });
        fs.writeFileSync(path.join(bin, 'claude'), `#!/bin/sh\nexec "${binary}" --permission-mode default --debug-file "${debugLog}" "$@"\n`, { mode: 0o755 });
        fake = await FakeAnthropicApi.start();
        backend = await TheiaBackend.start({
            root, workspace, app, args: [`--install-plugin=${vsix}`],
            env: {
                PATH: [bin, path.join(REPO_ROOT, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
                ...fake.env(), DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
                CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1'
            },
            // CI=true would put the CLI in non-interactive mode; a user's terminal has no such variable.
            unset: ['CI', 'GITHUB_ACTIONS', 'NO_COLOR']
        });
        browser = await launchChromium();
        window = await TheiaWindow.open(browser, backend, workspace, { ui: VSIX_UI, timeout: 180_000 });
    });

    after(async function () {
        await window?.close();
        await browser?.close().catch(() => undefined);
        await backend?.stop();
        await fake?.close();
        // claude runs in a terminal of the stopped backend and can outlive it for a while, still writing its
        // debug log and session files: end whatever still runs inside the folder before removing it.
        killProcessesIn(root);
        removeTempRoot(root);
    });

    function killProcessesIn(folder) {
        for (const pid of fs.readdirSync('/proc').filter(name => /^\d+$/.test(name))) {
            try {
                if (fs.readlinkSync(`/proc/${pid}/cwd`).startsWith(folder + path.sep)) {
                    process.kill(Number(pid), 'SIGKILL');
                }
            } catch {
                // gone already, or not ours to read
            }
        }
    }

    function claudeLocks() {
        const directory = path.join(backend.home, '.claude', 'ide');
        const names = fs.existsSync(directory) ? fs.readdirSync(directory).filter(name => /^\d+\.lock$/.test(name)) : [];
        return names.map(name => ({ port: Number(name.split('.')[0]), content: JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')) }));
    }

    async function diagnostics() {
        const log = fs.existsSync(debugLog) ? fs.readFileSync(debugLog, 'utf8').split('\n').filter(l => /ide|IDE/.test(l)).slice(-20).join('\n') : '(no debug log)';
        return `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n--- claude debug log (IDE lines) ---\n${log}\n` +
            `--- locks ---\n${JSON.stringify(claudeLocks())}\n${await window.diagnostics()}`;
    }

    it('claude in a terminal of the app connects to the .vsix, and a Write proposal accepted with ✓ is what it writes', async function () {
        const [lock] = await waitUntil(() => claudeLocks().length === 1 && claudeLocks(), { timeout: 180_000, what: 'the .vsix\'s Claude Code lock file' });
        assert.equal(lock.content.ideName, 'Theia IDE');
        assert.equal(lock.content.transport, 'ws');
        assert.deepEqual(lock.content.workspaceFolders, [workspace]);
        assert.equal(fs.statSync(path.join(backend.home, '.claude', 'ide', `${lock.port}.lock`)).mode & 0o777, 0o600);

        await window.runCommand('Create New Terminal');
        await waitUntil(async () => /[$#]\s*$/.test(await window.terminalText()), { timeout: 30_000, what: 'the shell prompt', diagnostics: () => window.terminalText() });
        // By path: this app's terminal shell rebuilds PATH from the login profile, so the wrapper is not on it.
        await window.typeInTerminal('../bin/claude');
        // The CLI counts the IDE as connected a moment after the server saw it: its own log says when.
        await waitUntil(() => fs.existsSync(debugLog) && fs.readFileSync(debugLog, 'utf8').includes('MCP server "ide": Connection established'),
            { timeout: 90_000, what: 'the CLI to establish its IDE connection', diagnostics });
        await waitUntil(async () => /manual mode on/.test(await window.terminalText()), { timeout: 60_000, what: 'the claude prompt', diagnostics });
        await waitUntil(async () => (await window.statusBarText()).includes('Claude Code'),
            { timeout: 30_000, what: 'the status bar to name Claude Code', diagnostics });

        const file = path.join(workspace, 'hello.txt');
        fake.enqueue({ text: 'Writing it.', toolUse: { name: 'Write', input: { file_path: file, content: 'from claude\n' } } });
        await window.typeInTerminal('write hello.txt');
        const tab = window.diffTab('hello.txt', 'Claude Code');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        assert.equal(fs.existsSync(file), false, 'nothing is written before the decision');
        await window.acceptButton().click();
        await waitUntil(() => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === 'from claude\n',
            { timeout: 60_000, what: 'the CLI to write the accepted proposal', diagnostics });
        await tab.waitFor({ state: 'detached', timeout: 30_000 });
    });
});
