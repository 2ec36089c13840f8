import { promises as fs } from 'fs';
import * as path from 'path';

/** The ACP session a chat had with one agent: what reattaching it after a restart or crash needs. */
export interface RememberedAcpSession {
    readonly sessionId: string;
    /** The folder the session ran in. */
    readonly cwd: string;
    /** When it was last opened or continued (ms since the epoch). */
    readonly updatedAt: number;
}

type Stored = Record<string, Record<string, RememberedAcpSession>>;

/**
 * Theia chat session × agent → the agent's ACP session id and folder, kept in one JSON file in the
 * user's config folder, so that a chat Theia restores after an app restart (or after the agent crashed)
 * continues the agent's own session instead of starting a new one. Theia's chat model persists no data
 * of an agent's own (requests' `data` is not serialized), hence a file of ours keyed by the chat's id;
 * it is shared by every window of the backend. Writes go one after the other, each to a temporary file
 * renamed over the old one (a crash leaves the old or the new file, never half of one).
 */
export class AcpChatSessionIds {
    private loaded: Promise<Stored> | undefined;
    private writing: Promise<void> = Promise.resolve();

    /** `file`: the JSON file, or how to find it (the config folder is known asynchronously). */
    constructor(private readonly file: string | (() => Promise<string>)) { }

    private async path(): Promise<string> {
        return typeof this.file === 'string' ? this.file : this.file();
    }

    async get(chatSessionId: string, agentId: string): Promise<RememberedAcpSession | undefined> {
        return (await this.read())[chatSessionId]?.[agentId];
    }

    async set(chatSessionId: string, agentId: string, session: Omit<RememberedAcpSession, 'updatedAt'>): Promise<void> {
        const stored = await this.read();
        const known = stored[chatSessionId]?.[agentId];
        if (known?.sessionId === session.sessionId && known.cwd === session.cwd) {
            return;
        }
        stored[chatSessionId] = { ...stored[chatSessionId], [agentId]: { sessionId: session.sessionId, cwd: session.cwd, updatedAt: Date.now() } };
        return this.write(stored);
    }

    /** The chats that continue the agent's session `sessionId`. */
    async chatsOf(agentId: string, sessionId: string): Promise<string[]> {
        return Object.entries(await this.read())
            .filter(([, agents]) => agents[agentId]?.sessionId === sessionId)
            .map(([chatSessionId]) => chatSessionId);
    }

    /** Forgets one agent's session of the chat, or all of them; returns what was forgotten. */
    async delete(chatSessionId: string, agentId?: string): Promise<Array<{ agentId: string } & RememberedAcpSession>> {
        const stored = await this.read();
        const chat = stored[chatSessionId];
        if (!chat) {
            return [];
        }
        const agents = agentId === undefined ? Object.keys(chat) : Object.keys(chat).filter(id => id === agentId);
        const removed = agents.map(id => ({ agentId: id, ...chat[id] }));
        agents.forEach(id => delete chat[id]);
        if (Object.keys(chat).length === 0) {
            delete stored[chatSessionId];
        }
        if (removed.length > 0) {
            await this.write(stored);
        }
        return removed;
    }

    private read(): Promise<Stored> {
        this.loaded ??= this.path().then(file => fs.readFile(file, 'utf8')).then(text => {
            const parsed: unknown = JSON.parse(text);
            return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? validEntries(parsed as Record<string, unknown>) : {};
        }, () => ({}));
        return this.loaded.catch(() => ({}));
    }

    private write(stored: Stored): Promise<void> {
        const text = JSON.stringify(stored, undefined, 1);
        this.writing = this.writing.catch(() => undefined).then(async () => {
            const file = await this.path();
            await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
            const temporary = `${file}.${process.pid}.tmp`;
            await fs.writeFile(temporary, text, { mode: 0o600 });
            await fs.rename(temporary, file);
        });
        return this.writing;
    }
}

/** Only well-formed entries: a hand-edited or truncated file loses the odd entry, not the whole store. */
function validEntries(parsed: Record<string, unknown>): Stored {
    const stored: Stored = {};
    for (const [chatSessionId, agents] of Object.entries(parsed)) {
        if (!agents || typeof agents !== 'object') {
            continue;
        }
        for (const [agentId, entry] of Object.entries(agents as Record<string, unknown>)) {
            const candidate = entry as Partial<RememberedAcpSession> | undefined;
            if (typeof candidate?.sessionId === 'string' && typeof candidate.cwd === 'string') {
                stored[chatSessionId] = {
                    ...stored[chatSessionId],
                    [agentId]: { sessionId: candidate.sessionId, cwd: candidate.cwd, updatedAt: Number(candidate.updatedAt) || 0 }
                };
            }
        }
    }
    return stored;
}
