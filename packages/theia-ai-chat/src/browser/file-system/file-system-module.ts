import { interfaces } from '@theia/core/shared/inversify';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { AcpChatBackend, AcpEditorFileSystem } from './editor-file-system';

/** The editor as the agent's file system (dirty text, open editors reloaded) and the change set of what it wrote (entries: the ChangeSetFileElementFactory hook). */
export function bindFileSystem(bind: interfaces.Bind): void {
    bind(AcpEditorFileSystem).toSelf().inSingletonScope();
    bind(AcpChatBackend).toFactory(ctx => () => ctx.container.get<AcpChatService>(AcpChatService));
}
