import { ChatAgent } from '@theia/ai-chat/lib/common/chat-agents';
import { AcpChatAgentDefinition } from '../../common/agents/acp-chat-agents';

/**
 * The ACP chat agents the user has, for the features that list or recognize them (sign-in, API keys, Send
 * Selection, the chat input). The agents' registry implements it (agents/agent-registry.ts); features never import it.
 */
export const AcpAgentDirectory = Symbol('AcpAgentDirectory');
export interface AcpAgentDirectory {
    /** The enabled built-ins and the user's `aiCliChat.agents` entries (a problem in them is warned about once). */
    definitions(): AcpChatAgentDefinition[];
    /** The agent's display name, else its id. */
    displayName(agentId: string): string;
    /** Whether the chat agent is one of ours. */
    isAcpAgent(agent: ChatAgent | undefined): boolean;
}
