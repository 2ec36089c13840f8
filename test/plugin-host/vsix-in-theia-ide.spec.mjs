// The .vsix the way Theia IDE users get it: `--install-plugin=<file.vsix>` (what "Install from VSIX…"
// does) into a browser app shaped like the Theia IDE product (applicationName "Theia IDE", plugin
// host, Open VSX registry), in Chromium; against it the real IdeClient, the real gemini and qwen.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { CliPty, findCliBinary } from '../support/cli-pty.mjs';
import { cleanProcessEnv, geminiTestSettings, qwenTestSettings } from '../support/cli-home.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import {
    ARTIFACTS_DIR, MOD, TheiaBackend, TheiaWindow, VSIX_UI, launchChromium, makeTempRoot, removeTempRoot, sleep, waitUntil, writeTree
} from '../support/theia-app.mjs';
import { builtVsix, parentPid, requireTheiaIdeApp } from '../support/vsix.mjs';

const ALPHA = 'export const first = 1;\nexport const second = 2;\n';
const BETA = 'export const beta = "b";\n';
const CONNECTED = 'Connected to Theia IDE';
const PROMPT_READY = /Type your message/;
const COMPANION_VARIABLES = /^(GEMINI_CLI_IDE_|QWEN_CODE_IDE_|LLXPRT_CODE_IDE_|REMOTE_CONTAINERS=)/;

