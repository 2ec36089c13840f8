import type { QuickInputButton, QuickPickItem } from '@theia/core/lib/common/quick-pick-service';

/** What the picker needs of Theia's chat contribution: its row buttons and what they do. */
export interface ChatPickActions {
    readonly renameButton: QuickInputButton;
    readonly removeButton: QuickInputButton;
    rename(chatSessionId: string): Promise<void>;
    remove(chatSessionId: string): Promise<void>;
    /** Opens a chat that is not open yet (from Theia's store, or an agent's session); false when it could not. */
    restore(chatSessionId: string): Promise<boolean>;
}

/** Called by the chat contribution's patch (theia-patches/chat-ui-contribution.ts) for "Browse all chats…". */
export const ChatSessionPicker = Symbol('ChatSessionPicker');
export interface ChatSessionPicker {
    pick(actions: ChatPickActions): Promise<QuickPickItem | undefined>;
}
