// Theia's workspace trust reaches the CLI as `isTrusted` (the CLI's own folder trust follows it),
// and is left out when Theia's trust feature is off, so the CLI decides by itself.
import assert from 'node:assert/strict';
import path from 'node:path';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, writeTree } from '../support/theia-app.mjs';

describe('workspace trust in the CLI\'s context', function () {
    let browser;
    const cleanups = new CleanupStack();

    before(async () => { browser = await launchChromium(); });
    after(async () => {
        await cleanups.run();
        await browser?.close();
    });

    /** A window on a fresh folder with the given user settings, and a real IdeClient in its terminal env. */
    async function contextWith(settings) {
        const root = makeTempRoot('trust-e2e-');
        cleanups.push(() => removeTempRoot(root));
        const workspace = writeTree(path.join(root, 'workspace'), { 'a.ts': 'export {};\n' });
        const backend = await TheiaBackend.start({ root, workspace, settings: settings(workspace) });
        cleanups.push(() => backend.stop());
        const window = await TheiaWindow.open(browser, backend, workspace);
        cleanups.push(() => window.close());
        const client = await IdeClientProcess.start({ cwd: workspace, env: backend.ideClientEnv(await backend.waitForDiscoveryFile([workspace])) });
        cleanups.push(() => client.stop());
        assert.equal((await client.request('connect')).status, 'connected');
        return client.waitForContext(context => !!context.workspaceState);
    }

    it('a folder Theia trusts is trusted in the CLI', async () => {
        const context = await contextWith(workspace => ({
            'security.workspace.trust.enabled': true,
            'security.workspace.trust.trustedFolders': [`file://${workspace}`]
        }));
        assert.equal(context.workspaceState.isTrusted, true);
    });

    it('a folder Theia does not trust is untrusted in the CLI', async () => {
        const context = await contextWith(() => ({
            'security.workspace.trust.enabled': true,
            // No dialog: a folder outside the trusted list is simply untrusted.
            'security.workspace.trust.startupPrompt': 'never'
        }));
        assert.equal(context.workspaceState.isTrusted, false);
    });

    it('with Theia\'s trust feature off, isTrusted is left out', async () => {
        const context = await contextWith(() => ({ 'security.workspace.trust.enabled': false }));
        assert.equal('isTrusted' in context.workspaceState, false, JSON.stringify(context));
    });
});
