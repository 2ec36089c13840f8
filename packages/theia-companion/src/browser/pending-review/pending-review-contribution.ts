import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { StatusBar, StatusBarAlignment } from '@theia/core/lib/browser/status-bar/status-bar';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';
import { DiffReview, DiffReviewService } from '../diff-review/diff-review-service';

export const PENDING_REVIEWS_STATUS_BAR_ID = 'ai-cli-companion-pending-reviews';

export namespace PendingReviewCommands {
    export const GO_TO_PENDING_REVIEW: Command = { id: 'aiCliCompanion.goToPendingReview', category: 'AI CLI', label: 'Go to Pending Review' };
}

/**
 * While any proposal waits for a decision, the status bar says so in its text (a tooltip is missed
 * exactly when it matters), and Go to Pending Review brings the oldest one to front.
 */
@injectable()
export class PendingReviewContribution implements FrontendApplicationContribution, CommandContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(StatusBar) protected readonly statusBar: StatusBar;
    @inject(MessageService) protected readonly messages: MessageService;

    onStart(): void {
        this.reviews.onDidChange(() => this.updateStatusBar());
        this.updateStatusBar();
    }

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(PendingReviewCommands.GO_TO_PENDING_REVIEW, { execute: () => this.goToOldest() });
    }

    async goToOldest(): Promise<void> {
        const oldest = [...this.reviews.openReviews].sort((a, b) => a.diff.createdAt - b.diff.createdAt)[0];
        if (!oldest) {
            this.messages.info('No proposed change is waiting for review.');
            return;
        }
        await this.reveal(oldest);
    }

    async reveal(review: DiffReview): Promise<void> {
        window.focus();
        await this.shell.activateWidget(review.widget.id);
    }

    protected updateStatusBar(): void {
        const pending = this.reviews.openReviews;
        if (pending.length === 0) {
            this.statusBar.removeElement(PENDING_REVIEWS_STATUS_BAR_ID);
            return;
        }
        const parts = CLIENT_PROFILES
            .map(profile => ({ name: profile.displayName, count: pending.filter(r => r.diff.clientId === profile.id).length }))
            .concat([{ name: 'AI CLI', count: pending.filter(r => !CLIENT_PROFILES.some(p => p.id === r.diff.clientId)).length }])
            .filter(part => part.count > 0)
            .map(({ name, count }) => `${name}: ${count} ${count === 1 ? 'review' : 'reviews'} pending`);
        this.statusBar.setElement(PENDING_REVIEWS_STATUS_BAR_ID, {
            text: `$(diff) ${parts.join(' · ')}`,
            tooltip: `${PendingReviewCommands.GO_TO_PENDING_REVIEW.label}: open the oldest proposal`,
            alignment: StatusBarAlignment.RIGHT,
            priority: 101,
            command: PendingReviewCommands.GO_TO_PENDING_REVIEW.id,
            className: 'ai-cli-companion-pending-reviews'
        });
    }
}
