import { interfaces } from '@theia/core/shared/inversify';
import { ConnectionContainerModule } from '@theia/core/lib/node/messaging/connection-container-module';
import { ACP_CHAT_HISTORY_PATH, AcpChatHistoryService } from '../../common/history/acp-chat-history-protocol';
import { AcpChatHistoryServiceImpl } from './chat-history-service-impl';
import { AcpAgentListOffers } from './list-offers';

/** Per window, beside its chat service (a listed session opens into that window's chats). */
const perWindow = ConnectionContainerModule.create(({ bind, bindBackendService }) => {
    bind(AcpChatHistoryServiceImpl).toSelf().inSingletonScope();
    bind(AcpChatHistoryService).toService(AcpChatHistoryServiceImpl);
    bindBackendService(ACP_CHAT_HISTORY_PATH, AcpChatHistoryService);
});

/** The agents' own sessions in Theia's "Browse all chats…". */
export function bindHistory(bind: interfaces.Bind): void {
    bind(AcpAgentListOffers).toSelf().inSingletonScope();
    bind(ConnectionContainerModule).toConstantValue(perWindow);
}
