import { interfaces } from '@theia/core/shared/inversify';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { CommandContribution } from '@theia/core/lib/common/command';
import { AIVariableContribution } from '@theia/ai-core';
import { LabelProviderContribution } from '@theia/core/lib/browser/label-provider';
import { ChangeReviewContribution } from './change-review-contribution';
import { ChangeReviewService } from './change-review-service';
import { ChangeSetFileReviews } from '../../common/theia-patch-hooks/change-set-file-reviews';
import { ReviewNotes } from './review-notes';
import { ReviewNoteSink } from './review-note';
import { ReviewNoteLabel } from './review-note-label';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { ChangeSetActionRenderer } from '@theia/ai-chat-ui/lib/browser/change-set-actions/change-set-action-service';
import { ReviewAllService } from './review-all';
import { ReviewAllContribution } from './review-all-contribution';
import { ReviewAllAction } from './review-all-action';
import { ReviewRecordStore } from './review-record-store';
import { ReviewRecordContribution } from './review-record-contribution';
import '../../../src/browser/style/change-review.css'; // lib/ has no CSS: the bundler reads it from src/

/** The agents' changes reviewed hunk by hunk (Keep and Undo in a review diff per file of the change set), and the note of what was undone. */
export function bindChangeReview(bind: interfaces.Bind): void {
    bind(ChangeReviewService).toSelf().inSingletonScope();
    // The change-set entries' hook (theia-patches/change-set-element.ts): each file's review, stored with the chat.
    bind(ChangeSetFileReviews).toService(ChangeReviewService);
    bind(ChangeReviewContribution).toSelf().inSingletonScope();
    [CommandContribution, KeybindingContribution].forEach(id => bind(id).toService(ChangeReviewContribution));
    bind(ReviewNotes).toSelf().inSingletonScope();
    bind(AIVariableContribution).toService(ReviewNotes);
    bind(ReviewNoteSink).toService(ReviewNotes);
    bind(ReviewNoteLabel).toSelf().inSingletonScope();
    bind(LabelProviderContribution).toService(ReviewNoteLabel);
    // Review All: every file of the chat (or of its last turn) one after the other, Keep All / Undo All.
    bind(ReviewAllService).toSelf().inSingletonScope();
    bind(ReviewAllContribution).toSelf().inSingletonScope();
    [CommandContribution, TabBarToolbarContribution].forEach(id => bind(id).toService(ReviewAllContribution));
    bind(ReviewAllAction).toSelf().inSingletonScope();
    bind(ChangeSetActionRenderer).toService(ReviewAllAction);
    // The per-agent record of kept and undone hunks.
    bind(ReviewRecordStore).toSelf().inSingletonScope();
    bind(ReviewRecordContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(ReviewRecordContribution);
}
