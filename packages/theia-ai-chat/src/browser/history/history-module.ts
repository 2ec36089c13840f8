import { interfaces } from '@theia/core/shared/inversify';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { ACP_CHAT_HISTORY_PATH, AcpChatHistoryService } from '../../common/history/acp-chat-history-protocol';
import { ChatSessionPicker } from '../../common/theia-patch-hooks/chat-session-picker';
import { ListedChatSessions } from '../../common/theia-patch-hooks/listed-chat-sessions';
import { AcpAgentHistory } from './agent-history';
import { AcpBrowseAllChats } from './browse-all-chats';

/** The agents' own sessions in Theia's "Browse all chats…" (through the hooks of the session store's and the chat contribution's patches). */
export function bindHistory(bind: interfaces.Bind): void {
    bind(AcpChatHistoryService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<AcpChatHistoryService>(ctx.container, ACP_CHAT_HISTORY_PATH))
        .inSingletonScope();
    bind(AcpAgentHistory).toSelf().inSingletonScope();
    bind(ListedChatSessions).toService(AcpAgentHistory);
    bind(AcpBrowseAllChats).toSelf().inSingletonScope();
    bind(ChatSessionPicker).toService(AcpBrowseAllChats);
}
