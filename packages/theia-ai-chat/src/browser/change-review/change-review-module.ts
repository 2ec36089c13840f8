import { interfaces } from '@theia/core/shared/inversify';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { CommandContribution } from '@theia/core/lib/common/command';
import { AIVariableContribution } from '@theia/ai-core';
import { LabelProviderContribution } from '@theia/core/lib/browser/label-provider';
import { ChangeReviewContribution } from './change-review-contribution';
import { ChangeReviewService } from './change-review-service';
import { ReviewNotes } from './review-notes';
import { ReviewNoteSink } from './review-note';
import { ReviewNoteLabel } from './review-note-label';
import '../../../src/browser/style/change-review.css'; // lib/ has no CSS: the bundler reads it from src/

/** The agents' changes reviewed hunk by hunk (Keep and Undo in a review diff per file of the change set), and the note of what was undone. */
export function bindChangeReview(bind: interfaces.Bind): void {
    bind(ChangeReviewService).toSelf().inSingletonScope();
    bind(ChangeReviewContribution).toSelf().inSingletonScope();
    [CommandContribution, KeybindingContribution].forEach(id => bind(id).toService(ChangeReviewContribution));
    bind(ReviewNotes).toSelf().inSingletonScope();
    bind(AIVariableContribution).toService(ReviewNotes);
    bind(ReviewNoteSink).toService(ReviewNotes);
    bind(ReviewNoteLabel).toSelf().inSingletonScope();
    bind(LabelProviderContribution).toService(ReviewNoteLabel);
}
