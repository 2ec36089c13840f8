import { ContainerModule } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { CommandContribution } from '@theia/core/lib/common/command';
import { AGENT_API_SERVICE_PATH, AgentApiService } from '../common/agent-api-protocol';
import { bindAgentApiPreferences } from '../common/agent-api-preferences';
import { AgentApiStatusBarContribution } from './agent-api-status-bar-contribution';

export default new ContainerModule(bind => {
    bindAgentApiPreferences(bind);
    bind(AgentApiService).toDynamicValue(ctx =>
        ServiceConnectionProvider.createProxy<AgentApiService>(ctx.container, AGENT_API_SERVICE_PATH)
    ).inSingletonScope();
    bind(AgentApiStatusBarContribution).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(AgentApiStatusBarContribution);
    bind(CommandContribution).toService(AgentApiStatusBarContribution);
});
