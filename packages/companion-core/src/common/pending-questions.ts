/**
 * Questions an agent waits on outside the companion's diff editors (a permission request in Theia's AI
 * chat, say). An adapter that asks them binds a `PendingQuestionSource`; the companion's pending-review
 * status item and notification count them with the proposed diffs. The contract lives here because
 * adapters never import each other; it is plain TypeScript (the core has no editor API), and its
 * `onDidChange` has the shape of a Theia `Event`.
 */
export interface PendingQuestion {
    readonly id: string;
    /** Who asks, as the user knows it ("Gemini CLI"). */
    readonly askedBy: string;
    /** What it is about, one line ("Write hello.txt"). */
    readonly about: string;
    readonly askedAt: number;
    /** Where the user answers it, for a notification: "in the chat" unless said ("in its terminal"). */
    readonly answerIn?: string;
}

export interface PendingQuestionSource {
    readonly pendingQuestions: readonly PendingQuestion[];
    readonly onDidChangePendingQuestions: (listener: () => void) => { dispose(): void };
    /** Brings the question into view (its chat, focused). */
    revealPendingQuestion(id: string): Promise<void>;
}

/** The DI service identifier (a contribution point: any number of sources). */
export const PendingQuestionSource = Symbol('PendingQuestionSource');
