import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { CommandContribution } from '@theia/core/lib/common/command';
import { COMPANION_SERVICE_PATH, CompanionClient, CompanionService } from '../../common/companion-protocol';
import { CompanionClientImpl } from './companion-client-impl';
import { CompanionCommandsContribution } from './companion-commands-contribution';
import { CompanionOutput } from './companion-output';
import { CompanionStatusBarContribution } from './companion-status-bar-contribution';
import { CompanionWindowContribution } from './companion-window-contribution';
import { ProblemsFeedContribution } from './problems-feed-contribution';

/** The window's companion server: the RPC service and client, attach and re-attach, status bar, commands, output. */
export function bindCompanionWindow(bind: interfaces.Bind): void {
    bind(CompanionClientImpl).toSelf().inSingletonScope();
    bind(CompanionClient).toService(CompanionClientImpl);
    bind(CompanionService).toDynamicValue(ctx =>
        ServiceConnectionProvider.createProxy<CompanionService>(ctx.container, COMPANION_SERVICE_PATH, ctx.container.get(CompanionClient))
    ).inSingletonScope();
    bind(CompanionWindowContribution).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(CompanionWindowContribution);
    bind(CompanionOutput).toSelf().inSingletonScope();
    bind(CompanionCommandsContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(CompanionCommandsContribution);
    bind(CompanionStatusBarContribution).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(CompanionStatusBarContribution);
    bind(ProblemsFeedContribution).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(ProblemsFeedContribution);
}
