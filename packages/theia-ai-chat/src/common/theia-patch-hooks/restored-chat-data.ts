import type { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';

/** Called by the session store's patch (theia-patches/encoded-chat-session-store.ts) on every chat it reads back. */
export const RestoredChatData = Symbol('RestoredChatData');
export interface RestoredChatData {
    /** The chat as it should be restored (the same object when nothing changes). */
    restored(data: SerializedChatData): SerializedChatData;
}
