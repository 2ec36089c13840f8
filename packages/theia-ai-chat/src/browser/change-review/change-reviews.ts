import { Emitter } from '@theia/core/lib/common/event';
import { LineChange, applyLineEdit, blockKey, keepEdit, splitLines } from '@ai-cli-companion/core/editor-shared';
import { UndoneHunk, undoneHunk } from './review-note';

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
    /** Per chat, the hunks undone since its last prompt, each with its key in the diff of the moment. */
    protected readonly undone = new Map<string, Array<{ review: FileReview; hunk: UndoneHunk; key: string }>>();
    protected readonly onDidChangeEmitter = new Emitter<FileReview>();
    /** A file's baseline, text or waiting count changed. */
    readonly onDidChange = this.onDidChangeEmitter.event;

    constructor(protected readonly diff: HunkDiff) { }

    get(chatSessionId: string, uri: string): FileReview | undefined {
        return this.files.get(key(chatSessionId, uri));
    }

    /** The chat's files with hunks waiting, in the order the agent first wrote them. */
    waitingFiles(chatSessionId: string): FileReview[] {
        return [...this.files.values()].filter(review => review.chatSessionId === chatSessionId && review.waiting > 0);
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
        const waiting = hunks ?? this.diff(review.baseline, current);
        if (review.current !== current || review.waiting !== waiting.length) {
            review.current = current;
            review.waiting = waiting.length;
            this.forgetUndoneThatCameBack(review, waiting);
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

    /** The user is undoing `hunk` (of the diff `baseline` → `current` before the undo) of the file at `path`, for `reason` if given. */
    undoing(review: FileReview, hunk: LineChange, path: string, reason?: string): void {
        const original = splitLines(review.baseline).lines;
        const modified = splitLines(review.current).lines;
        const undone = this.undone.get(review.chatSessionId) ?? [];
        undone.push({ review, hunk: undoneHunk(path, original, modified, hunk, reason), key: blockKey(original, modified, hunk) });
        this.undone.set(review.chatSessionId, undone.slice(-MAX_UNDONE));
    }

    /** The chat's undone hunks since its last prompt, oldest first. */
    undoneHunks(chatSessionId: string): UndoneHunk[] {
        return (this.undone.get(chatSessionId) ?? []).map(({ hunk }) => hunk);
    }

    /** An undone hunk the user's Ctrl+Z (or the agent) brought back waits in the review again: it is no longer undone. */
    protected forgetUndoneThatCameBack(review: FileReview, waiting: readonly LineChange[]): void {
        const undone = this.undone.get(review.chatSessionId);
        if (!undone?.some(entry => entry.review === review)) {
            return;
        }
        const original = splitLines(review.baseline).lines;
        const modified = splitLines(review.current).lines;
        const keys = new Set(waiting.map(hunk => blockKey(original, modified, hunk)));
        this.undone.set(review.chatSessionId, undone.filter(entry => entry.review !== review || !keys.has(entry.key)));
    }

    /** The agent was told (the chat's next prompt carried the note): the next note starts empty. */
    noteSent(chatSessionId: string): void {
        this.undone.delete(chatSessionId);
    }

    /** The chat is gone: so is the review of its files. */
    deleteChat(chatSessionId: string): void {
        this.undone.delete(chatSessionId);
        for (const [id, review] of this.files) {
            if (review.chatSessionId === chatSessionId) {
                this.files.delete(id);
            }
        }
    }
}

/** Undone hunks remembered per chat until its next prompt (the note shows at most NOTE_LIMITS.hunks of them). */
const MAX_UNDONE = 100;

function key(chatSessionId: string, uri: string): string {
    return JSON.stringify([chatSessionId, uri]);
}
