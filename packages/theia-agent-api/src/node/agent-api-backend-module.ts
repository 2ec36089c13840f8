import { ContainerModule } from '@theia/core/shared/inversify';
import { ConnectionHandler, RpcConnectionHandler } from '@theia/core/lib/common/messaging';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { AGENT_API_SERVICE_PATH, AgentApiService } from '../common/agent-api-protocol';
import { AgentApiServiceImpl } from './agent-api-service-impl';
import { TheiaCredentialStore } from './theia-credential-store';

export default new ContainerModule(bind => {
    bind(TheiaCredentialStore).toSelf().inSingletonScope();
    bind(AgentApiServiceImpl).toSelf().inSingletonScope();
    bind(AgentApiService).toService(AgentApiServiceImpl);
    bind(BackendApplicationContribution).toService(AgentApiServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx =>
        new RpcConnectionHandler(AGENT_API_SERVICE_PATH, () => ctx.container.get<AgentApiService>(AgentApiService))
    ).inSingletonScope();
});
