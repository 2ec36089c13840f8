import type { DiffDelivery, DiffOutcome, DiffView, PendingDiff } from './diff-registry';

export const COPY_PROPOSAL_ACTION = 'Copy Proposal';

/** Where the user's decision goes (the endpoint's resolveDiff, directly or over RPC). */
export type DiffResolver = (diffId: string, outcome: DiffOutcome) => Promise<DiffDelivery>;

/**
 * What an editor adapter does for a review; `H` is its handle of one open review (a widget, a tab).
 * Everything else (states, title, the rules) is the controller's.
 */
export interface ReviewSurface<H> {
    /** Runs before anything else of a review (e.g. wait for the restored layout, announce it). */
    prepare?(diff: PendingDiff): Promise<void>;
    /** The file as it is now, undefined when it does not exist (a file the CLI creates). */
    readFile(editorPath: string): Promise<string | undefined>;
    /** Opens the diff editor: left `original` read-only, right the proposal, editable. */
    open(diff: PendingDiff, sides: { readonly original: string; readonly title: string }): Promise<H>;
    /** The right side as the user left it. */
    proposedText(handle: H): string | Promise<string>;
    /** Closes the editor without any save prompt; the review is over. */
    close(handle: H): Promise<void>;
    /** Typing goes on where it was (the CLI's terminal): after a delivered decision. */
    restoreFocus(handle: H): void;
    /** Tells the user something went wrong; with `copy`, offers *Copy Proposal* for that text. */
    notify(message: string, copy?: string): void;
    log(level: 'info' | 'warn', message: string): void;
}

export interface OpenReview<H> {
    readonly diff: PendingDiff;
    readonly handle: H;
}

interface ReviewState<H> extends OpenReview<H> {
    /** A decision is on its way to the CLI; the review stays open until it has arrived. */
    deciding: boolean;
    closed: boolean;
}

/** "src/app.ts ↔ proposed by Gemini CLI" */
export function reviewTitle(diff: PendingDiff): string {
    const name = diff.relativePath || diff.editorPath.split(/[\\/]/).pop() || diff.editorPath;
    return `${name} ↔ proposed by ${diff.clientName}`;
}

/**
 * The review of the CLIs' proposals, once for every adapter: one review per pending diff; accept (✓, save),
 * reject (✗, closing the tab); each decided once; the review stays open until the CLI has the decision, and
 * an accepted proposal that cannot arrive can be copied. A diff withdrawn while its editor was opening is
 * closed as soon as it opens. The IDE never writes the file, the CLI does.
 */
export class DiffReviewController<H> implements DiffView {
    private readonly reviews = new Map<string, ReviewState<H>>();
    private readonly opening = new Set<string>();
    /** Diffs withdrawn before or while their editor opened: they must not appear late. */
    private readonly withdrawn = new Set<string>();
    private readonly listeners = new Set<() => void>();

    constructor(private readonly surface: ReviewSurface<H>, private readonly resolve: DiffResolver) { }

    get openReviews(): OpenReview<H>[] {
        return [...this.reviews.values()];
    }

    find(predicate: (review: OpenReview<H>) => boolean): OpenReview<H> | undefined {
        return this.openReviews.find(predicate);
    }

    /** Fires when a review opens or ends. */
    onDidChange(listener: () => void): () => void {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }

    async show(diff: PendingDiff): Promise<void> {
        if (this.reviews.has(diff.id) || this.opening.has(diff.id) || this.withdrawn.delete(diff.id)) {
            return;
        }
        this.opening.add(diff.id);
        let handle: H;
        try {
            await this.surface.prepare?.(diff);
            const original = await this.surface.readFile(diff.editorPath) ?? '';
            handle = await this.surface.open(diff, { original, title: reviewTitle(diff) });
        } finally {
            this.opening.delete(diff.id);
        }
        const review: ReviewState<H> = { diff, handle, deciding: false, closed: false };
        this.reviews.set(diff.id, review);
        if (this.withdrawn.delete(diff.id)) {
            await this.closeReview(review); // the CLI gave up while the editor was opening
            return;
        }
        this.surface.log('info', `${diff.clientName} proposes a change to ${diff.relativePath}`);
        this.fire();
    }

    /** The backend closes a diff (the CLI's closeDiff, its session ended, a timeout): no decision, hand back the text. */
    async close(diffId: string): Promise<string | undefined> {
        const review = this.reviews.get(diffId);
        if (!review) {
            this.withdrawn.add(diffId);
            return undefined;
        }
        const content = await this.surface.proposedText(review.handle);
        await this.closeReview(review);
        return content;
    }

    /** ✓, save or the command: the right side as the user left it (or `content`, what a save wrote). */
    async accept(diffId: string, content?: string): Promise<void> {
        const review = this.reviews.get(diffId);
        if (review && !review.deciding && !review.closed) {
            await this.decide(review, { accepted: true, content: content ?? await this.surface.proposedText(review.handle) });
        }
    }

    async reject(diffId: string, via?: 'tab'): Promise<void> {
        const review = this.reviews.get(diffId);
        if (review) {
            await this.decide(review, via ? { accepted: false, via } : { accepted: false });
        }
    }

    /** The user closed the editor: a rejection, unless a decision or our own close is under way. */
    closedByUser(diffId: string): Promise<void> {
        return this.reject(diffId, 'tab');
    }

    /**
     * Sends the decision and closes the review only once the CLI has it. If it cannot arrive (the CLI is
     * gone), the user is told and can copy the proposal: nothing they approved is silently lost.
     */
    private async decide(review: ReviewState<H>, outcome: DiffOutcome): Promise<void> {
        if (review.deciding || review.closed) {
            return;
        }
        review.deciding = true;
        let delivery: DiffDelivery;
        try {
            delivery = await this.resolve(review.diff.id, outcome);
        } catch (error) {
            delivery = { delivered: false, reason: `The decision could not reach the backend: ${(error as Error).message}` };
        }
        await this.closeReview(review);
        const what = outcome.accepted ? 'accepted' : 'rejected';
        if (delivery.delivered) {
            this.surface.log('info', `${review.diff.relativePath}: ${what}, sent to ${review.diff.clientName}`);
            this.surface.restoreFocus(review.handle);
            if (delivery.note) {
                this.surface.notify(`${review.diff.relativePath}: ${delivery.note}`, outcome.accepted ? outcome.content : undefined);
            }
        } else if (outcome.accepted) {
            this.surface.log('warn', `${review.diff.filePath}: ${delivery.reason}`);
            this.surface.notify(`${review.diff.relativePath}: ${delivery.reason}`, outcome.content);
        } else {
            this.surface.log('info', `${review.diff.filePath}: rejection not delivered: ${delivery.reason}`);
        }
    }

    private async closeReview(review: ReviewState<H>): Promise<void> {
        if (review.closed) {
            return;
        }
        review.closed = true;
        this.reviews.delete(review.diff.id);
        try {
            await this.surface.close(review.handle);
        } finally {
            this.fire();
        }
    }

    private fire(): void {
        this.listeners.forEach(listener => listener());
    }
}
