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
    /** Agent questions already announced (or seen while the window had focus). */
    protected readonly seenQuestions = new Set<string>();

    onStart(): void {
        this.reviews.onWillShow(diff => {
            if (this.windowIsAway() && !this.shown.has(diff.id)) {
                void this.notify(diff);
            }
        });
        this.reviews.onDidChange(() => this.withdrawDecided());
        this.pending.questionSources.getContributions().forEach(source => source.onDidChangePendingQuestions(() => this.followQuestions()));
    }

    /** An agent question (a chat permission request) is announced like a proposal, and withdrawn once answered. */
    protected followQuestions(): void {
        const questions = this.pending.pendingQuestions;
        for (const question of questions) {
            const key = `question-${question.id}`;
            if (!this.shown.has(key) && !this.seenQuestions.has(key)) {
                this.seenQuestions.add(key);
                if (this.windowIsAway()) {
                    void this.show(key, `${question.askedBy} asks a question`, `${question.about}: answer it ${question.answerIn ?? 'in the chat'}`,
                        () => { window.focus(); void question.source.revealPendingQuestion(question.id); });
                }
            }
        }
        for (const key of [...this.seenQuestions]) {
            if (!questions.some(question => `question-${question.id}` === key)) {
                this.shown.get(key)?.close();
                this.shown.delete(key);
                this.seenQuestions.delete(key);
            }
        }
    }

    protected windowIsAway(): boolean {
        return document.visibilityState === 'hidden' || !document.hasFocus();
    }

    protected notify(diff: PendingDiff): Promise<void> {
        return this.show(diff.id, `${diff.clientName} proposes a change`,
            `${diff.relativePath || diff.editorPath}: review it in Theia (✓ accept, ✗ reject)`, () => void this.bringToFront(diff.id));
    }

    protected async show(key: string, title: string, body: string, onClick: () => void): Promise<void> {
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
        const notification = new Notification(title, { body, tag: `ai-cli-review-${key}`, requireInteraction: true });
        notification.onclick = () => {
            notification.close();
            onClick();
        };
        this.shown.set(key, notification);
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
