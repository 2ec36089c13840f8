// One companion per window: when the native Theia extension is built into the application, its
// backend sets NATIVE_EXTENSION_ENV in its own environment, the plugin host inherits it, and the
// .vsix stays idle and says so. Here the backend is started with the variable already set (what the
// native extension's backend contribution does at start), in the app that has only the .vsix.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { NATIVE_EXTENSION_ENV } from '@ai-cli-companion/core';
import { TheiaBackend, TheiaWindow, VSIX_UI, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { builtVsix, requireTheiaIdeApp } from '../support/vsix.mjs';

describe('the .vsix beside the native Theia extension', function () {
    this.timeout(300_000);
    let root, backend, browser, window;

    after(async function () {
        await window?.close();
        await browser?.close().catch(() => undefined);
        await backend?.stop();
        removeTempRoot(root);
    });

    it('starts no server, writes no discovery file, and says why in its output channel', async function () {
        root = makeTempRoot('vsix-idle-');
        const workspace = writeTree(path.join(root, 'workspace'), { 'a.ts': 'a\n' });
        backend = await TheiaBackend.start({
            root, workspace, app: requireTheiaIdeApp(), args: [`--install-plugin=${builtVsix()}`],
            env: { [NATIVE_EXTENSION_ENV]: '4242' }
        });
        browser = await launchChromium();
        // The .vsix shows no status item when idle: wait for the shell, then for the plugin to have started.
        window = await TheiaWindow.open(browser, backend, workspace, { ui: { ...VSIX_UI, statusBarId: 'theia-statusBar' }, timeout: 180_000 });
        await waitUntil(() => /Start of 1 plugin/.test(backend.log), { timeout: 120_000, what: 'the plugin host to start the .vsix', diagnostics: () => backend.logTail() });
        const text = await waitUntil(async () => {
            const output = await window.outputChannelText('AI CLI Companion');
            return output && /Idle: the AI CLI Companion Theia extension is built into this application \(backend pid 4242\)/.test(output) && output;
        }, { timeout: 60_000, what: 'the idle notice in the output channel', diagnostics: () => window.diagnostics() });
        // Barrier, not a wait: activate() writes the idle notice and returns; no later step starts a server.
        assert.deepEqual(backend.discoveryFiles(), [], 'no Gemini discovery file');
        assert.deepEqual(backend.qwenLockFiles(), [], 'no Qwen lock file');
        assert.equal(await window.page.evaluate(() => !!document.getElementById('status-bar-aiCli.status')), false, 'no status item');
        assert.doesNotMatch(text, /listening/i);
        assert.ok(!fs.existsSync(path.join(backend.tmp, 'llxprt', 'ide')) || fs.readdirSync(path.join(backend.tmp, 'llxprt', 'ide')).length === 0);
    });
});
