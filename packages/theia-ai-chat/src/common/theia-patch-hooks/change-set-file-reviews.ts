import type { Event } from '@theia/core/lib/common/event';
import type URI from '@theia/core/lib/common/uri';

/** Called by the change-set element's patch (theia-patches/change-set-element.ts): the hunk review of each file. */
export const ChangeSetFileReviews = Symbol('ChangeSetFileReviews');
export interface ChangeSetFileReviews {
    /** Fires for a file's review (`uri` as a string) when its hunks change. */
    readonly onDidChange: Event<{ readonly chatSessionId: string; readonly uri: string }>;
    /**
     * The agent wrote the file (`before`: its text before the agent's first write in this chat); `by`: the agent and
     * the chat request of the write, when known, and whether the write comes back with its restored chat.
     */
    agentWrote(chatSessionId: string, uri: URI, before: string, after: string, by?: { agentId?: string; requestId?: string; restored?: boolean }): unknown;
    /** The file's review as the chat stores it (JSON); undefined without a review. */
    stored(chatSessionId: string, uri: URI): object | undefined;
    /** The chat was restored (a reload, a restart) with the file's stored review. */
    restored(chatSessionId: string, uri: URI, stored: object): void;
    /** How many of the file's hunks still wait; undefined without a review. */
    waiting(chatSessionId: string, uri: URI): number | undefined;
    /** Opens the file's review. */
    open(chatSessionId: string, uri: URI): Promise<unknown>;
    /** The change-set entry reverted the file. */
    reverted(chatSessionId: string, uri: URI): void;
}
