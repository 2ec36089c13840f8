/**
 * What the agents asked the user (a permission, a form), waiting for the answer: each request under an id of its own,
 * settled once, withdrawn with `withdrawnResponse` when the agent's signal aborts (also a signal aborted before the
 * request came: nothing would ever answer it), and all of a chat session's answered that way at once (Stop, the turn
 * ended, the window went). Which answer may go back is the feature's to check (`get`, then `settle`).
 */
export class PendingRequests<Request, Response> {
    private readonly pending = new Map<string, { readonly chatSessionId: string; readonly request: Request; readonly settle: (response: Response) => void }>();
    private next = 0;

    constructor(private readonly idPrefix: string, private readonly withdrawnResponse: Response) { }

    /** Registers a request; `answer` resolves with the response it is settled with, `onSettled` is told its id first. */
    add(chatSessionId: string, request: Request, signal: AbortSignal, onSettled: (id: string) => void): { id: string; answer: Promise<Response> } {
        const id = `${this.idPrefix}-${++this.next}`;
        const answer = new Promise<Response>(resolve => {
            const settle = (response: Response) => {
                if (this.pending.delete(id)) {
                    signal.removeEventListener('abort', withdrawn);
                    onSettled(id);
                    resolve(response);
                }
            };
            const withdrawn = () => settle(this.withdrawnResponse);
            if (signal.aborted) {
                setTimeout(withdrawn, 0);
            }
            signal.addEventListener('abort', withdrawn, { once: true });
            this.pending.set(id, { chatSessionId, request, settle });
        });
        return { id, answer };
    }

    /** The open request of that id (anything the window sent as one), or undefined. */
    get(id: unknown): Request | undefined {
        return typeof id === 'string' ? this.pending.get(id)?.request : undefined;
    }

    /** Sends the response; false when the request is no longer open. */
    settle(id: string, response: Response): boolean {
        const entry = this.pending.get(id);
        entry?.settle(response);
        return !!entry;
    }

    /** Every open request of the chat session (of every session, without one) answered with `withdrawnResponse`. */
    cancelAll(chatSessionId?: string): void {
        for (const entry of [...this.pending.values()]) {
            if (chatSessionId === undefined || entry.chatSessionId === chatSessionId) {
                entry.settle(this.withdrawnResponse);
            }
        }
    }

    get size(): number {
        return this.pending.size;
    }
}
