// Qwen Code in Theia's AI chat, in Chromium, with the real `qwen --acp` against the loopback fake OpenAI
// API: signing in with an API key (issue 14 part 9) and choosing among its models (part 6). qwen starts
// without OPENAI_API_KEY: its `session/new` answers "auth required" (-32000 with `data.authMethods`); the
// key typed into Theia's password box is kept in a private Secret Service and qwen restarts with it. Its
// settings' `modelProviders` give it two models, offered by the chat's model selector under qwen's
// names for them (their ids are "fake-model(openai)"); the fake's request bodies show which one each prompt went to, and qwen's
// settings file shows the chat's choice stays in the chat.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { PrivateKeyring } from '../support/private-keyring.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { assertKeyNowhere, expectSignInAsked, signInAndAsk } from '../support/chat-api-key.mjs';

/** Where the backend keeps chat agents' keys (packages/theia-ai-chat/src/node/auth/api-keys.ts). */
const KEY = 'sk-qwen-e2e-key-5d81c0a7e94b';


describe('Qwen Code in Theia\'s chat: its API key and its models (real qwen --acp, a private Secret Service)', function () {
    let openai, keyring, root, backend, chat, workspace, qwenSettingsFile;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-qwen-', gemini: true, openai: { model: 'fake-model' } });
        ({ openai, root, workspace } = app);
        keyring = await PrivateKeyring.start(path.join(root, 'keyring'));
        cleanup.push(() => keyring.stop());
        // Two models at the same fake, both keyed by OPENAI_API_KEY; OPENAI_MODEL makes fake-model the default.
        const modelProviders = {
            openai: ['fake-model', 'fake-model-large'].map(id => ({ id, name: id, baseUrl: openai.baseUrl, envKey: 'OPENAI_API_KEY' }))
        };
        ({ backend, chat } = await app.openAcp({ qwenSettings: { modelProviders }, env: keyring.env, unset: ['OPENAI_API_KEY'] }));
        qwenSettingsFile = path.join(root, 'home', '.qwen', 'settings.json');
    });


    /** Sends `text` to qwen after picking `model` in the selector (which then `shows` it); waits for `answer`. */
    async function askWithModel(model, text, answer, shows = model) {
        await chat.type('@QwenCode ');
        await chat.selectModel(model, shows);
        await chat.type(text);
        await chat.submit();
        await chat.waitForText(answer);
        await chat.waitUntilIdle();
    }

    it('without a key the chat says qwen needs a sign-in, names its method and offers Set API key…', async () => {
        await expectSignInAsked(chat, {
            prompt: '@QwenCode hello', asked: /Qwen Code needs you to sign in: .*Missing credentials for modelProviders model 'fake-model'/,
            method: /Use OpenAI API key/, keyVariable: 'OPENAI_API_KEY'
        });
        assert.equal(openai.chatRequests.length, 0, 'no model request without a key');
    });

    it('Set API key… keeps the typed key in the credential store, and the next prompt runs with it', async () => {
        const request = await signInAndAsk(chat, keyring, { agent: 'QwenCode', key: KEY, api: openai });
        assert.equal(request.headers.authorization, `Bearer ${KEY}`, 'qwen sent the stored key');
        assert.equal(request.body.model, 'fake-model');
    });

    it('lists qwen\'s models; the one chosen gets the next model request, "Default" goes back, and qwen\'s settings stay as they were', async () => {
        const settingsBefore = fs.readFileSync(qwenSettingsFile, 'utf8');
        await chat.type('@QwenCode ');
        const offered = await chat.modelOptions();
        await chat.clearInput();
        // qwen's names, not its ids ("fake-model(openai)"); Theia's selector sorts them.
        assert.deepEqual(offered, ['Default', 'fake-model', 'fake-model-large']);

        openai.enqueue({ text: 'The large one answers.' });
        await askWithModel('fake-model-large', 'and now?', 'The large one answers.');
        assert.equal(openai.chatRequests.at(-1).body.model, 'fake-model-large');

        openai.enqueue({ text: 'The default one answers.' });
        // "Default" shows the model it stands for.
        await askWithModel('Default', 'and back?', 'The default one answers.', 'fake-model');
        assert.equal(openai.chatRequests.at(-1).body.model, 'fake-model');

        // qwen would write a switch into ~/.qwen/settings.json (`model.name`) as every later run's default.
        assert.equal(fs.readFileSync(qwenSettingsFile, 'utf8'), settingsBefore);
    });

    it('the key is in no settings file, log or chat: only in the keyring', async () => {
        await assertKeyNowhere({ root, workspace, backend, chat }, KEY);
    });
});
