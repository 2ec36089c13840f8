/**
 * One prompt turn at a time in an ACP session. A new chat request cancels the running one (Theia's
 * `sendRequest`), but that turn ends only when the agent answers its prompt, behind every update the
 * agent sent before it: after a flood of 20,000 tool calls, seconds later. Until then its updates are
 * its own; and its end handed the session back to the session state while the next turn was already
 * listening, so the next prompt's answer was never shown (issue 29 part 11).
 */
export class TurnGate {
    private current: Promise<unknown> | undefined;

    /** Whether a turn's prompt is still unanswered: a prompt sent now would overlap it. */
    get busy(): boolean {
        return this.current !== undefined;
    }

    /** Runs `turn` once the turns before it have ended (however they ended). */
    async run<T>(turn: () => Promise<T>): Promise<T> {
        // Each waiter that wakes checks again: the first to wake has started its turn by then.
        while (this.current) {
            await this.current.catch(() => undefined);
        }
        const running = turn();
        this.current = running;
        try {
            return await running;
        } finally {
            if (this.current === running) {
                this.current = undefined;
            }
        }
    }
}
