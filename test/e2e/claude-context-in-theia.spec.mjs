// What Claude Code learns from Theia besides diffs, with the real `claude` binary in a Theia terminal:
// a problem Theia shows (a marker its task system made from a problem matcher, listed in the Problems
// view) is what the CLI's getDiagnostics returns to the model, and *Send Selection to CLI* reaches the
// connected CLI as `at_mentioned` over its IDE connection (the CLI renders `@file#Lx-y`), not as text
// typed into its terminal. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/claude-context-in-theia.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findClaudeBinary } from '../support/cli-pty.mjs';
import { FAKE_ANTHROPIC_KEY, FakeAnthropicApi, lastUserText } from '../support/fake-anthropic-api.mjs';
import { waitUntil } from '../support/wait.mjs';

const NOTES = 'first line\nsecond broken line\nthird line\nfourth line\n';

/**
 * A build task whose output Theia's problem matcher turns into a marker on notes.txt: warning W7 on
 * "broken" (line 2, columns 8-14 in the tool's 1-based terms).
 */
const TASKS = {
    version: '2.0.0',
    tasks: [{
        label: 'lint notes',
        type: 'shell',
        command: 'echo \'notes.txt:2:8:2:14: warning: broken is misspelled [W7]\'',
        group: { kind: 'build', isDefault: true },
        problemMatcher: {
            owner: 'notes-lint',
            source: 'notes-lint',
            fileLocation: ['relative', '${workspaceFolder}'],
            pattern: {
                regexp: '^([^:\\s]+):(\\d+):(\\d+):(\\d+):(\\d+): (error|warning|info): (.*) \\[(\\w+)\\]$',
                file: 1, line: 2, column: 3, endLine: 4, endColumn: 5, severity: 6, message: 7, code: 8
            }
        }
    }]
};

describe('Claude Code in a Theia terminal: problems and Send Selection', function () {
    this.timeout(300_000);
    let setup, workspace, fake, window, debugLog;

    before(async function () {
        const binary = findClaudeBinary(); // fails with the install command if missing
        setup = await openTheiaForCli({
            prefix: 'claude-context-e2e-',
            workspaceFiles: { 'notes.txt': NOTES, '.theia/tasks.json': JSON.stringify(TASKS, undefined, 2) },
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
        ({ workspace, fake, window } = setup);
        await lintNotesWithTheiaTask();
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

    /** Runs the build task, waits for its problem in the Problems view, and closes the task's terminal. */
    async function lintNotesWithTheiaTask() {
        await window.runCommand('Run Build Task');
        await window.runCommand('Toggle Problems');
        const problem = window.page.locator('.markerNode', { hasText: 'broken is misspelled' });
        await problem.waitFor({ state: 'visible', timeout: 60_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        // The task's terminal would take the keys meant for claude's: close it (its markers stay).
        const taskTab = window.page.locator('#theia-bottom-content-panel .lm-TabBar-tab', { hasText: 'Task: lint notes' });
        await taskTab.hover();
        await taskTab.locator('.lm-TabBar-tabCloseIcon').click();
        await taskTab.waitFor({ state: 'detached', timeout: 15_000 });
        await problem.waitFor({ state: 'visible', timeout: 5_000 });
    }

    /** The text of the tool_result the CLI sent back for `toolUseId`, once a turn carries it. */
    async function toolResultText(toolUseId) {
        const turn = await fake.waitForRequest(r => r.isTurn && resultBlock(r, toolUseId) !== undefined, 90_000);
        const { content } = resultBlock(turn, toolUseId);
        return typeof content === 'string' ? content : content.filter(block => block.type === 'text').map(block => block.text).join('');
    }

    function resultBlock(turn, toolUseId) {
        return (turn.body?.messages ?? []).flatMap(m => Array.isArray(m.content) ? m.content : [])
            .find(block => block.type === 'tool_result' && block.tool_use_id === toolUseId);
    }

    it('getDiagnostics called by the model returns the marker Theia shows: message, 0-based range, severity name', async () => {
        const notes = path.join(workspace, 'notes.txt');
        fake.enqueue({ text: 'Checking the problems.', toolUse: { id: 'toolu_diagnostics_1', name: 'mcp__ide__getDiagnostics', input: { uri: pathToFileURL(notes).href } } });
        const turns = fake.turns.length;
        await window.typeInTerminal('what is wrong in notes.txt?');
        await fake.waitForTurn(turns + 1, 60_000);
        // The CLI asks before an MCP tool runs; "1" picks its first option, Yes (pressed again while the question stays).
        await waitUntil(async () => {
            if (fake.requests.some(r => r.isTurn && resultBlock(r, 'toolu_diagnostics_1'))) {
                return true;
            }
            if (/Do you want to proceed/.test(await window.terminalText())) {
                await window.page.locator('.xterm-helper-textarea').first().focus();
                await window.page.keyboard.press('1');
            }
            return false;
        }, { timeout: 90_000, interval: 2_000, what: 'the CLI to send getDiagnostics\' result to the model', diagnostics: () => diagnostics() });
        const result = JSON.parse(await toolResultText('toolu_diagnostics_1'));
        assert.deepEqual(result, [{
            uri: pathToFileURL(notes).href,
            diagnostics: [{
                message: 'broken is misspelled', severity: 'Warning', source: 'notes-lint', code: 'W7',
                range: { start: { line: 1, character: 7 }, end: { line: 1, character: 13 } }
            }]
        }]);
        await waitUntil(async () => /manual mode on/.test(await window.terminalText()), { timeout: 60_000, what: 'the prompt after the turn' });
    });

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
