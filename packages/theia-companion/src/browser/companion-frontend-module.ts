import { ContainerModule } from '@theia/core/shared/inversify';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { CLI_HOST_SERVICE_PATH, CliHostService } from '../common/cli-host-protocol';
import { bindCompanionPreferences } from '../common/companion-preferences';
import { bindChangeBlockReview } from './change-block-review/change-block-review-module';
import { bindConnectionDiagnostics } from './diagnostics/diagnostics-module';
import { bindDiffReview } from './diff-review/diff-review-module';
import { bindInstallCheck } from './install-check/install-check-module';
import { bindOpenFiles } from './open-files/open-files-module';
import { bindPendingReview } from './pending-review/pending-review-module';
import { bindRejectReason } from './reject-reason/reject-reason-module';
import { bindWelcome } from './welcome/welcome-module';
import { bindSendToCli } from './send-to-cli/send-to-cli-module';
import { bindTerminalEnv } from './terminal-env/terminal-env-module';
import { bindTerminalStatus } from './terminal-status/terminal-status-module';
import { bindTheiaPatches } from './theia-patches/theia-patches-module';
import { bindCompanionWindow } from './window/window-module';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { registerUriRpcCodec } from '../common/uri-rpc-codec';

/** The feature list: one folder and one bind function per feature. */
export default new ContainerModule((bind, _unbind, isBound, rebind, _unbindAsync, onActivation) => {
    bindCompanionPreferences(bind);
    // Once every module is loaded, so plug-in support (which has its own URI codec) is seen.
    bind(FrontendApplicationContribution).toConstantValue({ initialize: registerUriRpcCodec });
    // The backend's CLI lookups (which process holds a session, where a CLI is installed): send-to-cli and install-check.
    bind(CliHostService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<CliHostService>(ctx.container, CLI_HOST_SERVICE_PATH)).inSingletonScope();

    bindCompanionWindow(bind);
    bindOpenFiles(bind);
    bindTerminalEnv(bind, onActivation);
    bindTerminalStatus(bind);
    bindDiffReview(bind);
    bindChangeBlockReview(bind);
    bindSendToCli(bind);
    bindRejectReason(bind);
    bindWelcome(bind);
    bindPendingReview(bind);
    bindInstallCheck(bind);
    bindConnectionDiagnostics(bind);
    bindTheiaPatches(bind, rebind, onActivation, isBound);
});
