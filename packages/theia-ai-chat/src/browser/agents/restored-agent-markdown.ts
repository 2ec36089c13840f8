import { inject, injectable } from '@theia/core/shared/inversify';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { RestoredChatData } from '../../common/theia-patch-hooks/restored-chat-data';
import { withAgentMarkdown } from '../turn/markdown-restore';
import { AcpChatAgent } from './chat-agent';

/**
 * A chat saved before agent markdown had a kind of its own is read with its ACP agents' markdown as theirs
 * (turn/markdown-restore.ts): Theia would restore it as its own markdown part, whose links run `command:` URIs.
 */
@injectable()
export class AcpRestoredAgentMarkdown implements RestoredChatData {
    @inject(ChatAgentService) protected readonly chatAgents: ChatAgentService;

    restored(data: SerializedChatData): SerializedChatData {
        return withAgentMarkdown(data, agentId => this.chatAgents.getAllAgents().some(agent => agent.id === agentId && !(agent instanceof AcpChatAgent)));
    }
}
