// Signing an ACP chat agent in (issue 14 part 9), in Chromium, with the real `gemini --acp`: started
// without GEMINI_API_KEY it answers "auth required"; the chat names its auth methods and offers
// "Set API key…"; the key typed into Theia's password box is kept in the OS keychain (a private
// gnome-keyring on a private D-Bus, read back with secret-tool), gemini restarts with it and the
// next prompt works. The key is in no settings file, no log and not in the chat. Forget API Key…
// removes it; with no Secret Service, Set API key… keeps nothing and names the setting that agrees to a 0600
// file (aiCliCompanion.keysInFile); once the user set it, the key goes to that file and the next prompt runs with it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { PrivateKeyring } from '../support/private-keyring.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { waitUntil } from '../support/wait.mjs';
import { KEY_SERVICE, assertKeyNowhere, expectSignInAsked, setApiKeyButtons, signInAndAsk } from '../support/chat-api-key.mjs';

/** Where the backend keeps chat agents' keys (packages/theia-ai-chat/src/node/auth/api-keys.ts). */
const KEY = 'AIzaTest-e2e-key-7f3b9c2d41';


describe('an ACP chat agent that needs an API key (real gemini --acp, a private Secret Service)', function () {
    let gemini, keyring, root, backend, window, chat, workspace;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-auth-', gemini: true });
        ({ gemini, root, workspace } = app);
        keyring = await PrivateKeyring.start(path.join(root, 'keyring'));
        cleanup.push(() => keyring.stop());
        ({ backend, window, chat } = await app.openAcp({ env: keyring.env, unset: ['GEMINI_API_KEY'] }));
    });


    it('without a key the chat says gemini needs a sign-in, names its methods and offers Set API key…', async () => {
        await expectSignInAsked(chat, {
            prompt: '@GeminiCLI hello', asked: /Gemini CLI needs you to sign in: Gemini API key is missing or not configured/,
            method: /Log in with Google/, keyVariable: 'GEMINI_API_KEY'
        });
        assert.equal(gemini.chatRequests.length, 0, 'no model request without a key');
    });

    it('Set API key… keeps the typed key in the credential store, and the next prompt runs with it', async () => {
        const request = await signInAndAsk(chat, keyring, { agent: 'GeminiCLI', key: KEY, api: gemini });
        assert.equal(request.headers['x-goog-api-key'], KEY, 'gemini sent the stored key');
    });

    it('the key is in no settings file, log or chat: only in the keyring', async () => {
        await assertKeyNowhere({ root, workspace, backend, chat }, KEY);
    });

    it('AI CLI Chat: Forget API Key… removes it, and gemini asks again', async () => {
        await window.runCommand('AI CLI Chat: Forget API Key…');
        await window.page.locator('.quick-input-list .monaco-list-row', { hasText: '@GeminiCLI' }).first().click();
        await window.page.locator('.theia-notification-message', { hasText: 'API key is removed' }).first()
            .waitFor({ state: 'visible', timeout: 15_000 });
        assert.equal(await keyring.lookup(KEY_SERVICE, 'GeminiCLI'), undefined);
        await chat.newSession();
        await chat.send('@GeminiCLI hello once more');
        await chat.waitForText(/Gemini CLI needs you to sign in/);
        await chat.waitUntilIdle();
        assert.equal(gemini.chatRequests.length, 1, 'the restarted gemini has no key to send');
    });

    it('with no Secret Service, Set API key… keeps nothing until aiCliCompanion.keysInFile agrees to a 0600 file, and the next prompt runs with it', async () => {
        keyring.stop();
        await chat.newSession();
        await chat.send('@GeminiCLI and now');
        await chat.waitForText(/No credential store answers here \(.+\), so Theia keeps the key in a file only you can read \(mode 0600\) in your config folder, and only once you agree: set "aiCliCompanion\.keysInFile": true in your user settings/);
        await chat.waitUntilIdle();
        assert.match(await chat.text(), /set GEMINI_API_KEY in the environment Theia starts with/);
        const box = chat.page.locator('.quick-input-widget input[type="password"]');
        const refusal = window.page.locator('.theia-notification-list-item', { hasText: 'API key cannot be kept' });
        await setApiKeyButtons(chat).last().click();
        await refusal.first().waitFor({ state: 'visible', timeout: 15_000 });
        const file = /in the 0600 file (\S+) only with your consent/.exec(await refusal.first().innerText())[1];
        assert.match(await refusal.first().innerText(), /set "aiCliCompanion\.keysInFile": true in your user settings to agree/);
        assert.equal(await box.isVisible(), false, 'no key asked for where it would be kept nowhere');
        assert.equal(fs.existsSync(file), false, 'nothing is written before the user agreed');

        const userSettings = path.join(root, 'home', '.theia', 'settings.json');
        const settings = fs.existsSync(userSettings) ? JSON.parse(fs.readFileSync(userSettings, 'utf8')) : {};
        fs.writeFileSync(userSettings, JSON.stringify({ ...settings, 'aiCliCompanion.keysInFile': true }, undefined, 2));
        // The backend reads the setting when its watcher saw the file: ask again until it offers the file.
        await waitUntil(async () => {
            await refusal.locator('.codicon-close').first().click();
            await refusal.first().waitFor({ state: 'detached', timeout: 15_000 });
            await setApiKeyButtons(chat).last().click();
            await waitUntil(async () => await box.isVisible() || await refusal.count() > 0, { timeout: 15_000, what: 'an answer to Set API key…' });
            return box.isVisible();
        }, { timeout: 60_000, what: 'Set API key… to offer the file once aiCliCompanion.keysInFile is set' });
        assert.match(await chat.page.locator('.quick-input-widget').innerText(), new RegExp(`kept in ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        await box.fill(KEY);
        await box.press('Enter');
        await window.page.locator('.theia-notification-message', { hasText: `API key is kept in ${file}` }).first()
            .waitFor({ state: 'visible', timeout: 15_000 });
        assert.equal(fs.statSync(file).mode & 0o777, 0o600);
        assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).GeminiCLI, KEY);
        assert.ok(file.startsWith(path.join(root, 'home')), `in the user's config folder: ${file}`);

        gemini.enqueue({ text: 'Answering with the key from the file.' });
        await chat.newSession();
        await chat.send('@GeminiCLI hello from the server');
        await chat.waitForText('Answering with the key from the file.');
        await chat.waitUntilIdle();
        assert.equal(gemini.chatRequests.at(-1).headers['x-goog-api-key'], KEY, 'gemini sent the key kept in the file');
        assert.equal(backend.log.includes(KEY), false, 'not in the backend log');
    });
});
