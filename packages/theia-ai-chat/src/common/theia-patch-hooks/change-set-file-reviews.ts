import type { Event } from '@theia/core/lib/common/event';
import type URI from '@theia/core/lib/common/uri';

/** Called by the change-set element's patch (theia-patches/change-set-element.ts): the hunk review of each file. */
export const ChangeSetFileReviews = Symbol('ChangeSetFileReviews');
export interface ChangeSetFileReviews {
    /** Fires for a file's review (`uri` as a string) when its hunks change. */
    readonly onDidChange: Event<{ readonly chatSessionId: string; readonly uri: string }>;
    /** The agent wrote the file (`before`: its text before the agent's first write in this chat). */
    agentWrote(chatSessionId: string, uri: URI, before: string, after: string): unknown;
    /** How many of the file's hunks still wait; undefined without a review. */
    waiting(chatSessionId: string, uri: URI): number | undefined;
    /** Opens the file's review. */
    open(chatSessionId: string, uri: URI): Promise<unknown>;
    /** The change-set entry reverted the file. */
    reverted(chatSessionId: string, uri: URI): void;
}
