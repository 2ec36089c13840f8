// The Agent API run by the Theia backend driving Copilot CLI (issue 32 part 5): with aiCliAgentApi.agent "copilot" in
// the user settings, the server the status bar shows starts the real `copilot --acp` (1.0.102, found on the backend's
// PATH) in bring-your-own-key mode against the loopback OpenAI fake, and a client's chat gets its answer. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/agent-api-copilot-in-theia.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { agentApiClient, agentApiStatusText } from '../support/agent-api-status.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { CopilotFakeApi, copilotEnv, copilotHomeFiles } from '../support/copilot-cli.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';

describe('Agent API in a Theia window, driving Copilot CLI', function () {
    this.timeout(300_000);
    let api, root, window, workspace;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const browser = await launchChromium();
        cleanup.push(() => browser.close());
        api = await CopilotFakeApi.start();
        cleanup.push(() => api.close());
        root = makeTempRoot('agent-api-copilot-');
        cleanup.push(() => removeTempRoot(root));
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n' });
        writeTree(path.join(root, 'home'), copilotHomeFiles(workspace));
        const binDir = path.join(root, 'bin');
        fs.mkdirSync(binDir);
        fs.symlinkSync(findCliBinary('copilot', '@github/copilot'), path.join(binDir, 'copilot'));
        const backend = await TheiaBackend.start({
            root, workspace, settings: { 'aiCliAgentApi.enabled': true, 'aiCliAgentApi.agent': 'copilot', 'aiCliAgentApi.port': 0 },
            unset: ['CI', 'XDG_CONFIG_HOME', 'COPILOT_HOME', 'GH_TOKEN', 'GITHUB_TOKEN', 'COPILOT_GITHUB_TOKEN'],
            env: { PATH: [binDir, path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter), ...copilotEnv(api) }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
    });

    it('a chat through the status bar\'s server reaches copilot, and the fake\'s answer comes back', async () => {
        const port = await waitUntil(async () => Number(/Agent API :(\d+)/.exec(await agentApiStatusText(window) ?? '')?.[1]),
            { timeout: 60_000, what: 'the Agent API status bar item', diagnostics: () => window.diagnostics() });
        const client = agentApiClient(path.join(root, 'home'), port);
        api.enqueue({ forPrompt: 'Hello from Theia\'s Agent API', text: 'Copilot answers the API.' });
        const response = await client.fetch('/chat', { method: 'POST', body: { message: 'Hello from Theia\'s Agent API', stream: false } });
        const body = await response.json();
        assert.equal(response.status, 200, JSON.stringify(body));
        assert.equal(body.response, 'Copilot answers the API.');
        assert.ok(api.chatRequests.some(request => JSON.stringify(request.body?.messages ?? []).includes('Hello from Theia\'s Agent API')),
            'the model request carries the prompt');
    });
});
