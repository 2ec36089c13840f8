// Issue 25 in Chromium: agents added from the ACP registry with "AI CLI Chat: Add Agent from ACP
// Registry…", against a loopback HTTP server with a registry.json in the registry's format. A binary
// agent (the tiny ACP agent packed into a .tar.gz made here, with its sha256) is installed through the
// quick pick and the confirm dialog and answers in the chat; an archive that does not match its sha256 is
// refused naming both values and its program never runs; an archive with a `../` entry unpacks nothing;
// a newer version shows in the status bar, Update shows its new command line before it runs and switches
// to it; a registry that changes its entry between the dialog and the install (or the update) is refused
// and nothing reaches the user's settings (issue 29 part 2); Remove Agent… stops the agent and deletes its
// folder. An npx entry runs the real @google/gemini-cli@0.61.0 (npm fetches it from the npm
// registry on first use) against the loopback Gemini fake.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ChatApp } from '../support/chat-app.mjs';
import { geminiAcpSettings } from '../support/agent-api-process.mjs';
import { processesMatching } from '../support/processes.mjs';
import { REPO_ROOT, TheiaBackend, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

// The acp-client's own test archives: a .tar.gz written header by header, so a `../` entry stays as written.
const { tarGz } = createRequire(import.meta.url)(path.join(REPO_ROOT, 'packages/acp-client/lib/registry/test/archives.js'));

const SUPPORT = path.join(REPO_ROOT, 'test', 'support');
const PLATFORM = `linux-${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}`;
const sha256 = data => crypto.createHash('sha256').update(data).digest('hex');
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6" fill="currentColor"/></svg>';
const HOSTILE_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><script>alert(1)</script><rect width="16" height="16"/></svg>';

/** The tiny ACP agent as a registry archive: agent/run.sh logs "<tag> ran" to $TINY_RUN_LOG, then runs the agent with node. */
function tinyArchive(tag, extra = []) {
    return tarGz([
        { path: 'agent/', type: 'directory' },
        {
            path: 'agent/run.sh', mode: 0o755,
            content: `#!/bin/sh\necho "${tag} ran" >> "$TINY_RUN_LOG"\nexec '${process.execPath}' "$(dirname "$0")/tiny-acp-agent.mjs" "$@"\n`
        },
        { path: 'agent/tiny-acp-agent.mjs', content: fs.readFileSync(path.join(SUPPORT, 'tiny-acp-agent.mjs')) },
        { path: 'agent/hostile-acp-updates.mjs', content: fs.readFileSync(path.join(SUPPORT, 'hostile-acp-updates.mjs')) },
        ...extra
    ]);
}

// Green: the registry quick pick and the missing agent's answer, the sha256 refusal, the ../ archive. The rest are
describe('Agents from the ACP registry in Theia\'s AI chat (issue 25)', function () {
    let root, window, chat, workspace, server, gemini, runLog, agentsDir, userSettingsFile;
    /** Every path the registry server was asked for, in order. */
    const requested = [];
    const routes = new Map();
    let tinyVersion = '1.0.0';
    /** Env the registry adds to the tiny agent's entry (changed under an open update dialog). */
    let tinyExtraEnv = {};
    /** Shifty Agent's npx entry: what the install dialog shows, then what the registry says once it is open. */
    const SHIFTY = {
        nice: { package: '@nice/agent@1.0.0', args: ['--acp'] },
        evil: { package: '@evil/agent@1.0.0', args: ['--acp'], env: { NODE_OPTIONS: '--require=/tmp/evil.js' } }
    };
    let shifty = SHIFTY.nice;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    const url = file => `http://127.0.0.1:${server.address().port}${file}`;
    const registryJson = () => JSON.stringify({
        version: '1.0.0', extensions: [],
        agents: [
            {
                id: 'tiny-agent', name: 'Tiny Agent', version: tinyVersion, description: 'The tiny ACP agent, packed in the test',
                icon: url('/icons/tiny.svg'),
                distribution: { binary: { [PLATFORM]: {
                    archive: url(`/download/tiny-${tinyVersion}.tar.gz`), cmd: './agent/run.sh', env: { TINY_RUN_LOG: runLog, ...tinyExtraEnv },
                    sha256: sha256(routes.get(`/download/tiny-${tinyVersion}.tar.gz`))
                } } }
            },
            {
                id: 'mismatched-agent', name: 'Mismatched Agent', version: '1.0.0', description: 'Its archive is not the one the registry hashed',
                icon: url('/icons/hostile.svg'),
                distribution: { binary: { [PLATFORM]: {
                    archive: url('/download/mismatched.tar.gz'), cmd: './agent/run.sh', env: { TINY_RUN_LOG: runLog }, sha256: 'ab'.repeat(32)
                } } }
            },
            {
                id: 'escaping-agent', name: 'Escaping Agent', version: '1.0.0', description: 'Its archive writes outside its folder',
                distribution: { binary: { [PLATFORM]: {
                    archive: url('/download/escaping.tar.gz'), cmd: './agent/run.sh', env: { TINY_RUN_LOG: runLog },
                    sha256: sha256(routes.get('/download/escaping.tar.gz'))
                } } }
            },
            {
                id: 'elsewhere-agent', name: 'Elsewhere Agent', version: '2.0.0', description: 'Only for another platform',
                distribution: { binary: { 'windows-x86_64': { archive: url('/download/none.zip'), cmd: 'agent.exe', sha256: 'cd'.repeat(32) } } }
            },
            {
                id: 'gemini', name: 'Gemini CLI', version: '0.61.0', description: 'Google\'s Gemini CLI',
                distribution: { npx: { package: '@google/gemini-cli@0.61.0', args: ['--acp'] } }
            },
            {
                id: 'gemini-npx', name: 'Gemini Npx', version: '0.61.0', description: 'Gemini CLI through npx, against the loopback fake',
                distribution: { npx: {
                    package: '@google/gemini-cli@0.61.0', args: ['--acp'],
                    env: { GEMINI_API_KEY: 'fake-gemini-key-0123456789', GOOGLE_GEMINI_BASE_URL: gemini.baseUrl, REMOTE_CONTAINERS: 'true' }
                } }
            },
            { id: 'shifty-agent', name: 'Shifty Agent', version: '1.0.0', description: 'Its entry changes while the dialog is open', distribution: { npx: shifty } },
            { id: 'Broken Entry', name: 'Broken', version: 'x' }
        ]
    });

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-registry-', gemini: true, files: { 'readme.txt': 'a workspace\n' } });
        ({ root, workspace, gemini } = app);
        runLog = path.join(root, 'runs.log');
        const home = path.join(root, 'home');
        agentsDir = path.join(home, '.config', 'ai-cli-companion', 'agents');
        userSettingsFile = path.join(home, '.theia', 'settings.json');
        writeTree(home, {
            '.gemini/settings.json': JSON.stringify(geminiAcpSettings()),
            '.gemini/trustedFolders.json': JSON.stringify({ [workspace]: 'TRUST_FOLDER' })
        });
        routes.set('/download/tiny-1.0.0.tar.gz', tinyArchive('tiny 1.0.0'));
        routes.set('/download/tiny-1.1.0.tar.gz', tinyArchive('tiny 1.1.0'));
        routes.set('/download/mismatched.tar.gz', tinyArchive('mismatched'));
        routes.set('/download/escaping.tar.gz', tinyArchive('escaping', [{ path: '../escaped.txt', content: 'outside\n' }]));
        routes.set('/icons/tiny.svg', ICON);
        routes.set('/icons/hostile.svg', HOSTILE_ICON);
        server = http.createServer((req, res) => {
            requested.push(req.url);
            const body = req.url === '/registry.json' ? registryJson() : routes.get(req.url);
            if (body === undefined) {
                res.writeHead(404).end();
                return;
            }
            res.writeHead(200, { 'content-type': req.url.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream' }).end(body);
        });
        await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
        cleanup.push(() => new Promise(resolve => server.close(resolve)));

        ({ window, chat } = await app.open(() => TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME', 'npm_config_cache', 'NPM_CONFIG_CACHE'],
            // npx from node's own folder; a fresh npm cache in the backend's HOME: npm fetches the package itself.
            env: { PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter) },
            settings: {
                'aiCliChat.registry.url': url('/registry.json'),
                'aiCliChat.agents': [{ name: 'Missing', command: 'no-such-agent-in-this-test', description: 'Not installed' }]
            }
        })));
    });

    const page = () => window.page;
    const quickRows = () => page().locator('.quick-input-widget .quick-input-list .monaco-list-row');
    const userAgents = () => JSON.parse(fs.readFileSync(userSettingsFile, 'utf8'))['aiCliChat.agents'] ?? [];
    const notifications = () => page().locator('.theia-notification-list-item').allTextContents().then(texts => texts.join('\n'));
    const statusText = () => page().evaluate(() => document.getElementById('status-bar-ai-cli-chat-registry-updates')?.textContent?.trim() ?? '');

    /** Waits for the registry quick pick, then picks the row of `name`; returns every row's text. */
    async function pickFromRegistry(name) {
        await waitUntil(async () => (await quickRows().allTextContents()).some(text => text.includes(name)),
            { what: `the registry quick pick with ${name}`, timeout: 30_000 });
        const rows = await quickRows().allTextContents();
        await quickRows().filter({ hasText: name }).first().click();
        return rows;
    }

    /** Waits for the registry quick pick to list its agents; returns every row's text. */
    async function pickFromRegistryRows() {
        await waitUntil(async () => (await quickRows().count()) >= 6, { what: 'the registry agents in the quick pick', timeout: 30_000 });
        return quickRows().allTextContents();
    }

    /** Starts recording every text Theia's progress messages show in the chat (they come and go with the agent's start). */
    async function recordProgressMessages() {
        await page().evaluate(() => {
            const seen = window.__acpProgressSeen = [];
            const record = () => document.querySelectorAll('#chat-view-widget .theia-ResponseNode-ProgressMessage').forEach(node => {
                const text = node.textContent.trim();
                if (text && seen[seen.length - 1] !== text) {
                    seen.push(text);
                }
            });
            window.__acpProgressObserver?.disconnect();
            window.__acpProgressObserver = new MutationObserver(record);
            window.__acpProgressObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        return () => page().evaluate(() => {
            window.__acpProgressObserver.disconnect();
            return window.__acpProgressSeen;
        });
    }

    /** The open confirm dialog's text; then presses `button`. */
    async function answerDialog(button) {
        const dialog = page().locator('.dialogOverlay').last();
        await dialog.waitFor({ state: 'visible', timeout: 15_000 });
        const text = await dialog.textContent();
        await dialog.locator('.dialogControl button', { hasText: button }).click();
        await dialog.waitFor({ state: 'detached', timeout: 15_000 });
        return text;
    }

    it('a missing agent\'s answer offers the registry; the quick pick lists every agent with its icon, version and description', async () => {
        await chat.send('@Missing hello');
        const button = chat.view.locator('.theia-acp-command-button', { hasText: 'Add Agent from ACP Registry…' });
        await button.waitFor({ state: 'visible', timeout: 60_000 });
        await button.click();
        await waitUntil(async () => (await quickRows().count()) >= 6, { what: 'the registry agents in the quick pick', timeout: 30_000 });
        const rows = await quickRows().allTextContents();
        const row = name => rows.find(text => text.includes(name)) ?? '';
        assert.match(row('Tiny Agent'), /1\.0\.0[^]*The tiny ACP agent, packed in the test/, rows.join('\n'));
        assert.match(row('Gemini CLI'), /built in as @GeminiCLI/, rows.join('\n'));
        assert.match(row('Elsewhere Agent'), /no distribution for this platform/, rows.join('\n'));
        assert.match(row('Gemini Npx'), /npx/, rows.join('\n'));
        assert.match(rows.join('\n'), /problem/, 'the wrong entry is named as a problem, the rest is listed');
        // The checked SVG is drawn as an icon; the one with a <script> fails the backend's check and is not.
        assert.equal(await quickRows().filter({ hasText: 'Tiny Agent' }).locator('.theia-acp-registry-icon').count(), 1);
        assert.equal(await quickRows().filter({ hasText: 'Mismatched Agent' }).locator('.theia-acp-registry-icon').count(), 0);
        assert.deepEqual(requested.filter(file => file.startsWith('/download/')), [], 'listing downloads no archive');
        await page().keyboard.press('Escape');
    });

    it('the chat view\'s toolbar item opens the registry quick pick', async () => {
        const item = page().locator(`[id="chat-view.aiCliChat.addAgentFromRegistry"]`);
        await item.waitFor({ state: 'visible', timeout: 30_000 });
        assert.equal(await item.getAttribute('title'), 'Add Agent from ACP Registry…');
        await item.click();
        const rows = await pickFromRegistryRows();
        assert.ok(rows.some(text => text.includes('Tiny Agent')), rows.join('\n'));
        assert.ok(rows.some(text => text.includes('Gemini Npx')), rows.join('\n'));
        await page().keyboard.press('Escape');
        await quickRows().first().waitFor({ state: 'hidden', timeout: 15_000 });
    });

    it('the chat input\'s @ list offers Add Agent from ACP Registry…: it takes the @ typed away and opens the registry quick pick', async () => {
        await chat.input.click();
        await page().keyboard.press('End');
        await page().keyboard.type('@Add', { delay: 20 });
        const entry = page().locator('.suggest-widget .monaco-list-row', { hasText: 'Add Agent from ACP Registry…' });
        await entry.waitFor({ state: 'visible', timeout: 15_000 });
        await entry.click();
        const rows = await pickFromRegistryRows();
        assert.ok(rows.some(text => text.includes('Tiny Agent')), rows.join('\n'));
        await page().keyboard.press('Escape');
        await quickRows().first().waitFor({ state: 'hidden', timeout: 15_000 });
        assert.doesNotMatch(await chat.input.locator('.view-lines').textContent(), /@/, 'the mention typed is gone');
    });

    it('a binary agent installs only after the dialog showing what will run, then answers in the chat', async () => {
        await window.runCommand('AI CLI Chat: Add Agent from ACP Registry…');
        await pickFromRegistry('Tiny Agent');
        const dialog = page().locator('.dialogOverlay').last();
        await dialog.waitFor({ state: 'visible', timeout: 15_000 });
        // Nothing was downloaded while the user reads what will run.
        assert.deepEqual(requested.filter(file => file.startsWith('/download/')), []);
        const shown = await answerDialog('Install');
        assert.match(shown, /agents\/tiny-agent\/1\.0\.0\/agent\/run\.sh/, shown);
        assert.match(shown, new RegExp(`Downloads ${url('/download/tiny-1.0.0.tar.gz').replace(/\./g, '\\.')}`), shown);
        assert.match(shown, new RegExp(sha256(routes.get('/download/tiny-1.0.0.tar.gz'))), shown);
        await waitUntil(() => userAgents().some(entry => entry.name === 'TinyAgent'), { what: 'the entry in the user settings', timeout: 30_000 });
        await waitUntil(async () => /@TinyAgent is ready/.test(await notifications()), { what: 'the ready message', timeout: 30_000 });
        await chat.clearNotifications();
        const entry = userAgents().find(each => each.name === 'TinyAgent');
        assert.equal(entry.command, path.join(agentsDir, 'tiny-agent', '1.0.0', 'agent', 'run.sh'));
        assert.deepEqual({ id: entry.registry.id, version: entry.registry.version, kind: entry.registry.kind }, { id: 'tiny-agent', version: '1.0.0', kind: 'binary' });
        await chat.send('@TinyAgent hello from the registry');
        await chat.waitForText('Echo: hello from the registry');
        await chat.waitUntilIdle();
        assert.match(fs.readFileSync(runLog, 'utf8'), /tiny 1\.0\.0 ran/);
    });

    it('an archive that does not match its sha256 is refused with both values, and its program never runs', async () => {
        await window.runCommand('AI CLI Chat: Add Agent from ACP Registry…');
        await pickFromRegistry('Mismatched Agent');
        assert.match(await answerDialog('Install'), /sha256 is abab/);
        const actual = sha256(routes.get('/download/mismatched.tar.gz'));
        await waitUntil(async () => (await notifications()).includes(actual), { what: 'the refusal naming the archive\'s hash', timeout: 30_000 });
        assert.match(await notifications(), new RegExp(`${actual}[^]*${'ab'.repeat(32)}`));
        assert.ok(requested.includes('/download/mismatched.tar.gz'), 'it was downloaded to be checked');
        assert.doesNotMatch(fs.existsSync(runLog) ? fs.readFileSync(runLog, 'utf8') : '', /mismatched ran/);
        assert.equal(fs.existsSync(path.join(agentsDir, 'mismatched-agent')), false, 'nothing was unpacked');
        assert.equal(userAgents().some(each => each.registry?.id === 'mismatched-agent'), false);
    });

    it('an archive with a ../ entry unpacks nothing', async () => {
        await chat.clearNotifications();
        await window.runCommand('AI CLI Chat: Add Agent from ACP Registry…');
        await pickFromRegistry('Escaping Agent');
        await answerDialog('Install');
        await waitUntil(async () => /Escaping Agent was not installed/.test(await notifications()), { what: 'the refusal', timeout: 30_000 });
        assert.match(await notifications(), /\.\.\/escaped\.txt/);
        assert.equal(fs.existsSync(path.join(agentsDir, 'escaping-agent')), false, 'its folder is gone');
        assert.equal(fs.existsSync(path.join(agentsDir, 'escaped.txt')), false);
        assert.equal(fs.existsSync(path.join(agentsDir, '..', 'escaped.txt')), false);
        assert.equal(userAgents().some(each => each.registry?.id === 'escaping-agent'), false);
    });

    it('a registry that changes the entry between the dialog and the install is refused with a message, and nothing reaches the user\'s settings', async () => {
        await chat.clearNotifications();
        const settingsBefore = userAgents();
        await window.runCommand('AI CLI Chat: Add Agent from ACP Registry…');
        await pickFromRegistry('Shifty Agent');
        const dialog = page().locator('.dialogOverlay').last();
        await dialog.waitFor({ state: 'visible', timeout: 15_000 });
        // The reproduction: the dialog shows the nice package; the install's read gets another one with NODE_OPTIONS.
        shifty = SHIFTY.evil;
        const shown = await answerDialog('Install');
        assert.match(shown, /npx -y @nice\/agent@1\.0\.0 --acp/, shown);
        await waitUntil(async () => /Shifty Agent was not installed/.test(await notifications()), { what: 'the refusal', timeout: 30_000 });
        const text = await notifications();
        assert.match(text, /changed in the registry after you confirmed it[^]*would now run NODE_OPTIONS=--require=\/tmp\/evil\.js npx -y @evil\/agent@1\.0\.0 --acp[^]*Nothing was installed/, text);
        assert.deepEqual(userAgents(), settingsBefore, 'the user\'s settings are as they were');
        // Look Again reads the registry again: the quick pick lists what it says now.
        // The toast's button (the notification center holds a hidden copy of it).
        await page().locator('.theia-notification-toasts .theia-notification-list-item', { hasText: 'Shifty Agent was not installed' })
            .locator('button', { hasText: 'Look Again' }).click();
        await pickFromRegistryRows();
        await page().keyboard.press('Escape');
        await quickRows().first().waitFor({ state: 'hidden', timeout: 15_000 });
        shifty = SHIFTY.nice;
        await chat.clearNotifications();
    });

    it('an update whose registry entry changes under its dialog is refused: the settings keep the old version', async () => {
        tinyVersion = '1.1.0';
        await window.runCommand('AI CLI Chat: Update Agents from ACP Registry…');
        await waitUntil(async () => (await quickRows().allTextContents()).some(text => /@TinyAgent[^]*1\.0\.0 → 1\.1\.0/.test(text)),
            { what: 'the update in the quick pick', timeout: 30_000 });
        await quickRows().filter({ hasText: '@TinyAgent' }).first().click();
        await page().locator('.dialogOverlay').last().waitFor({ state: 'visible', timeout: 15_000 });
        tinyExtraEnv = { TINY_EXTRA: 'added after the dialog' };
        await answerDialog('Update');
        await waitUntil(async () => /@TinyAgent was not updated and keeps running 1\.0\.0/.test(await notifications()), { what: 'the refusal', timeout: 30_000 });
        assert.match(await notifications(), /TINY_EXTRA=[^]*Nothing was updated/);
        assert.equal(userAgents().find(each => each.name === 'TinyAgent').registry.version, '1.0.0');
        assert.equal(requested.includes('/download/tiny-1.1.0.tar.gz'), false, 'nothing was downloaded');
        assert.equal(fs.existsSync(path.join(agentsDir, 'tiny-agent', '1.1.0')), false);
        tinyExtraEnv = {};
        await chat.clearNotifications();
    });

    it('a newer version shows in the status bar; Update installs it beside and switches to it', async () => {
        tinyVersion = '1.1.0';
        await window.runCommand('AI CLI Chat: Update Agents from ACP Registry…');
        await waitUntil(async () => (await quickRows().allTextContents()).some(text => /@TinyAgent[^]*1\.0\.0 → 1\.1\.0/.test(text)),
            { what: 'the update in the quick pick', timeout: 30_000 });
        await waitUntil(async () => /@TinyAgent 1\.1\.0/.test(await statusText()), { what: 'the update in the status bar', timeout: 30_000 });
        await quickRows().filter({ hasText: '@TinyAgent' }).first().click();
        // The new command line, env and kind are shown before anything is downloaded.
        await page().locator('.dialogOverlay').last().waitFor({ state: 'visible', timeout: 15_000 });
        assert.equal(requested.includes('/download/tiny-1.1.0.tar.gz'), false, 'nothing downloaded while the dialog is open');
        const shown = await answerDialog('Update');
        const newCommand = path.join(agentsDir, 'tiny-agent', '1.1.0', 'agent', 'run.sh');
        assert.ok(shown.includes('@TinyAgent 1.0.0 → 1.1.0 (binary) will run as:'), shown);
        assert.ok(shown.includes(`TINY_RUN_LOG=${runLog} ${newCommand}`), shown);
        assert.ok(shown.includes(`Downloads ${url('/download/tiny-1.1.0.tar.gz')}`) && shown.includes(sha256(routes.get('/download/tiny-1.1.0.tar.gz'))), shown);
        await waitUntil(() => userAgents().find(each => each.name === 'TinyAgent')?.registry.version === '1.1.0', { what: 'the switch to 1.1.0', timeout: 30_000 });
        assert.equal(userAgents().find(each => each.name === 'TinyAgent').command, path.join(agentsDir, 'tiny-agent', '1.1.0', 'agent', 'run.sh'));
        assert.equal(userAgents().filter(each => each.registry?.id === 'tiny-agent').length, 1, 'no duplicate');
        await waitUntil(() => !fs.existsSync(path.join(agentsDir, 'tiny-agent', '1.0.0')), { what: 'the old version pruned', timeout: 15_000 });
        await waitUntil(async () => await statusText() === '', { what: 'the status item gone', timeout: 15_000 });
        await waitUntil(async () => /@TinyAgent is updated to 1\.1\.0/.test(await notifications()), { what: 'the updated message', timeout: 30_000 });
        await chat.clearNotifications();
        await chat.send('@TinyAgent hello after the update');
        await chat.waitForText('Echo: hello after the update');
        await chat.waitUntilIdle();
        assert.match(fs.readFileSync(runLog, 'utf8'), /tiny 1\.1\.0 ran/);
    });

    it('an id already installed offers reinstall, never a duplicate', async () => {
        await window.runCommand('AI CLI Chat: Add Agent from ACP Registry…');
        const rows = await pickFromRegistry('Tiny Agent');
        assert.match(rows.find(text => text.includes('Tiny Agent')), /installed as @TinyAgent \(1\.1\.0\)/);
        await waitUntil(async () => (await quickRows().allTextContents()).some(text => text.includes('Reinstall @TinyAgent')), { what: 'the reinstall offer', timeout: 15_000 });
        await quickRows().filter({ hasText: 'Cancel' }).first().click();
        assert.equal(userAgents().filter(each => each.registry?.id === 'tiny-agent').length, 1);
    });

    it('Remove Agent… stops the agent, deletes its entry and its folder', async () => {
        const folder = path.join(agentsDir, 'tiny-agent');
        const running = processesMatching(new RegExp(`${folder}/1\\.1\\.0/agent/tiny-acp-agent\\.mjs`));
        assert.ok(running.length > 0, 'the agent runs before the removal');
        await window.runCommand('AI CLI Chat: Remove Agent…');
        await waitUntil(async () => (await quickRows().count()) > 0 && (await quickRows().allTextContents()).some(text => text.includes('@TinyAgent')), { what: 'the agents to remove', timeout: 15_000 });
        await quickRows().filter({ hasText: '@TinyAgent' }).first().click();
        await answerDialog('Remove');
        await waitUntil(() => !userAgents().some(each => each.name === 'TinyAgent'), { what: 'the entry removed', timeout: 30_000 });
        assert.equal(fs.existsSync(folder), false, 'its folder is gone');
        assert.deepEqual(processesMatching(new RegExp(`${folder}/`)), [], 'its process is gone');
    });

    it('an npx agent (the real @google/gemini-cli@0.61.0, fetched by npm) installs and answers against the loopback Gemini fake', async function () {
        this.timeout(600_000);
        await window.runCommand('AI CLI Chat: Add Agent from ACP Registry…');
        await pickFromRegistry('Gemini Npx');
        const shown = await answerDialog('Install');
        assert.match(shown, /npx -y @google\/gemini-cli@0\.61\.0 --acp/);
        await waitUntil(() => userAgents().some(entry => entry.name === 'GeminiNpx'), { what: 'the npx entry in the user settings', timeout: 30_000 });
        const entry = userAgents().find(each => each.name === 'GeminiNpx');
        assert.deepEqual([entry.command, entry.args], ['npx', ['-y', '@google/gemini-cli@0.61.0', '--acp']]);
        await waitUntil(async () => /@GeminiNpx is ready/.test(await notifications()), { what: 'the ready message', timeout: 30_000 });
        await chat.clearNotifications();
        gemini.enqueue({ text: 'Hello through npx.' });
        const progressSeen = await recordProgressMessages();
        await chat.send('@GeminiNpx Say hello');
        await chat.waitForText('Hello through npx.', 300_000);
        assert.ok(gemini.chatRequests.length > 0, 'the answer came from the loopback fake');
        // While npm fetched the package the answer said so (the backend's fresh npm cache: a real download).
        const seen = await progressSeen();
        assert.ok(seen.some(text => text.startsWith('Starting GeminiNpx: npm fetches @google/gemini-cli@0.61.0 on first use…')), JSON.stringify(seen));
        // Once the agent answered, the line gave way to the answer.
        assert.equal(await chat.view.locator('.theia-ResponseNode-ProgressMessage').count(), 0);
    });
});
