import { inject, injectable } from '@theia/core/shared/inversify';
import { MaybePromise } from '@theia/core/lib/common/types';
import { AIVariable, AIVariableContext, AIVariableResolutionRequest, AIVariableResolver, ResolvedAIContextVariable } from '@theia/ai-core';
import { FrontendVariableContribution, FrontendVariableService } from '@theia/ai-core/lib/browser';
import { ChatService, isSessionCreatedEvent } from '@theia/ai-chat/lib/common/chat-service';
import { ChangeReviewService } from './change-review-service';
import { REVIEW_NOTE_VARIABLE_ID, ReviewNoteSink, reviewNote } from './review-note';

/** The review note as a context variable of the chat (its argument: the chat session's id). */
export const REVIEW_NOTE_VARIABLE: AIVariable = {
    id: REVIEW_NOTE_VARIABLE_ID,
    name: 'agentReviewNote',
    label: 'Review note',
    description: 'What you undid in the review of the agent\'s changes since your last prompt; it goes with your next prompt',
    iconClasses: ['codicon', 'codicon-discard'],
    isContextVariable: true
};

/**
 * The agent hears what the user undid (issue 30 part 2): while a chat has undone hunks, its input
 * holds a "Review note" context chip (the user sees it, and can remove it), and the next prompt
 * carries the note as a text block (`input/prompt-builder.ts`); once sent, the note starts over.
 */
@injectable()
export class ReviewNotes implements FrontendVariableContribution, AIVariableResolver, ReviewNoteSink {
    @inject(ChangeReviewService) protected readonly service: ChangeReviewService;
    @inject(ChatService) protected readonly chatService: ChatService;

    registerVariables(service: FrontendVariableService): void {
        service.registerResolver(REVIEW_NOTE_VARIABLE, this);
        // A hunk undone (or brought back with Ctrl+Z): the chip comes or goes with the note.
        this.service.onDidChange(review => this.showChip(review.chatSessionId));
        // A chat restored with hunks undone before the reload or restart: its note is still to be told.
        this.chatService.onSessionEvent(event => isSessionCreatedEvent(event) && this.showChip(event.sessionId));
    }

    canResolve(request: AIVariableResolutionRequest, _context: AIVariableContext): MaybePromise<number> {
        return request.variable.id === REVIEW_NOTE_VARIABLE.id ? 10000 : -5;
    }

    async resolve(request: AIVariableResolutionRequest, _context: AIVariableContext): Promise<ResolvedAIContextVariable | undefined> {
        const undone = request.arg ? this.service.reviews.undoneHunks(request.arg) : [];
        if (request.variable.id !== REVIEW_NOTE_VARIABLE.id || undone.length === 0) {
            return undefined;
        }
        const note = reviewNote(undone);
        return { ...request, value: note, contextValue: note };
    }

    /** The prompt carried the note: the chat's next one starts a new note, and the chip goes. */
    sent(chatSessionId: string): void {
        this.service.reviews.noteSent(chatSessionId);
        this.showChip(chatSessionId);
    }

    protected showChip(chatSessionId: string): void {
        const context = this.chatService.getSession(chatSessionId)?.model.context;
        if (!context) {
            return;
        }
        const index = context.getVariables().findIndex(variable => variable.variable.id === REVIEW_NOTE_VARIABLE.id);
        const wanted = this.service.reviews.undoneHunks(chatSessionId).length > 0;
        if (wanted && index < 0) {
            context.addVariables({ variable: REVIEW_NOTE_VARIABLE, arg: chatSessionId });
        } else if (!wanted && index >= 0) {
            context.deleteVariables(index);
        }
    }
}
