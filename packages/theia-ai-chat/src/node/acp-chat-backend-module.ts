import { ConnectionContainerModule } from '@theia/core/lib/node/messaging/connection-container-module';
import { ContainerModule } from '@theia/core/shared/inversify';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { ACP_CHAT_PATH, AcpChatClient, AcpChatService } from '../common/acp-chat-protocol';
import { AcpAgentHosts } from './agents/agent-hosts';
import { AcpChatServiceImpl } from './session/chat-service-impl';
import { AcpChatTerminals } from './tool-calls/chat-terminals';
import { ConnectionHandler } from '@theia/core/lib/common/messaging/handler';
import { RpcConnectionHandler } from '@theia/core/lib/common/messaging/proxy-factory';
import { ACP_API_KEYS_PATH, AcpApiKeyService } from '../common/acp-api-key-protocol';
import { AcpApiKeyServiceImpl } from './auth/api-key-service-impl';
import { AcpApiKeys } from './auth/api-keys';
import { SecretServiceKeyStore } from './auth/secret-service-key-store';
import { ACP_REGISTRY_PATH, AcpRegistryService } from '../common/registry-protocol';
import { AcpRegistryServiceImpl } from './registry/acp-registry-service-impl';

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
    bind(SecretServiceKeyStore).toSelf().inSingletonScope();
    bind(AcpApiKeys).toSelf().inSingletonScope();
    bind(AcpApiKeyServiceImpl).toSelf().inSingletonScope();
    bind(AcpApiKeyService).toService(AcpApiKeyServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx => new RpcConnectionHandler(ACP_API_KEYS_PATH, () => ctx.container.get(AcpApiKeyService)))
        .inSingletonScope();
    bind(AcpRegistryServiceImpl).toSelf().inSingletonScope();
    bind(AcpRegistryService).toService(AcpRegistryServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx => new RpcConnectionHandler(ACP_REGISTRY_PATH, () => ctx.container.get(AcpRegistryService)))
        .inSingletonScope();
});
