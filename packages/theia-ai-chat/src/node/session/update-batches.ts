import { AcpChatClient, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { chatSessionKey } from '../../common/chat-session-key';

/** Runs `callback` once, later; the returned function cancels it. */
export type BatchScheduler = (callback: () => void) => () => void;

export const UPDATE_BATCHES = {
    /** How long updates gather after one was sent: a stream costs one notification per window, not one per update. */
    windowMs: 4,
    /** At most this many updates in one notification. */
    maxUpdates: 256,
    /** About this many characters of the agent's strings in one notification (a single larger update goes alone). */
    maxChars: 256 * 1024
};

const timerScheduler: BatchScheduler = callback => {
    const timer = setTimeout(callback, UPDATE_BATCHES.windowMs);
    return () => clearTimeout(timer);
};

interface Queued {
    readonly chatSessionId: string;
    readonly agentId: string;
    readonly update: AcpSessionUpdate;
}

/**
 * `session/update`s on their way to the window, sent in batches (issue 21: 40,000 tool calls were
 * 40,000 RPC notifications, hundreds of long tasks in the page). The first update after a quiet window
 * goes at once, so a first token or a lone chunk waits for nothing; what comes while the window is open
 * is sent together when it closes. `flush()` sends what waits now: before anything else goes to the
 * window, so the window sees everything in the order the agents sent it.
 */
export class SessionUpdateBatches {
    private queue: Queued[] = [];
    private queuedChars = 0;
    private cancelWindow: (() => void) | undefined;

    constructor(private readonly send: (chatSessionId: string, agentId: string, updates: AcpSessionUpdate[]) => void,
        private readonly schedule: BatchScheduler = timerScheduler, private readonly limits = UPDATE_BATCHES) { }

    add(chatSessionId: string, agentId: string, update: AcpSessionUpdate): void {
        if (!this.cancelWindow) {
            this.send(chatSessionId, agentId, [update]);
            this.openWindow();
            return;
        }
        const chars = approximateChars(update);
        if (this.queue.length > 0 && this.queuedChars + chars > this.limits.maxChars) {
            this.flush();
        }
        this.queue.push({ chatSessionId, agentId, update });
        this.queuedChars += chars;
        if (this.queue.length >= this.limits.maxUpdates || this.queuedChars >= this.limits.maxChars) {
            this.flush();
        }
    }

    /** Sends what waits, one notification per run of the same session's updates. */
    flush(): void {
        const queue = this.queue;
        this.queue = [];
        this.queuedChars = 0;
        let start = 0;
        for (let i = 1; i <= queue.length; i++) {
            const first = queue[start];
            if (i === queue.length || chatSessionKey(queue[i].chatSessionId, queue[i].agentId) !== chatSessionKey(first.chatSessionId, first.agentId)) {
                this.send(first.chatSessionId, first.agentId, queue.slice(start, i).map(queued => queued.update));
                start = i;
            }
        }
    }

    /** The window is gone: nothing more is sent. */
    dispose(): void {
        this.cancelWindow?.();
        this.cancelWindow = undefined;
        this.queue = [];
        this.queuedChars = 0;
    }

    private openWindow(): void {
        this.cancelWindow = this.schedule(() => {
            this.cancelWindow = undefined;
            if (this.queue.length > 0) {
                this.flush();
                // Still streaming: what comes next waits for the next window too.
                this.openWindow();
            }
        });
    }
}

/**
 * The client the chat service talks to: updates go through `batches`, and every other call (a permission
 * request, a file read, terminal output, whatever the protocol adds) first sends the updates that wait.
 */
export function updateOrderedClient(client: AcpChatClient, batches: SessionUpdateBatches): AcpChatClient {
    return new Proxy(client, {
        get(target, property, receiver) {
            if (property === 'onSessionUpdate') {
                return (chatSessionId: string, agentId: string, update: AcpSessionUpdate) => batches.add(chatSessionId, agentId, update);
            }
            const value = Reflect.get(target, property, receiver);
            if (typeof value !== 'function' || property === 'onSessionUpdates' || property === 'then') {
                return value;
            }
            return (...args: unknown[]) => {
                batches.flush();
                return value.apply(target, args);
            };
        }
    });
}

/** The length of an update's strings, looked at a few levels deep and a few hundred values wide: cheap, and enough for a cap. */
function approximateChars(update: unknown): number {
    let chars = 0;
    let budget = 512;
    const walk = (value: unknown, depth: number): void => {
        if (typeof value === 'string') {
            chars += value.length;
        } else if (depth < 5 && typeof value === 'object' && value !== null) {
            for (const key in value) {
                if (budget-- <= 0) {
                    return;
                }
                walk((value as Record<string, unknown>)[key], depth + 1);
            }
        }
    };
    walk(update, 0);
    return chars;
}
