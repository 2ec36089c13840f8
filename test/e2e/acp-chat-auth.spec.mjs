// Signing an ACP chat agent in (issue 14 part 9), in Chromium, with the real `gemini --acp`: started
// without GEMINI_API_KEY it answers "auth required"; the chat names its auth methods and offers
// "Set API key…"; the key typed into Theia's password box is kept in the system's credential store (a
// private gnome-keyring on a private D-Bus, read back with secret-tool), gemini restarts with it and the
// next prompt works. The key is in no settings file, no log and not in the chat. Forget API Key…
// removes it; with no Secret Service, Set API key… says so and offers a 0600 file in the config folder, asking
// first, and the next prompt runs with the key kept there.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { PrivateKeyring } from '../support/private-keyring.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
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

    it('with no Secret Service, Set API key… asks before keeping the key in a 0600 file, and the next prompt runs with it', async () => {
        keyring.stop();
        await chat.newSession();
        await chat.send('@GeminiCLI and now');
        await chat.waitForText(/No credential store answers here \(.+\), so Theia asks first before keeping the key in a file only you can read/);
        await chat.waitUntilIdle();
        assert.match(await chat.text(), /set GEMINI_API_KEY in the environment Theia starts with/);
        await setApiKeyButtons(chat).last().click();
        const offer = window.page.locator('.theia-notification-list-item', { hasText: 'It can keep the key in a file only you can read (mode 0600)' }).first();
        await offer.waitFor({ state: 'visible', timeout: 15_000 });
        const file = /\(mode 0600\): (\S+)\. Or set/.exec(await offer.innerText())[1];
        assert.equal(fs.existsSync(file), false, 'nothing is written before the user agreed');
        await offer.locator('button', { hasText: 'Keep it in' }).click();
        const box = chat.page.locator('.quick-input-widget input[type="password"]');
        await box.waitFor({ state: 'visible', timeout: 15_000 });
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
