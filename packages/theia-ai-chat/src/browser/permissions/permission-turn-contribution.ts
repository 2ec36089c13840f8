import { inject, injectable } from '@theia/core/shared/inversify';
import { AcpTurnContext, AcpTurnContribution, AcpTurnParticipant } from '../turn/turn-contribution';
import { permissionTurn } from './permission-turn';
import { AcpRejectReasons } from './reject-reasons';

/** The agent's permission questions in every turn; a rejection's reason goes with the chat's next message. */
@injectable()
export class AcpPermissionTurnContribution implements AcpTurnContribution {
    @inject(AcpRejectReasons) protected readonly rejectReasons: AcpRejectReasons;

    startTurn(turn: AcpTurnContext): AcpTurnParticipant {
        return permissionTurn(turn, message => this.rejectReasons.rejected(turn.chatSessionId, message));
    }
}
