import { ContainerModule } from '@theia/core/shared/inversify';
import { ConnectionHandler, RpcConnectionHandler } from '@theia/core/lib/common/messaging';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { ConnectionContainerModule } from '@theia/core/lib/node/messaging/connection-container-module';
import { COMPANION_SERVICE_PATH, CompanionClient, CompanionService } from '../common/companion-protocol';
import { CLI_HOST_SERVICE_PATH, CliHostService } from '../common/cli-host-protocol';
import { CliHostServiceImpl } from './cli-host-service-impl';
import { CompanionEndpointRegistry } from './companion-endpoint-registry';
import { CompanionServiceImpl } from './companion-service-impl';
import { CodexSocketContribution } from './codex-socket-contribution';
import { registerUriRpcCodec } from '../common/uri-rpc-codec';
import { WsRequestValidatorContribution } from '@theia/core/lib/node/ws-request-validators';
import { AllowedHostsContribution } from './hosting/allowed-hosts-contribution';

/** One CompanionService per frontend connection, i.e. per window; dropped when the window goes. */
const perWindowModule = ConnectionContainerModule.create(({ bind }) => {
    bind(CompanionServiceImpl).toSelf().inSingletonScope();
    bind(CompanionService).toService(CompanionServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx => new RpcConnectionHandler<CompanionClient>(COMPANION_SERVICE_PATH, client => {
        const service = ctx.container.get(CompanionServiceImpl);
        service.setClient(client);
        client.onDidCloseConnection(() => service.dispose());
        return service;
    })).inSingletonScope();
});

export default new ContainerModule(bind => {
    // Once every module is loaded, so plug-in support (which has its own URI codec) is seen.
    bind(BackendApplicationContribution).toConstantValue({ initialize: registerUriRpcCodec });
    bind(CompanionEndpointRegistry).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(CompanionEndpointRegistry);
    bind(CodexSocketContribution).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(CodexSocketContribution);
    bind(ConnectionContainerModule).toConstantValue(perWindowModule);
    bind(CliHostService).to(CliHostServiceImpl).inSingletonScope();
    // Only the host names the backend serves (DNS rebinding): HTTP before Theia's cookie, and WebSockets.
    bind(AllowedHostsContribution).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(AllowedHostsContribution);
    bind(WsRequestValidatorContribution).toService(AllowedHostsContribution);
    bind(ConnectionHandler).toDynamicValue(ctx => new RpcConnectionHandler(CLI_HOST_SERVICE_PATH, () => ctx.container.get(CliHostService))).inSingletonScope();
});
