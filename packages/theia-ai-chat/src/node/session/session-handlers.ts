import type { SessionHandlers } from '@ai-cli-companion/acp-client';
import { AcpChatAgentConfig, AcpChatClient, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { chatSessionKey } from '../../common/chat-session-key';
import { elicitationHandler } from '../elicitation/elicitation-handler';
import { PendingElicitations } from '../elicitation/pending-elicitations';
import { agentFileRequests } from '../file-system/agent-file-requests';
import { PendingPermissions } from '../permissions/pending-permissions';
import { AcpChatTerminals } from '../tool-calls/chat-terminals';

/** What a chat's ACP session reaches in its window's backend service. */
export interface ChatSessionServices {
    /** The window, while one is connected (read at each request). */
    client(): AcpChatClient | undefined;
    readonly permissions: PendingPermissions;
    readonly elicitations: PendingElicitations;
    readonly terminals: AcpChatTerminals;
}

/** Where the agent's updates and requests for one chat's session go: the window, its questions, its terminals, its files. */
export function chatSessionHandlers(
    chatSessionId: string, agent: AcpChatAgentConfig, roots: readonly string[], services: ChatSessionServices
): SessionHandlers {
    const { permissions, elicitations, terminals } = services;
    const agentId = agent.id;
    const owner = chatSessionKey(chatSessionId, agentId);
    return {
        // The agent cannot release its terminals any more.
        onAgentExit: () => terminals.release(owner),
        terminals: terminals.handlersFor({
            owner, roots, agentEnv: agent.env, push: output => services.client()?.onTerminalOutput(chatSessionId, output)
        }),
        onUpdate: update => services.client()?.onSessionUpdate(chatSessionId, agentId, update as unknown as AcpSessionUpdate),
        onPermission: (request, signal) => {
            const { permissionId, answer } = permissions.add(chatSessionId, request.options, signal,
                id => services.client()?.onPermissionSettled(id));
            const client = services.client();
            if (!client) {
                permissions.answer(permissionId, undefined);
            } else {
                client.onPermissionRequest(chatSessionId, agentId, {
                    permissionId, options: request.options.map(({ optionId, name, kind }) => ({ optionId, name, kind })),
                    toolCall: { sessionUpdate: 'tool_call', ...request.toolCall } as AcpSessionUpdate & { toolCallId: string }
                });
            }
            return answer;
        },
        onElicitation: elicitationHandler(elicitations, chatSessionId, () => services.client() && {
            ask: request => services.client()?.onElicitationRequest(chatSessionId, agentId, request),
            settled: id => services.client()?.onElicitationSettled(id)
        }),
        ...agentFileRequests(chatSessionId, agent, roots, () => services.client())
    };
}
