import { interfaces } from '@theia/core/shared/inversify';
import { ConnectionHandler } from '@theia/core/lib/common/messaging/handler';
import { RpcConnectionHandler } from '@theia/core/lib/common/messaging/proxy-factory';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { KeyringCredentialStore } from '@ai-cli-companion/node-base';
import { keysInFileConsent } from '@ai-cli-companion/node-base/credential-consent';
import { ACP_API_KEYS_PATH, AcpApiKeyService } from '../../common/auth/acp-api-key-protocol';
import { userAcpChatSetting } from '../../common/acp-chat-preferences';
import { AcpApiKeyServiceImpl } from './api-key-service-impl';
import { AcpAgentSecrets } from '../agents/agent-secrets';
import { API_KEY_SERVICE, AcpApiKeys, ApiKeyFileConsent, ApiKeyFilePath, ApiKeyKeychain, defaultApiKeyFilePath } from './api-keys';

/** The agents' API keys in the OS keychain, or (where none answers, if the user agreed in their settings) a 0600 file. */
export function bindAuth(bind: interfaces.Bind): void {
    bind(ApiKeyKeychain).toConstantValue(new KeyringCredentialStore(API_KEY_SERVICE));
    bind(ApiKeyFilePath).toDynamicValue(ctx => () => defaultApiKeyFilePath(ctx.container.get(EnvVariablesServer))).inSingletonScope();
    // User scope only, like every setting the chat reads in the backend.
    bind(ApiKeyFileConsent).toDynamicValue(ctx => {
        const preferences = ctx.container.get<PreferenceService>(PreferenceService);
        return () => keysInFileConsent(userAcpChatSetting(name => preferences.inspect(name)));
    }).inSingletonScope();
    bind(AcpApiKeys).toSelf().inSingletonScope();
    bind(AcpAgentSecrets).toService(AcpApiKeys); // the keys the agent processes start with (agents/agent-hosts.ts)
    bind(AcpApiKeyServiceImpl).toSelf().inSingletonScope();
    bind(AcpApiKeyService).toService(AcpApiKeyServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx => new RpcConnectionHandler(ACP_API_KEYS_PATH, () => ctx.container.get(AcpApiKeyService)))
        .inSingletonScope();
}
