import { interfaces } from '@theia/core/shared/inversify';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { ACP_CHAT_PATH, AcpChatService } from '../../common/acp-chat-protocol';
import { AcpChatSessions } from './chat-sessions';
import { AcpChatFrontendClient } from './frontend-client';
import { AcpSessionListeners } from './session-listeners';
import { AcpSessionClientContribution } from './session-client-contribution';
import { bindContributionProvider } from '@theia/core/lib/common/contribution-provider';

/**
 * One ACP session per chat session, through the backend's chat service; its updates routed to the features'
 * AcpSessionClientContributions and to the session's listener (the running turn, else the session state).
 */
export function bindSession(bind: interfaces.Bind): void {
    bindContributionProvider(bind, AcpSessionClientContribution);
    bind(AcpSessionListeners).toSelf().inSingletonScope();
    bind(AcpChatFrontendClient).toSelf().inSingletonScope();
    bind(AcpChatService).toDynamicValue(ctx => {
        const client = ctx.container.get(AcpChatFrontendClient);
        client.backend = ServiceConnectionProvider.createProxy<AcpChatService>(ctx.container, ACP_CHAT_PATH, client);
        return client.backend;
    }).inSingletonScope();
    bind(AcpChatSessions).toSelf().inSingletonScope();
}
