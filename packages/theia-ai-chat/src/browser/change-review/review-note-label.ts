import { inject, injectable } from '@theia/core/shared/inversify';
import { LabelProviderContribution } from '@theia/core/lib/browser/label-provider';
import { AIVariableResolutionRequest } from '@theia/ai-core';
import { ChangeReviewService } from './change-review-service';
import { REVIEW_NOTE_VARIABLE_ID, reviewNote } from './review-note';

/** The "Review note" chip of the chat input: how many undone hunks it tells the agent, and the whole note as its tooltip. */
@injectable()
export class ReviewNoteLabel implements LabelProviderContribution {
    @inject(ChangeReviewService) protected readonly service: ChangeReviewService;

    canHandle(element: object): number {
        return AIVariableResolutionRequest.is(element) && element.variable.id === REVIEW_NOTE_VARIABLE_ID ? 100 : -1;
    }

    getIcon(): string {
        return 'codicon codicon-discard';
    }

    getName(): string {
        return 'Review note';
    }

    getDetails(element: AIVariableResolutionRequest): string {
        const count = this.undone(element).length;
        return `${count} undone ${count === 1 ? 'change' : 'changes'}, told with your next prompt`;
    }

    getLongName(element: AIVariableResolutionRequest): string {
        return reviewNote(this.undone(element));
    }

    protected undone(element: AIVariableResolutionRequest) {
        return element.arg ? this.service.reviews.undoneHunks(element.arg) : [];
    }
}
