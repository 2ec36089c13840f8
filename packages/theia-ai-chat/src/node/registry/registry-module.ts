import { interfaces } from '@theia/core/shared/inversify';
import { ConnectionHandler } from '@theia/core/lib/common/messaging/handler';
import { RpcConnectionHandler } from '@theia/core/lib/common/messaging/proxy-factory';
import { ACP_REGISTRY_PATH, AcpRegistryService } from '../../common/registry/registry-protocol';
import { AcpRegistryServiceImpl } from './registry-service-impl';

/** The ACP registry read, and its agents installed, in the backend. */
export function bindRegistry(bind: interfaces.Bind): void {
    bind(AcpRegistryServiceImpl).toSelf().inSingletonScope();
    bind(AcpRegistryService).toService(AcpRegistryServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx => new RpcConnectionHandler(ACP_REGISTRY_PATH, () => ctx.container.get(AcpRegistryService)))
        .inSingletonScope();
}
