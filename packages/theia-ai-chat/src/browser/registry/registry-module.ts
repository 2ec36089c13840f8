import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { CommandContribution } from '@theia/core/lib/common/command';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { ACP_REGISTRY_PATH, AcpRegistryService } from '../../common/registry/registry-protocol';
import { AcpRegistryCommandContribution } from './registry-command-contribution';
import { RegistryIcons } from './registry-icons';
import { RegistryUpdateFlow } from './registry-update-flow';
import { RegistryUpdatesStatus } from './registry-updates-status';
import { RegistryUserAgents } from './registry-user-agents';
import { AcpRegistryToolbarContribution } from './registry-toolbar';
import { AcpAgentSuggestionContribution } from './agent-suggestion-contribution';

/** Agents added from the ACP registry: add, update, remove. */
export function bindRegistry(bind: interfaces.Bind): void {
    bind(AcpRegistryService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<AcpRegistryService>(ctx.container, ACP_REGISTRY_PATH))
        .inSingletonScope();
    bind(RegistryIcons).toSelf().inSingletonScope();
    bind(RegistryUpdatesStatus).toSelf().inSingletonScope();
    bind(RegistryUserAgents).toSelf().inSingletonScope();
    bind(RegistryUpdateFlow).toSelf().inSingletonScope();
    bind(AcpRegistryCommandContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpRegistryCommandContribution);
    bind(FrontendApplicationContribution).toService(AcpRegistryCommandContribution);
    bind(AcpRegistryToolbarContribution).toSelf().inSingletonScope();
    bind(TabBarToolbarContribution).toService(AcpRegistryToolbarContribution);
    bind(AcpAgentSuggestionContribution).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(AcpAgentSuggestionContribution);
}
