import { inject, injectable } from '@theia/core/shared/inversify';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { FirstContentAtOnce } from '../../common/theia-patch-hooks/first-content-at-once';
import { AcpChatAgent } from './chat-agent';

/** An ACP agent's first answer content is rendered in the task that delivered it (the chat tree's patch asks). */
@injectable()
export class AcpFirstContentAtOnce implements FirstContentAtOnce {
    @inject(ChatAgentService) protected readonly chatAgents: ChatAgentService;

    rendersFirstContentAtOnce(agentId: string): boolean {
        return this.chatAgents.getAgent(agentId) instanceof AcpChatAgent;
    }
}
