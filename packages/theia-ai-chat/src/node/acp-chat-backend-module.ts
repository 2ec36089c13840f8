import { ConnectionContainerModule } from '@theia/core/lib/node/messaging/connection-container-module';
import { ContainerModule } from '@theia/core/shared/inversify';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { ACP_CHAT_PATH, AcpChatClient, AcpChatService } from '../common/acp-chat-protocol';
import { AcpAgentHosts } from './acp-agent-hosts';
import { AcpChatServiceImpl } from './acp-chat-service-impl';
import { AcpChatTerminals } from './acp-chat-terminals';

/** Sessions, questions, file access and terminals per window; the agent processes and the terminal set shared and stopped with the backend. */
const perWindow = ConnectionContainerModule.create(({ bind, bindBackendService }) => {
    bind(AcpChatServiceImpl).toSelf().inSingletonScope();
    bind(AcpChatService).toService(AcpChatServiceImpl);
    bindBackendService<AcpChatService, AcpChatClient>(ACP_CHAT_PATH, AcpChatService, (service, client) => {
        service.setClient(client);
        client.onDidCloseConnection(() => service.dispose());
        return service;
    });
});

export default new ContainerModule(bind => {
    bind(AcpAgentHosts).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(AcpAgentHosts);
    bind(AcpChatTerminals).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(AcpChatTerminals);
    bind(ConnectionContainerModule).toConstantValue(perWindow);
});
