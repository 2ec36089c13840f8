/** A diff a window shows and the user has not decided on yet. */
export interface PendingDiff {
    readonly sessionId: string;
    readonly filePath: string;
}

/**
 * The diffs one window shows, so that the window's end can answer them: a CLI that asked for a
 * diff waits for ide/diffAccepted or ide/diffRejected with no time limit.
 */
export class PendingDiffs {
    protected readonly diffs = new Map<string, PendingDiff>();

    add(diff: PendingDiff): void {
        this.diffs.set(this.key(diff), { sessionId: diff.sessionId, filePath: diff.filePath });
    }

    /** Decided, or closed by the CLI itself. */
    delete(diff: PendingDiff): void {
        this.diffs.delete(this.key(diff));
    }

    /** The session ended: its diffs have nobody left to answer. */
    deleteSession(sessionId: string): void {
        for (const [key, diff] of this.diffs) {
            if (diff.sessionId === sessionId) {
                this.diffs.delete(key);
            }
        }
    }

    /** Removes and returns every pending diff. */
    drain(): PendingDiff[] {
        const all = [...this.diffs.values()];
        this.diffs.clear();
        return all;
    }

    protected key(diff: PendingDiff): string {
        // The CLI matches notifications on the verbatim path; NUL can be in neither part.
        return `${diff.sessionId}\u0000${diff.filePath}`;
    }
}
