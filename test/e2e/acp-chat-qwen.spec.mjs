// Qwen Code in Theia's AI chat, in Chromium, with the real `qwen --acp` against the loopback fake OpenAI
// API: signing in with an API key (issue 14 part 9) and choosing among its models (part 6). qwen starts
// without OPENAI_API_KEY: its `session/new` answers "auth required" (-32000 with `data.authMethods`); the
// key typed into Theia's password box is kept in a private Secret Service and qwen restarts with it. Its
// settings' `modelProviders` give it two models, offered by the chat's model selector under qwen's own
// ids ("fake-model(openai)"); the fake's request bodies show which one each prompt went to, and qwen's
// settings file shows the chat's choice stays in the chat.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startAcpTheiaBackend } from '../support/acp-theia-backend.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { FakeOpenAiApi } from '../support/fake-openai-api.mjs';
import { PrivateKeyring } from '../support/private-keyring.mjs';
import { TheiaChat } from '../support/theia-chat.mjs';
import { TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { KEY_SERVICE, enterApiKey, filesContaining, setApiKeyButtons } from '../support/chat-api-key.mjs';

/** Where the backend keeps chat agents' keys (packages/theia-ai-chat/src/node/auth/api-keys.ts). */
const KEY = 'sk-qwen-e2e-key-5d81c0a7e94b';


describe('Qwen Code in Theia\'s chat: its API key and its models (real qwen --acp, a private Secret Service)', function () {
    let browser, gemini, openai, keyring, root, backend, window, chat, workspace, qwenSettingsFile;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        gemini = await FakeGeminiApi.start();
        cleanup.push(() => gemini.close());
        openai = await FakeOpenAiApi.start({ model: 'fake-model' });
        cleanup.push(() => openai.close());
        root = makeTempRoot('acp-chat-qwen-');
        cleanup.push(() => removeTempRoot(root));
        keyring = await PrivateKeyring.start(path.join(root, 'keyring'));
        cleanup.push(() => keyring.stop());
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n' });
        // Two models at the same fake, both keyed by OPENAI_API_KEY; OPENAI_MODEL makes fake-model the default.
        const modelProviders = {
            openai: ['fake-model', 'fake-model-large'].map(id => ({ id, name: id, baseUrl: openai.baseUrl, envKey: 'OPENAI_API_KEY' }))
        };
        backend = await startAcpTheiaBackend({
            root, workspace, gemini, openai, qwenSettings: { modelProviders }, env: keyring.env, unset: ['OPENAI_API_KEY']
        });
        cleanup.push(() => backend.stop());
        qwenSettingsFile = path.join(root, 'home', '.qwen', 'settings.json');
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
        chat = new TheiaChat(window);
        await chat.open();
    });


    /** Sends `text` to qwen after picking `model` in the selector; waits for `answer`. */
    async function askWithModel(model, text, answer) {
        await chat.type('@QwenCode ');
        await chat.selectModel(model);
        await chat.type(text);
        await chat.submit();
        await chat.waitForText(answer);
        await chat.waitUntilIdle();
    }

    it('without a key the chat says qwen needs a sign-in, names its method and offers Set API key…', async () => {
        await chat.send('@QwenCode hello');
        await chat.waitForText(/Qwen Code needs you to sign in: .*Missing credentials for modelProviders model 'fake-model'/);
        await chat.waitUntilIdle();
        const text = await chat.text();
        assert.match(text, /Use OpenAI API key/);
        assert.match(text, /set its API key \(OPENAI_API_KEY\) with the button below/);
        await setApiKeyButtons(chat).last().waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(openai.chatRequests.length, 0, 'no model request without a key');
    });

    it('Set API key… keeps the typed key in the credential store, and the next prompt runs with it', async () => {
        await enterApiKey(chat, KEY);
        assert.equal(await keyring.lookup(KEY_SERVICE, 'QwenCode'), KEY);

        openai.enqueue({ text: 'Signed in and answering.' });
        await chat.send('@QwenCode hello again');
        await chat.waitForText('Signed in and answering.');
        await chat.waitUntilIdle();
        const [request] = openai.chatRequests;
        assert.equal(request.headers.authorization, `Bearer ${KEY}`, 'qwen sent the stored key');
        assert.equal(request.body.model, 'fake-model');
    });

    it('lists qwen\'s models; the one chosen gets the next model request, "Default" goes back, and qwen\'s settings stay as they were', async () => {
        const settingsBefore = fs.readFileSync(qwenSettingsFile, 'utf8');
        await chat.type('@QwenCode ');
        const offered = await chat.modelOptions();
        await chat.clearInput();
        // Theia's selector sorts the models by id.
        assert.deepEqual(offered, ['Default', 'fake-model-large(openai)', 'fake-model(openai)']);

        openai.enqueue({ text: 'The large one answers.' });
        await askWithModel('fake-model-large(openai)', 'and now?', 'The large one answers.');
        assert.equal(openai.chatRequests.at(-1).body.model, 'fake-model-large');

        openai.enqueue({ text: 'The default one answers.' });
        await askWithModel('Default', 'and back?', 'The default one answers.');
        assert.equal(openai.chatRequests.at(-1).body.model, 'fake-model');

        // qwen would write a switch into ~/.qwen/settings.json (`model.name`) as every later run's default.
        assert.equal(fs.readFileSync(qwenSettingsFile, 'utf8'), settingsBefore);
    });

    it('the key is in no settings file, log or chat: only in the keyring', async () => {
        assert.deepEqual(filesContaining(path.join(root, 'home'), KEY), []);
        assert.deepEqual(filesContaining(workspace, KEY), []);
        assert.deepEqual(filesContaining(path.join(root, 'tmp'), KEY), []);
        assert.equal(backend.log.includes(KEY), false, 'not in the backend log');
        assert.equal((await chat.text()).includes(KEY), false, 'not in the chat');
    });
});
