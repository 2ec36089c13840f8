import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { CommandContribution } from '@theia/core/lib/common/command';
import { MenuContribution } from '@theia/core/lib/common/menu';
import { ResourceResolver } from '@theia/core/lib/common/resource';
import { CLI_HOST_SERVICE_PATH, CliHostService } from '../common/cli-host-protocol';
import { ChangeBlockReviewContribution } from './change-block-review-contribution';
import { CliInstallCheck } from './cli-install-check';
import { CliLauncher } from './cli-launcher';
import { CliTerminalFinder } from './cli-terminal-finder';
import { ConnectionDiagnosticsContribution } from './connection-diagnostics-contribution';
import { ConnectionDiagnosticsResources } from './connection-diagnostics-resource';
import { PendingReviewContribution } from './pending-review-contribution';
import { PendingReviewNotifier } from './pending-review-notifier';
import { SendToCliContribution } from './send-to-cli-contribution';

/**
 * What goes beyond the official companions (issue 9): block-by-block review, Send to CLI, pending
 * review notices, the install check and Diagnose Connection. Called from the frontend module.
 */
export function bindBeyondCompanionFeatures(bind: interfaces.Bind): void {
    bind(CliHostService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<CliHostService>(ctx.container, CLI_HOST_SERVICE_PATH)).inSingletonScope();

    bind(ChangeBlockReviewContribution).toSelf().inSingletonScope();
    [FrontendApplicationContribution, CommandContribution, KeybindingContribution].forEach(id => bind(id).toService(ChangeBlockReviewContribution));

    bind(PendingReviewContribution).toSelf().inSingletonScope();
    [FrontendApplicationContribution, CommandContribution].forEach(id => bind(id).toService(PendingReviewContribution));
    bind(PendingReviewNotifier).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(PendingReviewNotifier);

    bind(CliInstallCheck).toSelf().inSingletonScope();
    bind(CliLauncher).toSelf().inSingletonScope();
    bind(CliTerminalFinder).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(CliTerminalFinder);
    bind(SendToCliContribution).toSelf().inSingletonScope();
    [CommandContribution, MenuContribution, KeybindingContribution].forEach(id => bind(id).toService(SendToCliContribution));

    bind(ConnectionDiagnosticsResources).toSelf().inSingletonScope();
    bind(ResourceResolver).toService(ConnectionDiagnosticsResources);
    bind(ConnectionDiagnosticsContribution).toSelf().inSingletonScope();
    [CommandContribution, TabBarToolbarContribution].forEach(id => bind(id).toService(ConnectionDiagnosticsContribution));
}
