import type { ServerResponse } from 'http';
import { writeJson } from '@ai-cli-companion/loopback-http';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MessageKind, RequestId, messageId } from './json-rpc';

/** Server-to-client messages kept while no GET stream is open (the SDK transport drops them). */
const MAX_QUEUED_MESSAGES = 100;

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
    fastPath?: (message: JSONRPCMessage) => Promise<JSONRPCMessage> | undefined;

    private stream: ServerResponse | undefined;
    private readonly queue: string[] = [];
    private readonly pending = new Map<RequestId, PendingPost>();
    private closed = false;
    private initializeId: RequestId | undefined;
    private initialized = false;
    private streamListeners: Array<(open: boolean) => void> = [];

    constructor(readonly sessionId: string) { }

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
    sendEvent(event: string): void {
        if (this.closed) {
            return;
        }
        if (this.stream) {
            this.stream.write(event);
            return;
        }
        if (this.queue.length >= MAX_QUEUED_MESSAGES) {
            this.queue.shift();
        }
        this.queue.push(event);
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
                const fast = this.initialized ? this.fastPath?.(message) : undefined;
                if (fast) {
                    fast.then(reply => this.collectReply(id, reply), error => this.collectReply(id,
                        { jsonrpc: '2.0', id, error: { code: -32603, message: (error as Error).message } }));
                    return;
                }
            }
            this.onmessage?.(message);
        });
    }

    /** Attaches the standalone GET stream; a session has at most one. */
    attachStream(response: ServerResponse): boolean {
        if (this.stream || this.closed) {
            return false;
        }
        response.writeHead(200, {
            'content-type': 'text/event-stream',
            'cache-control': 'no-cache, no-transform',
            'connection': 'keep-alive',
            'mcp-session-id': this.sessionId
        });
        response.flushHeaders();
        this.stream = response;
        response.once('close', () => {
            if (this.stream === response) {
                this.stream = undefined;
                this.streamListeners.forEach(listener => listener(false));
            }
        });
        for (const event of this.queue.splice(0)) {
            response.write(event);
        }
        this.streamListeners.forEach(listener => listener(true));
        return true;
    }

    /** An SSE comment: resets the client's idle timer without reaching its MCP layer. */
    keepAlive(): void {
        this.stream?.write(': keepalive\n\n');
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
        this.queue.length = 0;
        this.streamListeners = [];
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
