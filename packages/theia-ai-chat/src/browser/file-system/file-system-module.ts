import { interfaces } from '@theia/core/shared/inversify';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { bindAcpChangeSetFileElementFactory } from '../theia-patches/change-set-element';
import { AcpChatBackend, AcpEditorFileSystem } from './editor-file-system';

/** The editor as the agent's file system (dirty text, open editors reloaded) and the change set of what it wrote. */
export function bindFileSystem(bind: interfaces.Bind): void {
    bindAcpChangeSetFileElementFactory(bind);
    bind(AcpEditorFileSystem).toSelf().inSingletonScope();
    bind(AcpChatBackend).toFactory(ctx => () => ctx.container.get<AcpChatService>(AcpChatService));
}
