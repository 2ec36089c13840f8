import { ChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ChatModelWithMetadata, ChatSessionIndex, ChatSessionStore } from '@theia/ai-chat/lib/common/chat-session-store';
import { ListedChatSessions } from '../../common/theia-patch-hooks/listed-chat-sessions';

/**
 * Theia's chat session store with the agents' own sessions in its index. Theia builds "Browse all chats…"
 * from `getSessionIndex`, restores a picked entry through `readSession` and deletes through `deleteSession`,
 * and offers the command only while `hasPersistedSessions` (or an open chat has a title): it has no other
 * way to add entries. Theia's own chats are read and written as before; a listed chat that was opened
 * becomes one of them once it changes (Theia saves it under the same id).
 */
export class AgentListedChatSessionStore implements ChatSessionStore {
    constructor(
        protected readonly theia: ChatSessionStore,
        protected readonly listed: () => ListedChatSessions,
        protected readonly openChats: () => string[]
    ) { }

    storeSessions(...sessions: Array<ChatModel | ChatModelWithMetadata>): Promise<void> {
        return this.theia.storeSessions(...sessions);
    }

    async readSession(sessionId: string): Promise<SerializedChatData | undefined> {
        return await this.theia.readSession(sessionId) ?? (this.listed().owns(sessionId) ? this.listed().read(sessionId) : undefined);
    }

    async deleteSession(sessionId: string): Promise<void> {
        await this.theia.deleteSession(sessionId);
        if (this.listed().owns(sessionId)) {
            await this.listed().delete(sessionId);
        }
    }

    clearAllSessions(): Promise<void> {
        return this.theia.clearAllSessions();
    }

    async getSessionIndex(): Promise<ChatSessionIndex> {
        const own = await this.theia.getSessionIndex();
        const known = new Set([...Object.keys(own), ...this.openChats()]);
        const listed = await this.listed().index(known).catch(() => ({}));
        return { ...listed, ...own };
    }

    async hasPersistedSessions(): Promise<boolean> {
        return await this.theia.hasPersistedSessions() || this.listed().mayHaveSessions();
    }
}
