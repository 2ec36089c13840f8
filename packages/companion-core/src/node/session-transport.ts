import type { ServerResponse } from 'http';
import { SseWriter, writeJson } from '@ai-cli-companion/node-base';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MessageKind, RequestId, messageId } from '../common/json-rpc';

/** Ordinary server-to-client messages kept while the stream is away or full; the oldest goes first. */
const MAX_QUEUED_MESSAGES = 100;

/**
 * How an event may be queued: only the newest `context` matters, a `decision` (ide/diffAccepted,
 * ide/diffRejected) is never dropped (the CLI would wait for it forever), any other `message` is
 * dropped oldest-first past MAX_QUEUED_MESSAGES.
 */
export type EventKind = 'context' | 'decision' | 'message';

interface QueuedEvent {
    readonly text: string;
    readonly kind: EventKind;
}

interface PendingPost {
    readonly response: ServerResponse;
    readonly batch: boolean;
    readonly ids: RequestId[];
    readonly replies: Map<RequestId, JSONRPCMessage>;
}

/**
 * The server side of one Streamable HTTP session, written against Node's http objects directly:
 * POSTed requests are answered with one JSON body once every reply is in, everything else the
 * server sends travels on the session's single GET event stream.
 */
export class SessionTransport implements Transport {
    onmessage?: (message: JSONRPCMessage) => void;
    onclose?: () => void;
    onerror?: (error: Error) => void;
    /** Answers some requests directly once the session is initialised; undefined means "let the protocol do it". */
    fastPath?: (message: JSONRPCMessage, signal: AbortSignal) => Promise<JSONRPCMessage> | undefined;

    private stream: SseWriter | undefined;
    private readonly queue: QueuedEvent[] = [];
    private readonly fastRequests = new Map<RequestId, AbortController>();
    private readonly pending = new Map<RequestId, PendingPost>();
    private closed = false;
    private initializeId: RequestId | undefined;
    private initialized = false;
    private streamListeners: Array<(open: boolean) => void> = [];
    private closeListeners: Array<() => void> = [];

    /** `keepAliveMs`: an SSE comment after this long without a write (the clients' idle limit is 300 s). */
    constructor(readonly sessionId: string, private readonly options: { keepAliveMs?: number } = {}) { }

    async start(): Promise<void> { }

    get hasStream(): boolean {
        return this.stream !== undefined;
    }

    get isClosed(): boolean {
        return this.closed;
    }

    onStreamChange(listener: (open: boolean) => void): void {
        this.streamListeners.push(listener);
    }

    /**
     * True once the session has an event stream (at once if it has one), false if the session closes
     * first: a client whose stream dropped reconnects within about a second, a dead one never does.
     */
    whenStreamOpen(): Promise<boolean> {
        if (this.stream || this.closed) {
            return Promise.resolve(!!this.stream);
        }
        return new Promise(resolve => {
            // Both listeners go once either fires: a session may wait for its stream many times.
            const opened = (open: boolean) => open && settle(true);
            const closed = () => settle(false);
            const settle = (result: boolean) => {
                this.streamListeners = this.streamListeners.filter(listener => listener !== opened);
                this.closeListeners = this.closeListeners.filter(listener => listener !== closed);
                resolve(result);
            };
            this.streamListeners.push(opened);
            this.closeListeners.push(closed);
        });
    }

