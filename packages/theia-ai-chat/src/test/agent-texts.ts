import { AcpChatClient } from '../common/acp-chat-protocol';

/** The frontend as backend specs see it: the text of the agent's messages goes to `texts`, and `more` answers the rest. */
export function textsClient(texts: string[], more: Partial<AcpChatClient> = {}): AcpChatClient {
    return {
        onSessionUpdates: (_chat, _agent, updates) => {
            for (const update of updates) {
                const content = update.content as { text?: string } | undefined;
                if (update.sessionUpdate === 'agent_message_chunk' && content?.text) {
                    texts.push(content.text);
                }
            }
        },
        ...more
    } as Partial<AcpChatClient> as AcpChatClient;
}
