// The API-key steps of the chat e2e specs: where the chat keeps a key, typing one into *Set API key…*, and
// looking for a key in files (it must be in none).
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
