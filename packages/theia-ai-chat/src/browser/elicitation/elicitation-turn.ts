import { injectable } from '@theia/core/shared/inversify';
import { AcpTurnContext, AcpTurnContribution, AcpTurnParticipant } from '../turn/turn-contribution';
import { AcpElicitationContent } from './elicitation-content';

/** Forms and links the agent asks about (elicitation/create) in every turn. */
@injectable()
export class AcpElicitationTurnContribution implements AcpTurnContribution {
    startTurn(turn: AcpTurnContext): AcpTurnParticipant {
        return elicitationTurn(turn);
    }
}

/** Each form is a part of the answer, open until answered or settled elsewhere; a refusal is only said. */
export function elicitationTurn(turn: AcpTurnContext): AcpTurnParticipant {
    return {
        onElicitationRequest: request => {
            const response = turn.request.response.response;
            const form = new AcpElicitationContent(request, answer => turn.service.answerElicitation(request.elicitationId, answer),
                () => response.responseContentChanged(), () => turn.answered(request.elicitationId));
            turn.translator.interrupt(); // the text before the form ends there; the text after it is a part of its own
            response.addContent(form);
            if (form.open) {
                turn.asked(request.elicitationId, request.mode === 'form' ? request.form.message : request.mode === 'url' ? request.message : '', form, () => form.settle());
            }
            return true;
        },
        onElicitationSettled: elicitationId => turn.settledElsewhere(elicitationId)
    };
}
