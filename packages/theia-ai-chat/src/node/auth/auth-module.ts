import { interfaces } from '@theia/core/shared/inversify';
import { ConnectionHandler } from '@theia/core/lib/common/messaging/handler';
import { RpcConnectionHandler } from '@theia/core/lib/common/messaging/proxy-factory';
import { ACP_API_KEYS_PATH, AcpApiKeyService } from '../../common/acp-api-key-protocol';
import { AcpApiKeyServiceImpl } from './api-key-service-impl';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { AcpApiKeys, ApiKeyFilePath, defaultApiKeyFilePath } from './api-keys';
import { SecretServiceKeyStore } from './secret-service-key-store';

/** The agents' API keys in the system's credential store, or (where none answers, if the user agreed) a 0600 file. */
export function bindAuth(bind: interfaces.Bind): void {
    bind(SecretServiceKeyStore).toSelf().inSingletonScope();
    bind(ApiKeyFilePath).toDynamicValue(ctx => () => defaultApiKeyFilePath(ctx.container.get(EnvVariablesServer))).inSingletonScope();
    bind(AcpApiKeys).toSelf().inSingletonScope();
    bind(AcpApiKeyServiceImpl).toSelf().inSingletonScope();
    bind(AcpApiKeyService).toService(AcpApiKeyServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx => new RpcConnectionHandler(ACP_API_KEYS_PATH, () => ctx.container.get(AcpApiKeyService)))
        .inSingletonScope();
}
