// The Theia window's view of its Agent API: the status bar item, a barrier for "the settings are applied", a client.
import fs from 'node:fs';
import path from 'node:path';

export const AGENT_API_STATUS_ID = 'status-bar-ai-cli-agent-api-status';

/** The status bar item's text, or null while there is none (the Agent API is off). */
export function agentApiStatusText(window) {
    return window.page.evaluate(id => document.getElementById(id)?.textContent ?? null, AGENT_API_STATUS_ID);
}

/**
 * Runs Show Server Status and waits for its answer that the Agent API is off. The command answers
 * only after the window has applied its settings, so this is the event after which a server that
 * should not have started would already show in the status bar and have written its token file.
 */
export async function waitForAgentApiOffAnswer(window) {
    await window.runCommand('Agent API: Show Server Status');
    await window.page.locator('.theia-notification-list-item', { hasText: 'Agent API is off (preference aiCliAgentApi.enabled).' })
        .first().waitFor({ timeout: 30_000 });
}

/** A client of the Agent API the backend serves on `port`, with the token from its file under `home`. */
export function agentApiClient(home, port) {
    const token = fs.readFileSync(path.join(home, '.config', 'ai-cli-agent-api', `token-${port}`), 'utf8');
    return {
        url: `http://127.0.0.1:${port}`,
        fetch: (pathname, { method = 'GET', body, headers = {}, signal } = {}) => fetch(`http://127.0.0.1:${port}${pathname}`, {
            method, signal, body: body === undefined ? undefined : JSON.stringify(body),
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }
        })
    };
}
