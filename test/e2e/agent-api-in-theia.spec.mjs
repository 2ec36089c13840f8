// The Agent API run by the Theia backend (theia-agent-api): off by default; with the preference on,
// the status bar shows it and a client chats with the real gemini (found on PATH) through it;
// switched off again, it stops and takes its token file with it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startAcpTheiaBackend } from '../support/acp-theia-backend.mjs';
import { agentApiStatusText, waitForAgentApiOffAnswer } from '../support/agent-api-status.mjs';
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
        backend = await startAcpTheiaBackend({ root, workspace, gemini: fake, settings: { 'aiCliAgentApi.port': 0 } });
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
    const setEnabled = enabled => {
        const file = userSettings();
        fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), 'aiCliAgentApi.enabled': enabled }, undefined, 2));
    };

    it('is off by default: no status bar item, nothing listening', async () => {
        await waitForAgentApiOffAnswer(window);
        assert.equal(await statusText(), null);
        assert.equal(fs.existsSync(path.join(root, 'home', '.config', 'ai-cli-agent-api')), false);
    });

    it('with the preference on, serves the workspace: the status bar shows the port; a chat reaches gemini', async () => {
        setEnabled(true);
        const text = await waitUntil(async () => /Agent API :(\d+)/.exec(await statusText() ?? '')?.[1],
            { timeout: 60_000, what: 'the Agent API status bar item', diagnostics: () => window.diagnostics() });
        const port = Number(text);
        const tokenFile = path.join(root, 'home', '.config', 'ai-cli-agent-api', `token-${port}`);
        const token = fs.readFileSync(tokenFile, 'utf8');
        assert.equal(fs.statSync(tokenFile).mode & 0o777, 0o600);
        const client = {
            url: `http://127.0.0.1:${port}`,
            fetch: (pathname, { method = 'GET', body, headers = {}, signal } = {}) => fetch(`http://127.0.0.1:${port}${pathname}`, {
                method, signal, body: body === undefined ? undefined : JSON.stringify(body),
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }
            })
        };
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

    it('switched off again, it stops: the item goes, the token file too', async () => {
        const tokenDir = path.join(root, 'home', '.config', 'ai-cli-agent-api');
        setEnabled(false);
        await waitUntil(async () => await statusText() === null, { timeout: 30_000, what: 'the status bar item to go' });
        await waitUntil(() => fs.readdirSync(tokenDir).every(name => !name.startsWith('token-')), { timeout: 15_000, what: 'the token file to go' });
    });
});
