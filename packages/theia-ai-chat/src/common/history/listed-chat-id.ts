/**
 * The Theia chat id of an agent-listed session: `acp-listed.<agent id>.<session id, base64url of its UTF-8>`.
 * Stable (opening the entry twice finds the same chat), safe as Theia's file name (`<id>.json`), and it says
 * which agent and session it stands for. Agent ids are one word without dots (`aiCliChat.agents` names).
 */
const PREFIX = 'acp-listed.';
/** Longer session ids are not listed (a file name must stay short). */
export const MAX_LISTED_SESSION_ID = 180;

export function listedChatId(agentId: string, sessionId: string): string {
    return `${PREFIX}${agentId}.${toBase64Url(new TextEncoder().encode(sessionId))}`;
}

export function parseListedChatId(chatSessionId: string): { agentId: string; sessionId: string } | undefined {
    const match = /^acp-listed\.([A-Za-z][A-Za-z0-9_-]*)\.([A-Za-z0-9_-]+)$/.exec(chatSessionId);
    if (!match) {
        return undefined;
    }
    try {
        const sessionId = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(match[2]));
        return listedChatId(match[1], sessionId) === chatSessionId ? { agentId: match[1], sessionId } : undefined;
    } catch {
        return undefined;
    }
}

function toBase64Url(bytes: Uint8Array): string {
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), char => char.charCodeAt(0));
}
