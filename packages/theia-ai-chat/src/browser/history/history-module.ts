import { interfaces } from '@theia/core/shared/inversify';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { ACP_CHAT_HISTORY_PATH, AcpChatHistoryService } from '../../common/acp-chat-history-protocol';
import { AcpAgentHistory } from './agent-history';
import { AcpBrowseAllChats } from './browse-all-chats';

/** The agents' own sessions in Theia's "Browse all chats…" (the session store's patch lists them: theia-patches/). */
export function bindHistory(bind: interfaces.Bind): void {
    bind(AcpChatHistoryService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<AcpChatHistoryService>(ctx.container, ACP_CHAT_HISTORY_PATH))
        .inSingletonScope();
    bind(AcpAgentHistory).toSelf().inSingletonScope();
    bind(AcpBrowseAllChats).toSelf().inSingletonScope();
}
