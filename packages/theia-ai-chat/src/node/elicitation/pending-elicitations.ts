import type * as acp from '@agentclientprotocol/sdk';
import { AcpElicitationAnswer, AcpElicitationForm } from '../../common/elicitation/acp-elicitation';
import { checkFormAnswer } from '../../common/elicitation/elicitation-answer-check';

interface Pending {
    readonly chatSessionId: string;
    /** Absent for a URL request: its accept carries no content. */
    readonly form?: AcpElicitationForm;
    readonly resolve: (response: acp.CreateElicitationResponse) => void;
}

const CANCELLED: acp.CreateElicitationResponse = { action: 'cancel' };

/**
 * Forms (and links) the agents asked the user about, waiting for the answer. An `accept` is sent only with
 * content that fits the form the agent asked for; whatever the window sends otherwise is refused here.
 */
export class PendingElicitations {
    private readonly pending = new Map<string, Pending>();
    private next = 0;

    /** Registers a request; resolves with the answer, or `cancel` when the agent withdrew it (or Stop). */
    add(chatSessionId: string, form: AcpElicitationForm | undefined, signal: AbortSignal,
        onSettled: (elicitationId: string) => void): { elicitationId: string; answer: Promise<acp.CreateElicitationResponse> } {
        const elicitationId = `acp-elicitation-${++this.next}`;
        const answer = new Promise<acp.CreateElicitationResponse>(resolve => {
            const settle = (response: acp.CreateElicitationResponse) => {
                if (this.pending.delete(elicitationId)) {
                    signal.removeEventListener('abort', withdrawn);
                    onSettled(elicitationId);
                    resolve(response);
                }
            };
            const withdrawn = () => settle(CANCELLED);
            if (signal.aborted) {
                setTimeout(withdrawn, 0);
            }
            signal.addEventListener('abort', withdrawn, { once: true });
            this.pending.set(elicitationId, { chatSessionId, form, resolve: settle });
        });
        return { elicitationId, answer };
    }

    /** The user's answer; an error text (and the request keeps waiting) when it is unknown or does not fit the form. */
    answer(elicitationId: string, answer: AcpElicitationAnswer): string | undefined {
        const entry = typeof elicitationId === 'string' ? this.pending.get(elicitationId) : undefined;
        if (!entry) {
            return 'The question is no longer open.';
        }
        const action = (answer as { action?: unknown } | undefined)?.action;
        if (action === 'decline' || action === 'cancel') {
            entry.resolve({ action });
            return undefined;
        }
        if (action !== 'accept') {
            return 'The answer is accept, decline or cancel.';
        }
        if (!entry.form) {
            entry.resolve({ action: 'accept' });
            return undefined;
        }
        const checked = checkFormAnswer(entry.form, (answer as { content?: unknown }).content ?? {});
        if ('errors' in checked) {
            return Object.entries(checked.errors).map(([name, problem]) => name ? `${name}: ${problem}` : problem).join(' ');
        }
        entry.resolve({ action: 'accept', content: checked.content });
        return undefined;
    }

    /** Stop, the turn ended, or the window went: every open question of the chat session answered `cancel`. */
    cancelAll(chatSessionId?: string): void {
        for (const entry of [...this.pending.values()]) {
            if (chatSessionId === undefined || entry.chatSessionId === chatSessionId) {
                entry.resolve(CANCELLED);
            }
        }
    }

    get size(): number {
        return this.pending.size;
    }
}
