import { Emitter, Event } from '@theia/core';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';

/**
 * What one turn shows of a flooding agent (issue 21: one 1 MB chunk gave no answer for minutes; 40,000
 * tool calls made 40,000 cards, a 663 MB heap and a dropped socket). Past these the rest is counted.
 */
export const TURN_LIMITS = {
    /** Message text rendered as markdown per turn; the rest opens in an editor ("Show all"). */
    shownTextChars: 256 * 1024,
    /** Message text kept per turn for "Show all". */
    keptTextChars: 16 * 1024 * 1024,
    /** Tool-call cards per turn; later calls count in one line (a call that asks permission is always shown). */
    toolCards: 100,
    /** Characters of one text the agent put on a card (title, output, diff side, plan entry, thought). */
    cardTextChars: 64 * 1024
};

/** Cuts an agent's text for a card, saying how much was left out. */
export function capCardText(text: string, max = TURN_LIMITS.cardTextChars): string {
    return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters not shown)`;
}

abstract class CountingContent implements ChatResponseContent {
    abstract readonly kind: string;
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange: Event<void> = this.onDidChangeEmitter.event;

    changed(): void {
        this.onDidChangeEmitter.fire();
    }

    abstract asString(): string;
}

/** The turn's tool calls past the card limit: how many, by status. */
export class AcpHiddenToolCallsContent extends CountingContent {
    readonly kind = 'acpHiddenToolCalls';
    readonly statuses = new Map<string, string>();

    get count(): number {
        return this.statuses.size;
    }

    byStatus(): Array<[string, number]> {
        const counts = new Map<string, number>();
        this.statuses.forEach(status => counts.set(status, (counts.get(status) ?? 0) + 1));
        return [...counts];
    }

    asString(): string {
        return `${this.count} more tool calls not shown`;
    }
}

/** The turn's message text past the shown limit: its size, and the whole text for an editor. */
export class AcpTruncatedTextContent extends CountingContent {
    readonly kind = 'acpTruncatedText';
    hiddenChars = 0;
    /** Text that came past even the kept limit, lost. */
    droppedChars = 0;

    constructor(readonly turnId: string, readonly fullText: () => string) {
        super();
    }

    asString(): string {
        return `[${this.hiddenChars} more characters of the answer not shown]`;
    }
}
