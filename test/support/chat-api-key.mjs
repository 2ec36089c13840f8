// The API-key steps of the chat e2e specs: where the chat keeps a key, typing one into *Set API key…*, and
// looking for a key in files (it must be in none).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

/** The credential-store service the chat keeps agents' keys under (account: the agent's name). */
export const KEY_SERVICE = 'ai-cli-companion.chat-agent-api-key';

/** The chat's *Set API key…* buttons (a TheiaChat's view). */
export function setApiKeyButtons(chat) {
    return chat.view.locator('.theia-acp-command-button', { hasText: 'Set API key…' });
}

/** Clicks the newest *Set API key…* button, types `key` into the password box, and waits until the chat says it is kept. */
export async function enterApiKey(chat, key) {
    await setApiKeyButtons(chat).last().click();
    const box = chat.page.locator('.quick-input-widget input[type="password"]');
    await box.waitFor({ state: 'visible', timeout: 15_000 });
    await box.fill(key);
    await box.press('Enter');
    await chat.page.locator('.theia-notification-message', { hasText: 'API key is kept in the system\'s credential store' }).first()
        .waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * Sends `prompt` to an agent that has no key: the chat says it needs a sign-in (`asked`), names the agent's
 * auth `method`, and offers *Set API key…* for `keyVariable`.
 */
export async function expectSignInAsked(chat, { prompt, asked, method, keyVariable }) {
    await chat.send(prompt);
    await chat.waitForText(asked);
    await chat.waitUntilIdle();
    const text = await chat.text();
    assert.match(text, method);
    assert.match(text, new RegExp(`set its API key \\(${keyVariable}\\) with the button below`));
    await setApiKeyButtons(chat).last().waitFor({ state: 'visible', timeout: 10_000 });
}

/**
 * Types `key` into *Set API key…*, checks that `keyring` keeps it under `agent`, then sends `agent` a
 * prompt that `api` (the agent's fake model API) answers; resolves with the first model request.
 */
export async function signInAndAsk(chat, keyring, { agent, key, api }) {
    await enterApiKey(chat, key);
    assert.equal(await keyring.lookup(KEY_SERVICE, agent), key);

    api.enqueue({ text: 'Signed in and answering.' });
    await chat.send(`@${agent} hello again`);
    await chat.waitForText('Signed in and answering.');
    await chat.waitUntilIdle();
    return api.chatRequests[0];
}

/** The key is in no file of the backend's HOME, TMPDIR or workspace, not in the backend's log and not in the chat. */
export async function assertKeyNowhere({ root, workspace, backend, chat }, key) {
    assert.deepEqual(filesContaining(path.join(root, 'home'), key), []);
    assert.deepEqual(filesContaining(workspace, key), []);
    assert.deepEqual(filesContaining(path.join(root, 'tmp'), key), []);
    assert.equal(backend.log.includes(key), false, 'not in the backend log');
    assert.equal((await chat.text()).includes(key), false, 'not in the chat');
}

/** Every file under `dir` whose content holds `needle`. */
export function filesContaining(dir, needle) {
    const found = [];
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
        const file = path.join(entry.parentPath ?? entry.path, entry.name);
        if (entry.isFile() && fs.readFileSync(file).includes(needle)) {
            found.push(file);
        }
    }
    return found;
}
