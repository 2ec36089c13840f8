import type { ChatModel, ChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import type { AcpShownMessage } from '../../common/acp-chat-protocol';

/**
 * What the chat shows before `current`, as messages for `session/load`'s de-duplication (`replayNotShown`):
 * each earlier request's text and its answer's text, in order. The agent's replay of what is already on
 * screen is then not added to the chat a second time.
 */
export function shownTranscript(model: Pick<ChatModel, 'getRequests'>, current: Pick<ChatRequestModel, 'id'>): AcpShownMessage[] {
    const shown: AcpShownMessage[] = [];
    for (const request of model.getRequests()) {
        if (request.id === current.id) {
            break;
        }
        // A restored chat's parts may lack text (asString() of some restored content is undefined).
        shown.push({ role: 'user', text: request.request.text ?? '' });
        const answer: string | undefined = request.response?.response?.asString?.();
        if (answer?.trim()) {
            shown.push({ role: 'agent', text: answer });
        }
    }
    return shown;
}
