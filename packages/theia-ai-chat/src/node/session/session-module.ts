import { interfaces } from '@theia/core/shared/inversify';
import { ConnectionContainerModule } from '@theia/core/lib/node/messaging/connection-container-module';
import { ACP_CHAT_PATH, AcpChatClient, AcpChatService } from '../../common/acp-chat-protocol';
import { AcpChatServiceImpl } from './chat-service-impl';

/** Sessions, questions, file access and terminals per window: one chat service per frontend connection. */
const perWindow = ConnectionContainerModule.create(({ bind, bindBackendService }) => {
    bind(AcpChatServiceImpl).toSelf().inSingletonScope();
    bind(AcpChatService).toService(AcpChatServiceImpl);
    bindBackendService<AcpChatService, AcpChatClient>(ACP_CHAT_PATH, AcpChatService, (service, client) => {
        service.setClient(client);
        client.onDidCloseConnection(() => service.dispose());
        return service;
    });
});

export function bindSession(bind: interfaces.Bind): void {
    bind(ConnectionContainerModule).toConstantValue(perWindow);
}
