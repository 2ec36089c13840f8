import type * as acp from '@agentclientprotocol/sdk';
import { AcpElicitationAnswer, AcpElicitationForm } from '../../common/elicitation/acp-elicitation';
import { checkFormAnswer } from '../../common/elicitation/elicitation-answer-check';
import { PendingRequests } from '../agents/pending-requests';

const CANCELLED: acp.CreateElicitationResponse = { action: 'cancel' };

/**
 * Forms (and links) the agents asked the user about, waiting for the answer. An `accept` is sent only with
 * content that fits the form the agent asked for; whatever the window sends otherwise is refused here.
 */
export class PendingElicitations {
    /** Per request its form; none for a URL request (its accept carries no content). */
    private readonly requests = new PendingRequests<{ readonly form?: AcpElicitationForm }, acp.CreateElicitationResponse>('acp-elicitation', CANCELLED);

    /** Registers a request; resolves with the answer, or `cancel` when the agent withdrew it (or Stop). */
    add(chatSessionId: string, form: AcpElicitationForm | undefined, signal: AbortSignal,
        onSettled: (elicitationId: string) => void): { elicitationId: string; answer: Promise<acp.CreateElicitationResponse> } {
        const { id, answer } = this.requests.add(chatSessionId, { form }, signal, onSettled);
        return { elicitationId: id, answer };
    }

    /** The user's answer; an error text (and the request keeps waiting) when it is unknown or does not fit the form. */
    answer(elicitationId: string, answer: AcpElicitationAnswer): string | undefined {
        const request = this.requests.get(elicitationId);
        if (!request) {
            return 'The question is no longer open.';
        }
        const action = (answer as { action?: unknown } | undefined)?.action;
        if (action === 'decline' || action === 'cancel') {
            this.requests.settle(elicitationId, { action });
            return undefined;
        }
        if (action !== 'accept') {
            return 'The answer is accept, decline or cancel.';
        }
        if (!request.form) {
            this.requests.settle(elicitationId, { action: 'accept' });
            return undefined;
        }
        const checked = checkFormAnswer(request.form, (answer as { content?: unknown }).content ?? {});
        if ('errors' in checked) {
            return Object.entries(checked.errors).map(([name, problem]) => name ? `${name}: ${problem}` : problem).join(' ');
        }
        this.requests.settle(elicitationId, { action: 'accept', content: checked.content });
        return undefined;
    }

    /** Stop, the turn ended, or the window went: every open question of the chat session answered `cancel`. */
    cancelAll(chatSessionId?: string): void {
        this.requests.cancelAll(chatSessionId);
    }

    get size(): number {
        return this.requests.size;
    }
}
