import { AcpTurnContext, AcpTurnParticipant } from '../turn/turn-contribution';
import { askOnToolCall, settleQuestion } from './permission-question';

/** Asks each permission question on its tool call's card; the buttons go when it is settled elsewhere. */
export function permissionTurn(turn: AcpTurnContext, onRejectedWithReason?: (message: string) => void): AcpTurnParticipant {
    return {
        onPermissionRequest: request => {
            // gemini sends no tool_call before asking: the question brings the call (acp.md §3).
            const call = turn.translator.toolCall(request.toolCall);
            turn.translator.showHiddenCall(call);
            // E.g. the files an edit would change are read before the answer lets the agent write them.
            const ready = turn.beforePermissionAnswer(request.toolCall);
            askOnToolCall(call, request, (optionId, reason) => ready.then(() => turn.service.answerPermission(request.permissionId, optionId, reason)),
                rejection => {
                    turn.answered(request.permissionId);
                    if (rejection) {
                        onRejectedWithReason?.(rejection);
                    }
                });
            turn.asked(request.permissionId, call.title || request.toolCall.toolCallId, call, () => settleQuestion(call));
            return true;
        },
        onPermissionSettled: permissionId => turn.settledElsewhere(permissionId)
    };
}