describe('the .vsix in the Theia IDE-shaped app (plugin host)', function () {
    this.timeout(300_000);

    let root, workspace, backend, browser, window, discovery, fakeApi;
    let alphaPath, betaPath;
    /** What a terminal of the window really got: read back from a shell in Theia's terminal. */
    let terminalEnv;
    const cleanups = new CleanupStack();

    before(async function () {
        const app = requireTheiaIdeApp();
        const vsix = builtVsix();
        findCliBinary('gemini', '@google/gemini-cli');
        findCliBinary('qwen', '@qwen-code/qwen-code');
        root = makeTempRoot('vsix-theia-ide-');
        workspace = writeTree(path.join(root, 'workspace'), { 'src/alpha.ts': ALPHA, 'src/beta.ts': BETA });
        alphaPath = path.join(workspace, 'src', 'alpha.ts');
        betaPath = path.join(workspace, 'src', 'beta.ts');
        // CLI settings in the backend's HOME, which the pty CLIs share: API-key auth, no nudge, workspace trusted.
        writeTree(path.join(root, 'home'), {
            '.gemini/settings.json': JSON.stringify(geminiTestSettings({ ideEnabled: false })),
            '.gemini/trustedFolders.json': JSON.stringify({ [workspace]: 'TRUST_FOLDER' }),
            '.qwen/settings.json': JSON.stringify(qwenTestSettings({ ideEnabled: false })),
            '.qwen/trustedFolders.json': JSON.stringify({ [workspace]: 'TRUST_FOLDER' })
        });
        fakeApi = await FakeGeminiApi.start();
        backend = await TheiaBackend.start({ root, workspace, app, args: [`--install-plugin=${vsix}`], unset: ['CI', 'GITHUB_ACTIONS', 'NO_COLOR'] });
        browser = await launchChromium();
        let navigated;
        const firstFile = waitUntil(() => backend.discoveryFiles()[0], { timeout: 180_000, interval: 25, what: 'the .vsix\'s discovery file' })
            .then(file => ({ file, at: Date.now() }));
        window = await TheiaWindow.open(browser, backend, workspace, { ui: VSIX_UI, timeout: 180_000, onNavigate: () => { navigated = Date.now(); } });
        const first = await firstFile;
        discovery = first.file;
        reportStartup(first.at - navigated);
    });

    after(async function () {
        await cleanups.run();
        await window?.close();
        await browser?.close().catch(() => undefined);
        await backend?.stop();
        await fakeApi?.close();
        removeTempRoot(root);
    });

    /** Prints how long the plugin host took to bring the companion up, and keeps it for the README. */
    function reportStartup(pageToFileMs) {
        const hostStart = /^(\S+) .*PLUGIN_HOST\(\d+\) starting instance/m.exec(backend.log);
        const fileTime = fs.statSync(discovery.file).mtimeMs;
        const hostToFileMs = hostStart ? Math.round(fileTime - Date.parse(hostStart[1])) : undefined;
        const figures = { pageNavigationToDiscoveryFileMs: pageToFileMs, pluginHostStartToDiscoveryFileMs: hostToFileMs };
        console.log(`      plugin host start-up: page opened → discovery file ${pageToFileMs} ms; plugin host process start → file ${hostToFileMs} ms`);
        fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
        fs.appendFileSync(path.join(ARTIFACTS_DIR, 'vsix-startup.jsonl'), `${JSON.stringify({ at: new Date().toISOString(), ...figures })}\n`);
    }

    async function diagnostics() {
        return `${await window.diagnostics()}\n--- discovery files ---\n${JSON.stringify(backend.discoveryFiles(), undefined, 1)}`;
    }

    const withDiagnostics = test => async function () {
        try {
            await test.call(this);
        } catch (error) {
            error.message += `\n${await diagnostics().catch(e => `(no diagnostics: ${e})`)}`;
            throw error;
        }
    };

    it('is installed like "Install from VSIX…" and its discovery files name "Theia IDE", with the Gemini PID rule', withDiagnostics(async function () {
        const deployed = fs.readdirSync(path.join(backend.home, '.theia', 'deployedPlugins'));
        assert.ok(deployed.some(name => name.startsWith('ai-cli-companion.ai-cli-companion@')), `deployed: ${deployed}`);
        const pluginHostPid = discovery.content.ppid;
        assert.equal(parentPid(pluginHostPid), backend.pid, 'ppid in the files is the plugin host, a child of the backend');
        // Shell → backend → the backend's parent (this test process): what Gemini CLI's process walk finds.
        assert.equal(discovery.pid, process.pid, 'the Gemini file is named after the backend\'s parent');
        assert.deepEqual(discovery.content.ideInfo, { name: 'theia', displayName: 'Theia IDE' });
        assert.equal(discovery.content.workspacePath, workspace);
        assert.equal(typeof discovery.content.aiCliCompanion, 'string', 'our marker, for stale-file cleanup');
        const [lock] = backend.qwenLockFiles();
        assert.ok(lock, 'a Qwen lock file');
        assert.equal(lock.port, discovery.port);
        assert.equal(lock.content.ppid, pluginHostPid, 'Qwen deletes the lock when this pid dies: the plugin host');
        assert.deepEqual(lock.content.ideInfo, { name: 'theia', displayName: 'Theia IDE' });
        assert.equal(lock.content.ideName, 'Theia IDE');
        assert.ok(fs.readdirSync(path.join(backend.tmp, 'llxprt', 'ide')).some(name => name.endsWith(`-${discovery.port}.json`)), 'an LLxprt file');
        assert.match(await window.statusBarText(), /AI CLI/);
    }));

    it('a new Theia terminal gets the window\'s variables from the environment variable collection', withDiagnostics(async function () {
        // The shell starts in the workspace; a short line, so the terminal does not wrap it.
        const envFile = path.join(root, 'env.txt');
        await window.runCommand('Create New Terminal');
        // Keys typed before the shell prints its prompt can be lost.
        await waitUntil(async () => /[$#]\s*$/.test(await window.terminalText()), { timeout: 30_000, what: 'the shell prompt', diagnostics: () => window.terminalText() });
        await window.typeInTerminal('env > ../env.tmp && mv ../env.tmp ../env.txt');
        await waitUntil(() => fs.existsSync(envFile), { timeout: 30_000, what: 'the terminal to write its env' });
        const lines = fs.readFileSync(envFile, 'utf8').split('\n');
        terminalEnv = Object.fromEntries(lines.filter(line => COMPANION_VARIABLES.test(line)).map(line => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
        assert.equal(terminalEnv.GEMINI_CLI_IDE_SERVER_PORT, String(discovery.port));
        assert.equal(terminalEnv.GEMINI_CLI_IDE_AUTH_TOKEN, discovery.content.authToken);
        assert.equal(terminalEnv.GEMINI_CLI_IDE_PID, String(discovery.pid), 'GEMINI_CLI_IDE_PID is the PID in the file name');
        assert.equal(terminalEnv.GEMINI_CLI_IDE_WORKSPACE_PATH, workspace);
        assert.equal(terminalEnv.QWEN_CODE_IDE_SERVER_PORT, String(discovery.port));
        assert.equal(terminalEnv.QWEN_CODE_IDE_WORKSPACE_PATH, workspace);
        assert.equal(terminalEnv.REMOTE_CONTAINERS, fs.existsSync('/.dockerenv') || fs.existsSync('/run/.containerenv') ? 'true' : undefined);
    }));

    describe('the real Gemini CLI IdeClient', function () {
        let client;

        before(async function () {
            assert.ok(terminalEnv, 'the terminal test captured the env');
            client = await IdeClientProcess.start({ cwd: workspace, env: { ...cleanProcessEnv(), HOME: backend.home, TMPDIR: backend.tmp, ...terminalEnv } });
            cleanups.push(() => client.stop());
            const state = await client.request('connect');
            assert.equal(state.status, 'connected', `IdeClient did not connect: ${JSON.stringify(state)}\n${client.output}`);
            assert.equal(state.ide, 'Theia IDE');
            assert.equal(state.diffing, true, 'openDiff and closeDiff are offered');
        });

        it('sees the open files, the focused one with its 1-based cursor and selection', withDiagnostics(async function () {
            await window.openFile('src/alpha.ts');
            await window.openFile('src/beta.ts');
            await window.focusEditorTab('alpha.ts');
            await window.selectInActiveEditor(2, 'export const second'.length);
            const context = await client.waitForContext(c => c.workspaceState?.openFiles?.some(f => f.isActive && f.selectedText === 'export const second'), 30_000);
            const [active, other] = context.workspaceState.openFiles;
            assert.equal(active.path, alphaPath);
            assert.deepEqual(active.cursor, { line: 2, character: 'export const second'.length + 1 });
            assert.equal(other.path, betaPath);
            assert.ok(!other.isActive && other.cursor === undefined && other.selectedText === undefined);
        }));

        it('diffs: ✓ accepts, Ctrl+S accepts the edited proposal, closing the tab rejects, closeDiff is silent; no dialog, nothing written', withDiagnostics(async function () {
            const tabLabel = 'src/alpha.ts ↔ proposed by Gemini CLI';
            const proposal1 = ALPHA.replace('first = 1', 'first = 100');
            let diff = startDiff(client, alphaPath, proposal1);
            await window.tab(tabLabel).waitFor({ state: 'visible', timeout: 30_000 });
            await waitUntil(async () => (await window.renderedText(window.modifiedEditor())).includes('first = 100'), { timeout: 30_000, what: 'the proposal on the right' });
            assert.ok((await window.renderedText(window.originalEditor())).includes('first = 1;'), 'the left side is the file on disk');
            await window.acceptButton().waitFor({ state: 'visible', timeout: 30_000 });
            await window.rejectButton().waitFor({ state: 'visible', timeout: 30_000 });
            await window.dismissHover();
            await window.screenshot('vsix-diff-editor.png');
            assert.equal(diff.settled, false, 'openDiff waits for the user');
            await window.acceptButton().click();
            assert.deepEqual(await outcomeOf(diff), { status: 'accepted', content: proposal1 });
            await window.tab(tabLabel).waitFor({ state: 'detached', timeout: 30_000 });

            const proposal2 = ALPHA.replace('second = 2', 'second = 200');
            const typed = 'const userEdit = 42;';
            diff = startDiff(client, alphaPath, proposal2);
            await window.tab(tabLabel).waitFor({ state: 'visible', timeout: 30_000 });
            await waitUntil(async () => (await window.renderedText(window.modifiedEditor())).includes('second = 200'), { timeout: 30_000, what: 'the second proposal' });
            await window.modifiedEditor().locator('.view-lines').click();
            await window.page.keyboard.press(`${MOD}+End`);
            await window.page.keyboard.type(typed);
            await waitUntil(async () => (await window.renderedText(window.modifiedEditor())).includes(typed), { timeout: 15_000, what: 'the typed text' });
            await window.page.keyboard.press('Escape');
            await window.page.keyboard.press(`${MOD}+S`);
            assert.deepEqual(await outcomeOf(diff), { status: 'accepted', content: proposal2 + typed });
            await window.tab(tabLabel).waitFor({ state: 'detached', timeout: 30_000 });

            diff = startDiff(client, alphaPath, `${ALPHA}// proposal three\n`);
            await window.tab(tabLabel).waitFor({ state: 'visible', timeout: 30_000 });
            await window.closeTab(tabLabel);
            assert.deepEqual(await outcomeOf(diff), { status: 'rejected' });
            await window.tab(tabLabel).waitFor({ state: 'detached', timeout: 30_000 });
            assert.equal(await window.page.locator('.dialogOverlay').filter({ visible: true }).count(), 0, 'no "Save changes?" dialog');

            const proposal4 = `${ALPHA}// proposal four\n`;
            const before = client.events.filter(e => e.event === 'notification' && /^ide\/diff/.test(e.method)).length;
            diff = startDiff(client, alphaPath, proposal4);
            await window.tab(tabLabel).waitFor({ state: 'visible', timeout: 30_000 });
            assert.equal(await client.request('closeDiff', { filePath: alphaPath }), proposal4, 'closeDiff returns the right side');
            await window.tab(tabLabel).waitFor({ state: 'detached', timeout: 30_000 });
            // Barrier: a context update after the close travels the same stream as any notification would.
            await window.focusEditorTab('beta.ts');
            await client.waitForContext(c => c.workspaceState?.openFiles?.[0]?.path === betaPath && c.workspaceState.openFiles[0].isActive, 30_000);
            assert.deepEqual(client.events.filter(e => e.event === 'notification' && /^ide\/diff/.test(e.method)).slice(before), [], 'closeDiff sends nothing');
            assert.equal(await window.page.locator('.dialogOverlay').filter({ visible: true }).count(), 0, 'no dialog');
            assert.equal(fs.readFileSync(alphaPath, 'utf8'), ALPHA, 'the IDE never writes the file; the CLI does');
        }));
    });

    describe('the published CLIs in a pty with that terminal\'s env', function () {
        async function ideStatusAfterEnable(bin, packageName, extraEnv) {
            const cli = CliPty.spawn({
                command: findCliBinary(bin, packageName), cwd: workspace,
                env: { ...cleanProcessEnv(), HOME: backend.home, USERPROFILE: backend.home, TMPDIR: backend.tmp, ...terminalEnv, ...extraEnv }
            });
            cleanups.push(() => cli.kill());
            await cli.waitForText(PROMPT_READY, 90_000);
            await cli.submit('/ide enable');
            await cli.waitFor(s => s.slice(s.lastIndexOf('/ide enable')).includes(CONNECTED), 60_000, `'${CONNECTED}' after /ide enable`);
            await cli.submit('/ide status');
            await cli.waitFor(s => s.slice(s.lastIndexOf('/ide status')).includes(CONNECTED), 60_000, `'${CONNECTED}' after /ide status`);
            await waitUntil(async () => (await window.statusBarText()).includes(bin === 'gemini' ? 'Gemini CLI' : 'Qwen Code'),
                { timeout: 30_000, what: 'the status bar to name the connected CLI' });
            await cli.kill();
        }

        it('gemini: /ide enable, then /ide status says "Connected to Theia IDE"', withDiagnostics(async function () {
            assert.ok(terminalEnv, 'the terminal test captured the env');
            await ideStatusAfterEnable('gemini', '@google/gemini-cli', { GEMINI_API_KEY: 'test-key-not-real', GOOGLE_GEMINI_BASE_URL: fakeApi.baseUrl });
        }));

        it('qwen: /ide enable, then /ide status says "Connected to Theia IDE"', withDiagnostics(async function () {
            assert.ok(terminalEnv, 'the terminal test captured the env');
            await ideStatusAfterEnable('qwen', '@qwen-code/qwen-code', { OPENAI_API_KEY: 'test-key-not-real', OPENAI_BASE_URL: `${fakeApi.baseUrl}/v1`, OPENAI_MODEL: 'fake-model' });
        }));
    });


    // Mocha runs a suite's own tests before its nested suites: this one goes last in a suite of its own.
    describe('at the end', function () {
        it('closing the page stops the plugin host, and with it the server: every discovery file is removed', withDiagnostics(async function () {
            const files = [discovery.file, ...backend.qwenLockFiles().map(lock => lock.file)];
            await window.close();
            window = undefined;
            await waitUntil(() => files.every(file => !fs.existsSync(file)), { timeout: 60_000, what: 'the discovery files to go' });
        }));
    });
});

/** Starts an openDiff and keeps its outcome observable without an unhandled rejection. */
function startDiff(client, filePath, newContent) {
    const diff = { settled: false };
    diff.promise = client.request('openDiff', { filePath, newContent }).then(
        outcome => Object.assign(diff, { settled: true, outcome }),
        error => Object.assign(diff, { settled: true, error }));
    return diff;
}

async function outcomeOf(diff, timeout = 60_000) {
    await Promise.race([diff.promise, sleep(timeout)]);
    if (!diff.settled) {
        throw new Error(`openDiff did not resolve within ${timeout} ms`);
    }
    if (diff.error) {
        throw diff.error;
    }
    return diff.outcome;
}
