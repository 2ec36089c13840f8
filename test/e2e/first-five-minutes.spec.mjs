// The first five minutes (issue 33 part 7), in Chromium on the built browser-app as a new user starts it, with the
// welcome page as Theia's default start editor (workspace trust off, as in every e2e: its dialog would take the clicks). The window shows Theia's welcome page with our
// "AI coding agents" section (each terminal CLI, installed or not, with Run; Open AI Chat), the Explorer with the
// workspace's files, and Theia's search across files and outline. One CLI is put on the terminals' PATH (a stand-in
// script named `gemini`), so the section tells installed from not installed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';

describe('the first five minutes: welcome page with the agents, Explorer, search, outline', function () {
    let root, workspace, backend, browser, window;

    before(async () => {
        root = makeTempRoot('first-minutes-');
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n', 'src/app.ts': 'export function main() {\n    return 1;\n}\n' });
        const bin = path.join(root, 'bin');
        fs.mkdirSync(bin);
        fs.writeFileSync(path.join(bin, 'gemini'), '#!/bin/sh\necho "a stand-in gemini"\n', { mode: 0o755 });
        backend = await TheiaBackend.start({
            root, workspace, env: { PATH: [bin, '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter) },
            settings: { 'workbench.startupEditor': 'welcomePage', 'aiCliCompanion.firstStart.openExplorer': true }
        });
        browser = await launchChromium();
        window = await TheiaWindow.open(browser, backend, workspace);
    });

    after(async () => {
        await window?.close();
        await browser?.close();
        await backend?.stop();
        removeTempRoot(root);
    });

    it('the welcome page lists the terminal CLIs, installed or not, with Run, and Open AI Chat', async () => {
        const section = window.page.locator('.ai-cli-welcome');
        await section.waitFor({ state: 'visible', timeout: 30_000 });
        const gemini = section.locator('.ai-cli-welcome-cli[data-cli="gemini"]');
        await waitUntil(async () => (await gemini.count()) === 1 && /installed/.test(await gemini.innerText()),
            { timeout: 30_000, what: 'the CLIs with their state', diagnostics: () => section.innerText() });
        assert.match(await gemini.innerText(), /Run Gemini CLI in Terminal · installed/);
        assert.match(await section.locator('.ai-cli-welcome-cli[data-cli="codex"]').innerText(), /Run Codex CLI in Terminal · not installed/);
        assert.ok((await section.innerText()).includes('Open AI Chat'));
        await window.screenshot('welcome-agents.png');
        await gemini.locator('a').click();
        await waitUntil(async () => (await window.terminalText().catch(() => '')).includes('a stand-in gemini'),
            { timeout: 30_000, what: 'Run to start the CLI in a terminal', diagnostics: () => window.terminalText() });
    });

    it('the Explorer shows the workspace; search across files and the outline are there', async () => {
        const explorer = window.page.locator('#files .theia-TreeNode', { hasText: 'README.md' });
        await explorer.first().waitFor({ state: 'visible', timeout: 30_000 });
        await window.runCommand('Search: Find in Files');
        await window.page.locator('#search-in-workspace').waitFor({ state: 'visible', timeout: 30_000 });
        await window.runCommand('Outline');
        await waitUntil(async () => await window.page.locator('#outline-view').count() > 0, { timeout: 30_000, what: 'the Outline view' });
    });
});
