import { inject, injectable } from '@theia/core/shared/inversify';
import type { QuickPickItem } from '@theia/core/lib/common/quick-pick-service';
import { AIChatContribution } from '@theia/ai-chat-ui/lib/browser/ai-chat-ui-contribution';
import { ChatSessionPicker } from '../../common/theia-patch-hooks/chat-session-picker';

/**
 * Theia's chat contribution with "Browse all chats…" that shows Theia's chats at once and adds the agents'
 * sessions as they answer (the ChatSessionPicker hook). Theia builds its picker in `askForChatSession` from
 * one read of the whole session index, with no way to add entries later; everything else is Theia's.
 */
@injectable()
export class AcpAIChatContribution extends AIChatContribution {
    @inject(ChatSessionPicker) protected readonly browseAllChats: ChatSessionPicker;

    protected override askForChatSession(): Promise<QuickPickItem | undefined> {
        return this.browseAllChats.pick({
            renameButton: AcpAIChatContribution.RENAME_CHAT_BUTTON,
            removeButton: AcpAIChatContribution.REMOVE_CHAT_BUTTON,
            rename: chatSessionId => this.renameSession(chatSessionId),
            remove: chatSessionId => this.deleteSession(chatSessionId),
            restore: async chatSessionId => {
                try {
                    await this.chatService.getOrRestoreSession(chatSessionId);
                    void this.checkPersistedSessions();
                    return true;
                } catch (error) {
                    this.logger.error('Failed to restore chat session', error);
                    this.messageService.error('Failed to restore chat session');
                    return false;
                }
            }
        });
    }
}
