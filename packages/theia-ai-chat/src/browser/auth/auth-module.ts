import { interfaces } from '@theia/core/shared/inversify';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { CommandContribution } from '@theia/core/lib/common/command';
import { ACP_API_KEYS_PATH, AcpApiKeyService } from '../../common/auth/acp-api-key-protocol';
import { AcpApiKeyCommandContribution } from './api-key-commands';
import { AcpSignInCommandContribution } from './sign-in-commands';
import { AcpSignInOffers } from './sign-in-offers';

/** Set API key…: the key kept by the backend's credential store, never in the settings; the sign-in buttons' commands. */
export function bindAuth(bind: interfaces.Bind): void {
    bind(AcpApiKeyService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<AcpApiKeyService>(ctx.container, ACP_API_KEYS_PATH))
        .inSingletonScope();
    bind(AcpApiKeyCommandContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpApiKeyCommandContribution);
    bind(AcpSignInOffers).toSelf().inSingletonScope();
    bind(AcpSignInCommandContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpSignInCommandContribution);
}
