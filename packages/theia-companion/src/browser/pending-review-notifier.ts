import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ILogger } from '@theia/core/lib/common/logger';
import { findProfile } from '@ai-cli-companion/core/lib/client-profiles';
import { DiffReview, DiffReviewService } from './diff-review-service';
import { PendingReviewContribution } from './pending-review-contribution';

/**
 * A system notification for each proposal that opens while the window is hidden or unfocused (the
 * user is in another app while the CLI works); clicking it brings the diff to front. Notifications
 * of decided proposals are withdrawn.
 */
@injectable()
export class PendingReviewNotifier implements FrontendApplicationContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(PendingReviewContribution) protected readonly pending: PendingReviewContribution;
    @inject(ILogger) protected readonly logger: ILogger;

    protected readonly shown = new Map<string, Notification>();
    protected readonly seen = new Set<string>();

    onStart(): void {
        this.reviews.onDidChange(() => this.update());
    }

    protected update(): void {
        const open = this.reviews.openReviews;
        for (const review of open.filter(r => !this.seen.has(r.diff.id))) {
            this.seen.add(review.diff.id);
            if (this.windowIsAway()) {
                void this.notify(review);
            }
        }
        const isOpen = (id: string) => open.some(r => r.diff.id === id);
        for (const id of [...this.seen].filter(id => !isOpen(id))) {
            this.seen.delete(id);
            this.shown.get(id)?.close(); // decided meanwhile: nothing left to click through to
            this.shown.delete(id);
        }
    }

    protected windowIsAway(): boolean {
        return document.visibilityState === 'hidden' || !document.hasFocus();
    }

    protected async notify(review: DiffReview): Promise<void> {
        if (typeof Notification === 'undefined') {
            return;
        }
        if (Notification.permission === 'default') {
            await Notification.requestPermission().catch(() => undefined);
        }
        if (Notification.permission !== 'granted') {
            this.logger.info('AI CLI companion: system notifications are not allowed for this page; pending reviews show in the status bar only.');
            return;
        }
        const client = findProfile(review.diff.clientId)?.displayName ?? review.diff.clientId;
        const notification = new Notification(`${client} proposes a change`, {
            body: `${review.diff.relativePath || review.diff.editorPath}: review it in Theia (✓ accept, ✗ reject)`,
            tag: `ai-cli-review-${review.diff.id}`,
            requireInteraction: true
        });
        notification.onclick = () => {
            notification.close();
            void this.pending.reveal(review);
        };
        this.shown.set(review.diff.id, notification);
    }
}
