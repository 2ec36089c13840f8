import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { StatusBar, StatusBarAlignment } from '@theia/core/lib/browser/status-bar/status-bar';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { CLIENT_PROFILES, PendingQuestion, PendingQuestionSource } from '@ai-cli-companion/core';
import { DiffReview, DiffReviewService } from '../diff-review/diff-review-service';

export const PENDING_REVIEWS_STATUS_BAR_ID = 'ai-cli-companion-pending-reviews';

export namespace PendingReviewCommands {
    export const GO_TO_PENDING_REVIEW: Command = { id: 'aiCliCompanion.goToPendingReview', category: 'AI CLI', label: 'Go to Pending Review' };
}

/** A question some other view asks (a chat permission request), with the source that can show it. */
export interface SourcedQuestion extends PendingQuestion {
    readonly source: PendingQuestionSource;
}

/**
 * While any proposal or agent question waits for a decision, the status bar says so in its text (a
 * tooltip is missed exactly when it matters), and Go to Pending Review brings the oldest one to front.
 * Questions come from `PendingQuestionSource` contributions (Theia's AI chat binds one).
 */
@injectable()
export class PendingReviewContribution implements FrontendApplicationContribution, CommandContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(StatusBar) protected readonly statusBar: StatusBar;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(ContributionProvider) @named(PendingQuestionSource)
    readonly questionSources: ContributionProvider<PendingQuestionSource>;

    onStart(): void {
        this.reviews.onDidChange(() => this.updateStatusBar());
        this.questionSources.getContributions().forEach(source => source.onDidChangePendingQuestions(() => this.updateStatusBar()));
        this.updateStatusBar();
    }

    get pendingQuestions(): SourcedQuestion[] {
        return this.questionSources.getContributions().flatMap(source => source.pendingQuestions.map(question => ({ ...question, source })));
    }

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(PendingReviewCommands.GO_TO_PENDING_REVIEW, { execute: () => this.goToOldest() });
    }

    async goToOldest(): Promise<void> {
        const waiting = [
            ...this.reviews.openReviews.map(review => ({ at: review.diff.createdAt, reveal: () => this.reveal(review) })),
            ...this.pendingQuestions.map(question => ({ at: question.askedAt, reveal: () => question.source.revealPendingQuestion(question.id) }))
        ];
        const oldest = waiting.sort((a, b) => a.at - b.at)[0];
        if (!oldest) {
            this.messages.info('No proposed change is waiting for review.');
            return;
        }
        await oldest.reveal();
    }

    async reveal(review: DiffReview): Promise<void> {
        window.focus();
        await this.shell.activateWidget(review.widget.id);
    }

    protected updateStatusBar(): void {
        const pending = this.reviews.openReviews;
        const questions = this.pendingQuestions;
        if (pending.length === 0 && questions.length === 0) {
            this.statusBar.removeElement(PENDING_REVIEWS_STATUS_BAR_ID);
            return;
        }
        const parts = CLIENT_PROFILES
            .map(profile => ({ name: profile.displayName, count: pending.filter(r => r.diff.clientId === profile.id).length }))
            .concat([{ name: 'AI CLI', count: pending.filter(r => !CLIENT_PROFILES.some(p => p.id === r.diff.clientId)).length }])
            .filter(part => part.count > 0)
            .map(({ name, count }) => `${name}: ${count} ${count === 1 ? 'review' : 'reviews'} pending`)
            .concat(countQuestions(questions));
        this.statusBar.setElement(PENDING_REVIEWS_STATUS_BAR_ID, {
            text: `$(diff) ${parts.join(' · ')}`,
            tooltip: `${PendingReviewCommands.GO_TO_PENDING_REVIEW.label}: open the oldest proposal or question`,
            alignment: StatusBarAlignment.RIGHT,
            priority: 101,
            command: PendingReviewCommands.GO_TO_PENDING_REVIEW.id,
            className: 'ai-cli-companion-pending-reviews'
        });
    }
}

/** "Gemini CLI: 1 question waiting", per asker, in the order they first asked. */
function countQuestions(questions: readonly PendingQuestion[]): string[] {
    const counts = new Map<string, number>();
    [...questions].sort((a, b) => a.askedAt - b.askedAt).forEach(question => counts.set(question.askedBy, (counts.get(question.askedBy) ?? 0) + 1));
    return [...counts].map(([name, count]) => `${name}: ${count} ${count === 1 ? 'question' : 'questions'} waiting`);
}
