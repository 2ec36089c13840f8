/** What a review of all changes walks: every file of the chat, or those its last turn wrote. */
export type ReviewScope = 'chat' | 'lastTurn';

/**
 * Review All: the files of a chat (or of its last turn) in the order the agents first wrote them, reviewed one
 * after the other in each file's review diff. The walk only orders and counts; the files' reviews hold the hunks.
 */
export class ReviewWalk {
    constructor(readonly chatSessionId: string, readonly scope: ReviewScope, readonly uris: readonly string[]) { }

    includes(chatSessionId: string, uri: string): boolean {
        return chatSessionId === this.chatSessionId && this.uris.includes(uri);
    }

    /**
     * The file after `from` (before it, for -1) that has hunks waiting, round the walk and back to `from` itself
     * last; from no file: the first (or last) that waits. Undefined when none waits.
     */
    nextFile(from: string | undefined, direction: 1 | -1, waiting: (uri: string) => number): string | undefined {
        const ordered = direction === 1 ? [...this.uris] : [...this.uris].reverse();
        const at = from === undefined ? -1 : ordered.indexOf(from);
        const around = [...ordered.slice(at + 1), ...ordered.slice(0, at + 1)];
        return around.find(uri => uri !== from && waiting(uri) > 0) ?? (from !== undefined && waiting(from) > 0 ? from : undefined);
    }

    /** "file 2 of 5 · 3 hunks waiting here, 7 in all" for the review of `uri`. */
    status(uri: string, waiting: (uri: string) => number): string {
        const here = Math.max(0, waiting(uri));
        const all = this.uris.reduce((sum, each) => sum + Math.max(0, waiting(each)), 0);
        const scope = this.scope === 'chat' ? 'All changes of the chat' : 'Changes of the last turn';
        return `${scope}: file ${this.uris.indexOf(uri) + 1} of ${this.uris.length} · ${hunks(here)} waiting here, ${all} in all`;
    }
}

export function hunks(count: number): string {
    return `${count} ${count === 1 ? 'hunk' : 'hunks'}`;
}
