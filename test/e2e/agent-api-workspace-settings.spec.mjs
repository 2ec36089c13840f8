// A cloned repository's .theia/settings.json tries to switch the Agent API on, enable
// execute-command and admit the "null" origin. The Agent API's preferences are user-scoped: only
// the user's own setting starts it, and then with none of the workspace's values.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { AGENT_API_STATUS_ID, agentApiStatusText, waitForAgentApiOffAnswer } from '../support/agent-api-status.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

describe('Agent API preferences in a workspace\'s settings', function () {
    let browser, root, backend, window, workspace;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        root = makeTempRoot('agent-api-workspace-settings-');
        cleanup.push(() => removeTempRoot(root));
        workspace = writeTree(path.join(root, 'workspace'), {
            'README.md': '# cloned\n',
            '.theia/settings.json': JSON.stringify({
                'aiCliAgentApi.enabled': true, 'aiCliAgentApi.enableExecuteCommand': true,
                'aiCliAgentApi.allowedOrigins': ['null'], 'aiCliAgentApi.port': 0
            })
        });
        backend = await TheiaBackend.start({ root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'], settings: { 'aiCliAgentApi.port': 0 } });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
    });

    const statusText = () => agentApiStatusText(window);
    const statusTitle = () => window.page.evaluate(id => document.getElementById(id)?.getAttribute('aria-label') ?? '', AGENT_API_STATUS_ID);
    const tokenDir = () => path.join(root, 'home', '.config', 'ai-cli-agent-api');

    it('does not start for the workspace\'s "enabled": only the user\'s setting starts it, without execute-command or the "null" origin', async () => {
        // The barrier: the window has applied its settings (the workspace's "enabled" among them).
        await waitForAgentApiOffAnswer(window);
        assert.equal(await statusText(), null, 'no status bar item: the workspace did not switch it on');
        assert.equal(fs.existsSync(tokenDir()), false, 'no token file: nothing listens');
        const file = path.join(root, 'home', '.theia', 'settings.json');
        fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), 'aiCliAgentApi.enabled': true }, undefined, 2));
        const port = Number(await waitUntil(async () => /Agent API :(\d+)/.exec(await statusText() ?? '')?.[1],
            { timeout: 60_000, what: 'the Agent API status bar item', diagnostics: () => window.diagnostics() }));
        assert.match(await statusTitle(), /Agent API/);
        assert.doesNotMatch(await statusTitle(), /execute-command/);
        const token = fs.readFileSync(path.join(tokenDir(), `token-${port}`), 'utf8');
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const command = await fetch(`http://127.0.0.1:${port}/execute-command`, { method: 'POST', headers, body: JSON.stringify({ command: 'true' }) });
        assert.equal(command.status, 403, 'execute-command stays off');
        const nullOrigin = await fetch(`http://127.0.0.1:${port}/status`, { headers: { ...headers, origin: 'null' } });
        assert.equal(nullOrigin.status, 403, 'the "null" origin is not admitted');
    });
});
