import { Emitter } from '@theia/core/lib/common/event';
import { LineChange, applyLineEdit, keepEdit, splitLines } from '@ai-cli-companion/core/editor-shared';

/** A line diff of two texts as the diff editor shows it (Monaco's computer in the window, a stand-in in specs). */
export type HunkDiff = (original: string, modified: string) => LineChange[];

/**
 * One file of a chat's change set under review. The review diff is `baseline` against the file now:
 * the baseline is the text before the agent's first write in this chat with every hunk the user kept
 * taken in, so a kept hunk leaves the review, an undone one leaves it because the file has its old
 * lines again, and whatever is left is waiting.
 */
export interface FileReview {
    readonly chatSessionId: string;
    readonly uri: string;
    /** Before the agent's first write in this chat: what a whole-file Revert restores. */
    readonly original: string;
    baseline: string;
    current: string;
    waiting: number;
}

/**
 * The review state of every file the agents wrote, per chat. Decisions live in the baseline, not in
 * a list of hunks, so a later write of the agent keeps them where its hunks did not change: a kept
 * hunk the agent leaves alone stays out of the review, one it rewrites comes back as a new hunk.
 */
export class ChangeReviews {
    protected readonly files = new Map<string, FileReview>();
    protected readonly onDidChangeEmitter = new Emitter<FileReview>();
    /** A file's baseline, text or waiting count changed. */
    readonly onDidChange = this.onDidChangeEmitter.event;

    constructor(protected readonly diff: HunkDiff) { }

    get(chatSessionId: string, uri: string): FileReview | undefined {
        return this.files.get(key(chatSessionId, uri));
    }

    /** The agent wrote `after`; a file seen for the first time starts its review from `before`. */
    agentWrote(chatSessionId: string, uri: string, before: string, after: string): FileReview {
        const review = this.get(chatSessionId, uri)
            ?? { chatSessionId, uri, original: before, baseline: before, current: before, waiting: 0 };
        this.files.set(key(chatSessionId, uri), review);
        return this.update(review, after);
    }

    /** The file's text now (an undo, the user's Ctrl+Z, their own typing), with the diff's hunks when the diff editor has them. */
    update(review: FileReview, current: string, hunks?: readonly LineChange[]): FileReview {
        const waiting = (hunks ?? this.diff(review.baseline, current)).length;
        if (review.current !== current || review.waiting !== waiting) {
            review.current = current;
            review.waiting = waiting;
            this.onDidChangeEmitter.fire(review);
        }
        return review;
    }

    /** Keeps one hunk of `baseline` → `current` (as the diff showed it): the baseline takes its lines. */
    keep(review: FileReview, hunk: LineChange): string {
        const baseline = splitLines(review.baseline);
        review.baseline = applyLineEdit(baseline.lines, keepEdit(baseline.lines, splitLines(review.current).lines, hunk, baseline.eol), baseline.eol);
        review.waiting = -1; // recounted below, and the change fires even when the count stays (a hunk kept, another written)
        return this.update(review, review.current).baseline;
    }

    /** Keeps every hunk left: the review is done, the file stays as it is. */
    keepAll(review: FileReview): string {
        review.baseline = review.current;
        review.waiting = -1;
        return this.update(review, review.current).baseline;
    }

    /** The whole file went back to its original (Revert): its review starts again from there. */
    reverted(review: FileReview): void {
        review.baseline = review.original;
        review.waiting = -1;
        this.update(review, review.original);
    }

    /** The chat is gone: so is the review of its files. */
    deleteChat(chatSessionId: string): void {
        for (const [id, review] of this.files) {
            if (review.chatSessionId === chatSessionId) {
                this.files.delete(id);
            }
        }
    }
}

function key(chatSessionId: string, uri: string): string {
    return JSON.stringify([chatSessionId, uri]);
}
