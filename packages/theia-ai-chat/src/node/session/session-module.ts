import { interfaces } from '@theia/core/shared/inversify';
import { ConnectionContainerModule } from '@theia/core/lib/node/messaging/connection-container-module';
import { ACP_CHAT_PATH, AcpChatClient, AcpChatService } from '../../common/acp-chat-protocol';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { AcpChatServiceImpl } from './chat-service-impl';
import { AcpChatSessionIds } from './chat-session-ids';

/** Sessions, questions, file access and terminals per window: one chat service per frontend connection. */
const perWindow = ConnectionContainerModule.create(({ bind, bindBackendService }) => {
    bind(AcpChatServiceImpl).toSelf().inSingletonScope();
    bind(AcpChatService).toService(AcpChatServiceImpl);
    bindBackendService<AcpChatService, AcpChatClient>(ACP_CHAT_PATH, AcpChatService, (service, client) => {
        service.setClient(client);
        client.onDidCloseConnection(() => service.dispose());
        return service;
    });
});

export function bindSession(bind: interfaces.Bind): void {
    // One file for the whole backend (every window's chats), in Theia's config folder next to its chat sessions.
    bind(AcpChatSessionIds).toDynamicValue(({ container }) => new AcpChatSessionIds(async () => {
        const configDir = await container.get<EnvVariablesServer>(EnvVariablesServer).getConfigDirUri();
        return FileUri.fsPath(configDir).toString() + '/ai-cli-companion/acp-chat-sessions.json';
    })).inSingletonScope();
    bind(ConnectionContainerModule).toConstantValue(perWindow);
}
