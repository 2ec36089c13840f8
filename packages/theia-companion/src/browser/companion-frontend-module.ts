import { ContainerModule } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { CommandContribution } from '@theia/core/lib/common/command';
import { ResourceResolver } from '@theia/core/lib/common/resource';
import { COMPANION_SERVICE_PATH, CompanionClient, CompanionService } from '../common/companion-protocol';
import { bindCompanionPreferences } from '../common/companion-preferences';
import { CompanionClientImpl } from './companion-client-impl';
import { CompanionCommandsContribution } from './companion-commands-contribution';
import { CompanionOutput } from './companion-output';
import { CompanionStatusBarContribution } from './companion-status-bar-contribution';
import { CompanionTerminalEnvironment } from './companion-terminal-environment';
import { CompanionWindowContribution } from './companion-window-contribution';
import { DiffReviewContribution } from './diff-review-contribution';
import { DiffReviewService } from './diff-review-service';
import { EditorContextTracker } from './editor-context-tracker';
import { ProposalResources } from './proposal-resources';
import { injectCompanionEnvIntoTerminals } from './terminal-env-injection';
import { bindBeyondCompanionFeatures } from './beyond-companion-module';

export default new ContainerModule((bind, _unbind, _isBound, _rebind, _unbindAsync, onActivation) => {
    bindCompanionPreferences(bind);

    bind(CompanionClientImpl).toSelf().inSingletonScope();
    bind(CompanionClient).toService(CompanionClientImpl);
    bind(CompanionService).toDynamicValue(ctx =>
        ServiceConnectionProvider.createProxy<CompanionService>(ctx.container, COMPANION_SERVICE_PATH, ctx.container.get(CompanionClient))
    ).inSingletonScope();

    bind(CompanionTerminalEnvironment).toSelf().inSingletonScope();
    injectCompanionEnvIntoTerminals(onActivation);
    bind(CompanionWindowContribution).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(CompanionWindowContribution);

    bind(EditorContextTracker).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(EditorContextTracker);

    bind(ProposalResources).toSelf().inSingletonScope();
    bind(ResourceResolver).toService(ProposalResources);
    bind(DiffReviewService).toSelf().inSingletonScope();
    bind(DiffReviewContribution).toSelf().inSingletonScope();
    [CommandContribution, TabBarToolbarContribution, KeybindingContribution].forEach(id => bind(id).toService(DiffReviewContribution));

    bind(CompanionOutput).toSelf().inSingletonScope();
    bind(CompanionCommandsContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(CompanionCommandsContribution);
    bind(CompanionStatusBarContribution).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(CompanionStatusBarContribution);

    bindBeyondCompanionFeatures(bind);
});
