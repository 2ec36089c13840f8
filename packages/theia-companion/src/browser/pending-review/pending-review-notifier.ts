import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ILogger } from '@theia/core/lib/common/logger';
import { PendingDiff } from '../../common/companion-protocol';
import { DiffReview, DiffReviewService } from '../diff-review/diff-review-service';
import { PendingReviewContribution } from './pending-review-contribution';

/**
 * A system notification for each proposal that arrives while the window is hidden or unfocused (the
 * user is in another app while the CLI works); clicking it brings the diff to front. It is raised
 * when the proposal arrives, not when its editor is ready: a hidden window may hold rendering back.
 * Notifications of decided proposals are withdrawn.
 */
@injectable()
export class PendingReviewNotifier implements FrontendApplicationContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(PendingReviewContribution) protected readonly pending: PendingReviewContribution;
    @inject(ILogger) protected readonly logger: ILogger;

    protected readonly shown = new Map<string, Notification>();
    /** Notified diffs whose editor has opened: once it is gone again, the notification goes too. */
    protected readonly seenOpen = new Set<string>();

    onStart(): void {
        this.reviews.onWillShow(diff => {
            if (this.windowIsAway() && !this.shown.has(diff.id)) {
                void this.notify(diff);
            }
        });
        this.reviews.onDidChange(() => this.withdrawDecided());
    }

    protected windowIsAway(): boolean {
        return document.visibilityState === 'hidden' || !document.hasFocus();
    }

    protected async notify(diff: PendingDiff): Promise<void> {
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
        const notification = new Notification(`${diff.clientName} proposes a change`, {
            body: `${diff.relativePath || diff.editorPath}: review it in Theia (✓ accept, ✗ reject)`,
            tag: `ai-cli-review-${diff.id}`,
            requireInteraction: true
        });
        notification.onclick = () => {
            notification.close();
            void this.bringToFront(diff.id);
        };
        this.shown.set(diff.id, notification);
    }

    /** Focuses the window and the diff, once its editor exists. */
    protected async bringToFront(diffId: string): Promise<void> {
        window.focus();
        const review = this.reviews.openReviews.find(r => r.diff.id === diffId) ?? await new Promise<DiffReview>(resolve => {
            const listener = this.reviews.onDidChange(() => {
                const opened = this.reviews.openReviews.find(r => r.diff.id === diffId);
                if (opened) {
                    listener.dispose();
                    resolve(opened);
                }
            });
        });
        await this.pending.reveal(review);
    }

    protected withdrawDecided(): void {
        // Shown ones whose review has come and gone: nothing left to click through to.
        for (const [id, notification] of this.shown) {
            const open = this.reviews.openReviews.some(r => r.diff.id === id);
            if (!open && this.seenOpen.has(id)) {
                notification.close();
                this.shown.delete(id);
                this.seenOpen.delete(id);
            } else if (open) {
                this.seenOpen.add(id);
            }
        }
    }
}
