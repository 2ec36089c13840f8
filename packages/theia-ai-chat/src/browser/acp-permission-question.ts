import { AcpPermissionRequest } from '../common/acp-chat-protocol';
import { AcpToolCallContent } from './acp-tool-call-content';

/**
 * A `session/request_permission` on its tool call: one button per option the agent offered,
 * labelled with the option's own name; the answer is exactly the chosen `optionId`.
 */
export function askOnToolCall(call: AcpToolCallContent, request: AcpPermissionRequest,
    answer: (optionId: string | undefined) => Promise<boolean>, onAnswered: () => void): void {
    const options = request.options.map(({ optionId, name, kind }) => ({ optionId, name, kind }));
    call.question = {
        options,
        choose: optionId => {
            if (!call.question || call.question.answer !== undefined) {
                return;
            }
            call.question.answer = optionId === undefined ? 'Cancelled' : options.find(option => option.optionId === optionId)?.name ?? optionId;
            call.changed();
            onAnswered();
            void answer(optionId);
        }
    };
    call.changed();
}

/** Settled elsewhere (Stop, the agent withdrew it or died): the buttons go, no answer is sent. */
export function settleQuestion(call: AcpToolCallContent): boolean {
    if (call.question && call.question.answer === undefined) {
        call.question.answer = 'Cancelled';
        call.changed();
        return true;
    }
    return false;
}
