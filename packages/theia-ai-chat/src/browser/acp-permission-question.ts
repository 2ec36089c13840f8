import { AcpPermissionRequest } from '../common/acp-chat-protocol';
import { AcpToolCallContent } from './acp-tool-call-content';

/**
 * A `session/request_permission` on its tool call: one button per option the agent offered,
 * labelled with the option's own name; the answer is exactly the chosen `optionId`.
 */
export function askOnToolCall(call: AcpToolCallContent, request: AcpPermissionRequest,
    answer: (optionId: string | undefined) => Promise<boolean>, onAnswered: () => void): void {
    const options = request.options.map(({ optionId, name, kind }) => ({ optionId, name, kind }));
    call.ask({
        options,
        choose: optionId => {
            if (!call.question || call.question.answer !== undefined) {
                return;
            }
            const chosen = options.find(option => option.optionId === optionId);
            call.question.answer = chosen?.name ?? 'Cancelled';
            // gemini reports nothing more about a refused call (acp.md §3): the card says it.
            if (!chosen || chosen.kind.startsWith('reject')) {
                call.status = 'rejected';
            }
            call.changed();
            onAnswered();
            void answer(optionId);
        }
    });
}

/** Settled elsewhere (Stop, the agent withdrew it or died): the buttons go, no answer is sent. */
export function settleQuestion(call: AcpToolCallContent): boolean {
    if (call.question && call.question.answer === undefined) {
        call.question.answer = 'Cancelled';
        call.status = 'rejected';
        call.changed();
        return true;
    }
    return false;
}
