import type { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import type { ChatSessionIndex } from '@theia/ai-chat/lib/common/chat-session-store';

/**
 * Called by the session index's patch (theia-patches/agent-listed-session-store.ts): chats that live elsewhere than
 * Theia's files (the agents' own sessions), by id.
 */
export const ListedChatSessions = Symbol('ListedChatSessions');
export interface ListedChatSessions {
    owns(chatSessionId: string): boolean;
    /** Entries for the index, leaving out the `known` chats' (Theia's files, the open chats). */
    index(known: ReadonlySet<string>): Promise<ChatSessionIndex>;
    read(chatSessionId: string): Promise<SerializedChatData | undefined>;
    delete(chatSessionId: string): Promise<void>;
    mayHaveSessions(): Promise<boolean>;
}
