import { ContainerModule } from '@theia/core/shared/inversify';
import { ConnectionHandler, RpcConnectionHandler } from '@theia/core/lib/common/messaging';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { AGENT_API_SERVICE_PATH, AgentApiService } from '../common/agent-api-protocol';
import { KeyringCredentialStore } from '@ai-cli-companion/node-base';
import { AgentApiKeychain, AgentApiServiceImpl } from './agent-api-service-impl';

export default new ContainerModule(bind => {
    // The stand-alone command's keychain entries: a key set in either is there for the other.
    bind(AgentApiKeychain).toConstantValue(new KeyringCredentialStore('ai-cli-agent-api'));
    bind(AgentApiServiceImpl).toSelf().inSingletonScope();
    bind(AgentApiService).toService(AgentApiServiceImpl);
    bind(BackendApplicationContribution).toService(AgentApiServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx =>
        new RpcConnectionHandler(AGENT_API_SERVICE_PATH, () => ctx.container.get<AgentApiService>(AgentApiService))
    ).inSingletonScope();
});
