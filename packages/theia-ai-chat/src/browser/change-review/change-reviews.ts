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
    /** The agent of the latest write (the review record counts the user's decisions per agent). */
    agentId?: string;
    /** The chat request (turn) of the latest write: a review of the last turn takes the files it wrote. */
    requestId?: string;
}

/** An undone hunk as the review remembers it: its key in the diff of the moment tells when Ctrl+Z brought it back. */
export interface UndoneEntry {
    readonly hunk: UndoneHunk;
    readonly key: string;
}

/**
 * What a file's review needs to come back after a reload or a restart, besides the change set's own before and
 * after: the kept hunks (in the baseline; absent when it is the original) and the hunks undone since the last prompt.
 */
export interface ReviewState {
    readonly baseline?: string;
    readonly undone?: readonly UndoneEntry[];
}

/** Decisions the user took (negative `undone`: a Ctrl+Z brought undone hunks back), for the per-agent record. */
export interface ReviewDecision {
    readonly review: FileReview;
    readonly kept: number;
    readonly undone: number;
}

/**
 * The review state of every file the agents wrote, per chat. Decisions live in the baseline, not in
 * a list of hunks, so a later write of the agent keeps them where its hunks did not change: a kept
 * hunk the agent leaves alone stays out of the review, one it rewrites comes back as a new hunk.
 */
export class ChangeReviews {
    protected readonly files = new Map<string, FileReview>();
    /** Per chat, the hunks undone since its last prompt, each with its key in the diff of the moment. */
    protected readonly undone = new Map<string, Array<UndoneEntry & { review: FileReview }>>();
    protected readonly onDidChangeEmitter = new Emitter<FileReview>();
    /** A file's baseline, text or waiting count changed. */
    readonly onDidChange = this.onDidChangeEmitter.event;
    protected readonly onDidDecideEmitter = new Emitter<ReviewDecision>();
    /** The user kept or undid hunks (or brought undone ones back). */
    readonly onDidDecide = this.onDidDecideEmitter.event;

    constructor(protected readonly diff: HunkDiff) { }

    get(chatSessionId: string, uri: string): FileReview | undefined {
        return this.files.get(key(chatSessionId, uri));
    }

    /** The chat's files with hunks waiting, in the order the agent first wrote them. */
    waitingFiles(chatSessionId: string): FileReview[] {
        return this.chatFiles(chatSessionId).filter(review => review.waiting > 0);
    }

    /** Every file the agents wrote in the chat, in the order they first wrote them. */
    chatFiles(chatSessionId: string): FileReview[] {
        return [...this.files.values()].filter(review => review.chatSessionId === chatSessionId);
    }

    /**
     * The agent wrote `after`; a file seen for the first time starts its review from `before`. A write `restored` with
     * its chat is one of the past: the undone hunks it has again were not brought back by the user (`restore` follows).
     */
    agentWrote(chatSessionId: string, uri: string, before: string, after: string, by: { agentId?: string; requestId?: string; restored?: boolean } = {}): FileReview {
        const review = this.get(chatSessionId, uri)
            ?? { chatSessionId, uri, original: before, baseline: before, current: before, waiting: 0 };
        review.agentId = by.agentId ?? review.agentId;
        review.requestId = by.requestId ?? review.requestId;
        this.files.set(key(chatSessionId, uri), review);
        return this.update(review, after, undefined, !by.restored);
    }

    /** The file's review as it is now, to be stored with the chat. */
    snapshot(review: FileReview): ReviewState {
        const undone = (this.undone.get(review.chatSessionId) ?? []).filter(entry => entry.review === review).map(({ hunk, key }) => ({ hunk, key }));
        return { ...review.baseline !== review.original ? { baseline: review.baseline } : {}, ...undone.length ? { undone } : {} };
    }

    /**
     * The review as stored with the chat: its kept hunks and the hunks undone since the last prompt. The same
     * state may come more than once (each turn's change-set entry of the file holds it): it replaces, never adds.
     */
    restore(review: FileReview, state: ReviewState): FileReview {
        review.baseline = typeof state.baseline === 'string' ? state.baseline : review.original;
        const others = (this.undone.get(review.chatSessionId) ?? []).filter(entry => entry.review !== review);
        const restored = (state.undone ?? []).filter(isUndoneEntry).map(entry => ({ review, hunk: entry.hunk, key: entry.key }));
        this.undone.set(review.chatSessionId, [...others, ...restored].slice(-MAX_UNDONE));
        // Counted against the agent's last text, which still has the undone hunks: they are not "brought back" until
        // the file itself (the caller reads it next) has them again.
        review.waiting = this.diff(review.baseline, review.current).length;
        this.onDidChangeEmitter.fire(review);
        return review;
    }

    /** The file's text now (an undo, the user's Ctrl+Z, their own typing), with the diff's hunks when the diff editor has them. */
    update(review: FileReview, current: string, hunks?: readonly LineChange[], forgetUndone = true): FileReview {
        const waiting = hunks ?? this.diff(review.baseline, current);
        if (review.current !== current || review.waiting !== waiting.length) {
            review.current = current;
            review.waiting = waiting.length;
            if (forgetUndone) {
                this.forgetUndoneThatCameBack(review, waiting);
            }
            this.onDidChangeEmitter.fire(review);
        }
        return review;
    }

    /** Keeps one hunk of `baseline` → `current` (as the diff showed it): the baseline takes its lines. */
    keep(review: FileReview, hunk: LineChange): string {
        const baseline = splitLines(review.baseline);
        review.baseline = applyLineEdit(baseline.lines, keepEdit(baseline.lines, splitLines(review.current).lines, hunk, baseline.eol), baseline.eol);
        review.waiting = -1; // recounted below, and the change fires even when the count stays (a hunk kept, another written)
        this.onDidDecideEmitter.fire({ review, kept: 1, undone: 0 });
        return this.update(review, review.current).baseline;
    }

    /** Keeps every hunk left: the review is done, the file stays as it is. */
    keepAll(review: FileReview): string {
        const kept = this.diff(review.baseline, review.current).length;
        review.baseline = review.current;
        review.waiting = -1;
        if (kept > 0) {
            this.onDidDecideEmitter.fire({ review, kept, undone: 0 });
        }
        return this.update(review, review.current).baseline;
    }

    /**
     * The user is undoing every hunk left of the file at `path`: each goes into the note. The hunks, of the diff
     * `baseline` → `current`, for the caller to put the baseline's lines back.
     */
    undoingAll(review: FileReview, path: string): LineChange[] {
        const hunks = this.diff(review.baseline, review.current);
        hunks.forEach(hunk => this.undoing(review, hunk, path));
        return hunks;
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
        this.onDidDecideEmitter.fire({ review, kept: 0, undone: 1 });
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
        const left = undone.filter(entry => entry.review !== review || !keys.has(entry.key));
        this.undone.set(review.chatSessionId, left);
        if (left.length < undone.length) {
            this.onDidDecideEmitter.fire({ review, kept: 0, undone: left.length - undone.length });
        }
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

function isUndoneEntry(entry: unknown): entry is UndoneEntry {
    const candidate = entry as UndoneEntry | undefined;
    return typeof candidate?.key === 'string' && typeof candidate.hunk?.path === 'string' && typeof candidate.hunk.line === 'number'
        && Array.isArray(candidate.hunk.agentLines) && Array.isArray(candidate.hunk.restoredLines);
}

function key(chatSessionId: string, uri: string): string {
    return JSON.stringify([chatSessionId, uri]);
}