    async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
        if (this.closed) {
            return;
        }
        const id = messageId(message);
        if (id !== undefined && !('method' in message)) {
            this.collectReply(id, message);
            return;
        }
        this.sendEvent(toSseEvent(message));
    }

    /** Sends an already-serialised SSE event; lets a broadcast serialise once for all sessions. */
    sendEvent(text: string, kind: EventKind = 'message'): void {
        if (this.closed) {
            return;
        }
        if (this.stream && !this.stream.isBlocked && this.queue.length === 0) {
            this.write(text);
            return;
        }
        this.enqueue({ text, kind });
    }

    /** Events waiting for the stream (or for it to drain), for status and tests. */
    get queuedEvents(): ReadonlyArray<{ kind: EventKind }> {
        return this.queue;
    }

    private enqueue(event: QueuedEvent): void {
        if (event.kind === 'context') {
            const stale = this.queue.findIndex(queued => queued.kind === 'context');
            if (stale >= 0) {
                this.queue.splice(stale, 1);
            }
        } else if (event.kind === 'message' && this.queue.filter(queued => queued.kind === 'message').length >= MAX_QUEUED_MESSAGES) {
            this.queue.splice(this.queue.findIndex(queued => queued.kind === 'message'), 1);
        }
        this.queue.push(event);
    }

    /** Writes queued events until the stream's buffer is full; the rest waits for 'drain'. */
    private flush(): void {
        while (this.stream && !this.stream.isBlocked && this.queue.length > 0) {
            this.write(this.queue.shift()!.text);
        }
    }

    /** Only while the stream keeps up: a full one waits for 'drain' here, where the queue can still drop. */
    private write(text: string): void {
        const stream = this.stream!;
        void stream.write(text);
        if (stream.isBlocked) {
            stream.whenDrained(() => this.stream === stream && stream.isOpen && this.flush());
        }
    }

    /** Feeds POSTed messages to the protocol; answers 202 at once when none of them is a request. */
    handlePost(messages: JSONRPCMessage[], kinds: MessageKind[], batch: boolean, response: ServerResponse): void {
        const ids: RequestId[] = [];
        messages.forEach((message, index) => {
            if (kinds[index] === 'request') {
                ids.push(messageId(message)!);
            }
        });
        const duplicate = ids.find((id, index) => this.pending.has(id) || ids.indexOf(id) !== index);
        if (duplicate !== undefined) {
            writeJson(response, 400, { jsonrpc: '2.0', error: { code: -32600, message: `Invalid Request: request id ${duplicate} is already in use` }, id: null }, { 'mcp-session-id': this.sessionId });
            return;
        }
        if (ids.length === 0) {
            response.writeHead(202, { 'mcp-session-id': this.sessionId }).end();
        } else {
            const post: PendingPost = { response, batch, ids, replies: new Map() };
            ids.forEach(id => this.pending.set(id, post));
            response.once('close', () => ids.forEach(id => this.pending.get(id) === post && this.pending.delete(id)));
        }
        messages.forEach((message, index) => {
            if (kinds[index] === 'request') {
                const id = messageId(message)!;
                if ((message as { method: string }).method === 'initialize') {
                    this.initializeId = id;
                }
                if (this.initialized && this.fastPath && this.answerFast(message, id, response)) {
                    return;
                }
            }
            this.cancelFastRequest(message);
            this.onmessage?.(message);
        });
    }

    /**
     * Our own dispatcher for the hot path. The request is aborted when the client gives up on it
     * (its POST connection closes, or it sends notifications/cancelled), so a late diff never opens.
     */
    private answerFast(message: JSONRPCMessage, id: RequestId, response: ServerResponse): boolean {
        const controller = new AbortController();
        const fast = this.fastPath!(message, controller.signal);
        if (!fast) {
            return false;
        }
        this.fastRequests.set(id, controller);
        const abandon = () => controller.abort(new Error('The client gave up on the request.'));
        response.once('close', abandon);
        fast.then(reply => reply, error => ({ jsonrpc: '2.0', id, error: { code: -32603, message: (error as Error).message } }) as JSONRPCMessage)
            .then(reply => {
                response.off('close', abandon);
                this.fastRequests.delete(id);
                this.collectReply(id, reply);
            });
        return true;
    }

    private cancelFastRequest(message: JSONRPCMessage): void {
        const notification = message as { method?: string; params?: { requestId?: RequestId; reason?: string } };
        const requestId = notification.params?.requestId;
        if (notification.method === 'notifications/cancelled' && requestId !== undefined) {
            this.fastRequests.get(requestId)?.abort(new Error(notification.params?.reason ?? 'Cancelled by the client.'));
        }
    }

    /** Attaches the standalone GET stream; a session has at most one. */
    attachStream(response: ServerResponse): boolean {
        if (this.stream || this.closed) {
            return false;
        }
        const stream = new SseWriter(response, {
            headers: { 'mcp-session-id': this.sessionId },
            keepAlive: ': keepalive\n\n',
            keepAliveMs: this.options.keepAliveMs ?? 30_000
        });
        this.stream = stream;
        stream.onClose(() => {
            if (this.stream === stream) {
                this.stream = undefined;
                this.streamListeners.forEach(listener => listener(false));
            }
        });
        this.flush();
        this.streamListeners.forEach(listener => listener(true));
        return true;
    }

    async close(): Promise<void> {
        if (this.closed) {
            return;
        }
        this.closed = true;
        this.stream?.end();
        this.stream = undefined;
        for (const post of new Set(this.pending.values())) {
            if (!post.response.headersSent) {
                writeJson(post.response, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session closed' }, id: null });
            }
        }
        this.pending.clear();
        this.fastRequests.forEach(controller => controller.abort(new Error('The session closed.')));
        this.fastRequests.clear();
        this.queue.length = 0;
        this.streamListeners = [];
        this.closeListeners.splice(0).forEach(listener => listener());
        this.onclose?.();
    }

    private collectReply(id: RequestId, message: JSONRPCMessage): void {
        const post = this.pending.get(id);
        if (!post) {
            return; // the client gave up on this request (connection closed)
        }
        this.pending.delete(id);
        if (id === this.initializeId && 'result' in message) {
            this.initialized = true;
        }
        post.replies.set(id, message);
        if (post.replies.size < post.ids.length) {
            return;
        }
        const body = post.batch ? post.ids.map(each => post.replies.get(each)) : message;
        writeJson(post.response, 200, body, { 'mcp-session-id': this.sessionId });
    }
}

export function toSseEvent(message: JSONRPCMessage): string {
    return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}
