import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { ChangeBlockReviewContribution } from '../change-block-review/change-block-review-contribution';
import { DiffDecision, DiffReviewService } from '../diff-review/diff-review-service';
import { REJECT_REASON_SEND_PREFERENCE } from '../../common/companion-preferences';
import { RejectReasonTypist } from './reason-typist';
import { revertNote } from './revert-note';

/**
 * The terminal's counterpart of the chat's review note (issue 30 part 4): when the user accepts a proposal after
 * reverting blocks of it with a reason, the CLI writes the merged text but would never learn why those lines
 * went back. Once it has shown the write, the note is typed into its terminal as the user's next message (sent
 * only with the user's Enter, unless aiCliCompanion.rejectReason.sendAutomatically says so).
 */
@injectable()
export class RevertReasonNotes implements FrontendApplicationContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(ChangeBlockReviewContribution) protected readonly blocks: ChangeBlockReviewContribution;
    @inject(RejectReasonTypist) protected readonly typist: RejectReasonTypist;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(MessageService) protected readonly messages: MessageService;

    onStart(): void {
        this.reviews.onDidDecide(decision => void this.tell(decision));
    }

    protected async tell({ diff, outcome, delivery }: DiffDecision): Promise<void> {
        const reverted = this.blocks.takeRevertReasons(diff.id);
        if (reverted.length === 0 || !outcome.accepted || !delivery.delivered) {
            return; // a rejection tells its own reason (Reject with a Reason…)
        }
        if (delivery.note) {
            return; // the CLI writes its own proposal (Copilot CLI): nothing was put back, and the user was told so
        }
        const submit = this.preferences.get<boolean>(REJECT_REASON_SEND_PREFERENCE, false) === true;
        const terminal = await this.typist.type(diff.clientId, diff.sessionId, revertNote(diff.relativePath, reverted), submit);
        if (!terminal) {
            this.messages.warn(`${diff.clientName}'s terminal is not connected to this window, so why you reverted those lines was not typed: tell it yourself.`);
        }
    }
}
