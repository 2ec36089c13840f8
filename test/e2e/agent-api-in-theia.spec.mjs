// The Agent API run by the Theia backend (theia-agent-api): off by default; with the preference on,
// the status bar shows it and a client chats with the real gemini (found on PATH) through it; with no
// keychain it keeps no key until aiCliCompanion.keysInFile (the setting the chat's keys share) agrees to
// its 0600 file; switched off again, it stops and takes its token file with it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startAcpTheiaBackend } from '../support/acp-theia-backend.mjs';
import { agentApiClient, agentApiStatusText, waitForAgentApiOffAnswer } from '../support/agent-api-status.mjs';
import { ChatStream } from '../support/agent-api-stream.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';

describe('Agent API in a Theia window', function () {
    let browser, fake, root, backend, window, workspace;

    before(async () => {
        browser = await launchChromium();
        fake = await FakeGeminiApi.start();
        root = makeTempRoot('agent-api-theia-');
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n' });
        // No Secret Service, on any machine: the keychain probe fails as in a container.
        backend = await startAcpTheiaBackend({ root, workspace, gemini: fake, settings: { 'aiCliAgentApi.port': 0 },
            env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(root, 'no-bus')}` } });
        window = await TheiaWindow.open(browser, backend, workspace);
    });

    after(async () => {
        await window?.close();
        await backend?.stop();
        await fake?.close();
        await browser?.close();
        if (root) {
            removeTempRoot(root);
        }
    });

    const statusText = () => agentApiStatusText(window);
    const userSettings = () => path.join(root, 'home', '.theia', 'settings.json');
    const setUserSetting = (name, value) => {
        const file = userSettings();
        fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), [name]: value }, undefined, 2));
    };
    const setEnabled = enabled => setUserSetting('aiCliAgentApi.enabled', enabled);
    const waitForPort = () => waitUntil(async () => Number(/Agent API :(\d+)/.exec(await statusText() ?? '')?.[1]),
        { timeout: 60_000, what: 'the Agent API status bar item', diagnostics: () => window.diagnostics() });
    const clientFor = port => agentApiClient(path.join(root, 'home'), port);
    let port;

    it('is off by default: no status bar item, nothing listening', async () => {
        await waitForAgentApiOffAnswer(window);
        assert.equal(await statusText(), null);
        assert.equal(fs.existsSync(path.join(root, 'home', '.config', 'ai-cli-agent-api')), false);
    });

    it('with the preference on, serves the workspace: the status bar shows the port; a chat reaches gemini', async () => {
        setEnabled(true);
        port = await waitForPort();
        const tokenFile = path.join(root, 'home', '.config', 'ai-cli-agent-api', `token-${port}`);
        assert.equal(fs.statSync(tokenFile).mode & 0o777, 0o600);
        const client = clientFor(port);
        const status = await (await client.fetch('/status')).json();
        assert.equal(status.status, 'ok');
        assert.deepEqual(status.workspaces, [workspace]);
        assert.equal((await fetch(`${client.url}/status`)).status, 401);
        fake.enqueue({ chunks: ['Hello ', 'from Theia.'] });
        const chat = await ChatStream.open(client, { message: 'Hi' });
        await chat.done;
        assert.equal(chat.text(), 'Hello from Theia.', JSON.stringify(chat.list));
        assert.equal(chat.list.at(-1).type, 'complete');
    });

    it('with no keychain keeps no key until aiCliCompanion.keysInFile agrees to its 0600 file', async () => {
        const credentials = path.join(root, 'home', '.config', 'ai-cli-agent-api', 'credentials.json');
        const setKey = client => client.fetch('/auth/config', { method: 'POST', body: { authType: 'gemini-api-key', apiKey: 'AIzaTest-theia-key-5e1d' } });
        const refused = await setKey(clientFor(port));
        assert.equal(refused.status, 503);
        assert.match((await refused.json()).message, /only with your consent \(set "aiCliCompanion\.keysInFile": true in your user settings to agree\)/);
        assert.equal(fs.existsSync(credentials), false, 'nothing written without consent');
        setUserSetting('aiCliCompanion.keysInFile', true);
        // The changed setting restarts the server (on a new port, or by chance the same): set the key until it is kept.
        await waitUntil(async () => {
            const current = /Agent API :(\d+)/.exec(await statusText() ?? '')?.[1];
            const client = current && fs.existsSync(path.join(root, 'home', '.config', 'ai-cli-agent-api', `token-${current}`)) && clientFor(current);
            return client && (await setKey(client).catch(() => undefined))?.status === 200;
        }, { timeout: 60_000, what: 'the restarted Agent API to keep the key in its file', diagnostics: () => window.diagnostics() });
        assert.equal(fs.statSync(credentials).mode & 0o777, 0o600);
    });

    it('switched off again, it stops: the item goes, the token file too', async () => {
        const tokenDir = path.join(root, 'home', '.config', 'ai-cli-agent-api');
        setEnabled(false);
        await waitUntil(async () => await statusText() === null, { timeout: 30_000, what: 'the status bar item to go' });
        await waitUntil(() => fs.readdirSync(tokenDir).every(name => !name.startsWith('token-')), { timeout: 15_000, what: 'the token file to go' });
    });
});
