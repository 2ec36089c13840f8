// GitHub Copilot CLI as the built-in @CopilotCLI of Theia's AI chat (issue 24 part 4), in Chromium, with the
// real `copilot --acp` (1.0.102) in bring-your-own-key mode against the loopback OpenAI fake: no GitHub
// sign-in (COPILOT_PROVIDER_BASE_URL, COPILOT_MODEL, COPILOT_OFFLINE). First without `copilot` on the
// backend's PATH (the answer offers its install), then with it linked there, as a global npm install puts it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { findCliBinary } from '../support/cli-pty.mjs';
import { CopilotFakeApi, copilotEnv, copilotHomeFiles } from '../support/copilot-cli.mjs';
import { TheiaChat } from '../support/theia-chat.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

describe('@CopilotCLI in Theia\'s AI chat (real copilot --acp, BYOK against the loopback OpenAI fake)', function () {
    let browser, api, root, binDir, backend, window, chat, workspace;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        api = await CopilotFakeApi.start();
        cleanup.push(() => api.close());
        root = makeTempRoot('acp-chat-copilot-');
        cleanup.push(() => removeTempRoot(root));
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n' });
        writeTree(path.join(root, 'home'), copilotHomeFiles(workspace));
        binDir = path.join(root, 'bin');
        fs.mkdirSync(binDir, { recursive: true });
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME', 'COPILOT_HOME', 'GH_TOKEN', 'GITHUB_TOKEN', 'COPILOT_GITHUB_TOKEN'],
            env: { PATH: [binDir, path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter), ...copilotEnv(api) }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window?.close());
        chat = new TheiaChat(window);
        await chat.open();
    });

    it('the @ suggestions list @CopilotCLI with its description', async () => {
        const rows = await chat.suggestions('', '@');
        const row = rows.find(text => text.startsWith('CopilotCLI')) ?? '';
        assert.match(row, /GitHub Copilot CLI/, rows.join('\n'));
    });

    it('without copilot on PATH the answer offers npm install -g @github/copilot', async () => {
        await chat.send('@CopilotCLI hello');
        await chat.waitForText(/Copilot CLI is not installed/);
        await chat.waitUntilIdle();
        assert.match(await chat.view.textContent(), /npm install -g @github\/copilot/);
        await chat.view.locator('.theia-acp-command-button', { hasText: 'Install with npm' }).last().waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(api.chatRequests.length, 0);
    });

    it('with copilot on PATH it answers: the fake receives the prompt, the answer streams into the chat', async () => {
        fs.symlinkSync(findCliBinary('copilot', '@github/copilot'), path.join(binDir, 'copilot'));
        api.enqueue({ forPrompt: 'Say hello from Copilot', text: 'Hello from the **Copilot** fake.' });
        await chat.newSession();
        await chat.send('@CopilotCLI Say hello from Copilot');
        await chat.waitForText('Hello from the Copilot fake.', 120_000);
        await chat.waitUntilIdle();
        assert.ok(api.chatRequests.some(request => JSON.stringify(request.body?.messages ?? []).includes('Say hello from Copilot')),
            'the model request carries the prompt');
    });
});
