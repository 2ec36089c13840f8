import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { WebSocket } from 'ws';
import { JsonRpcErrorCode, errorBody } from '../common/json-rpc';

/** The largest message a CLI may send: a whole file travels in openDiff. */
export const MAX_WS_MESSAGE_BYTES = 32 * 1024 * 1024;

/**
 * MCP over one WebSocket, one JSON-RPC message per text frame (Claude Code's IDE transport). A frame
 * that is not JSON-RPC gets a parse error back and changes nothing; the socket stays open.
 */
export class WebSocketMcpTransport implements Transport {
    onmessage?: (message: JSONRPCMessage) => void;
    onclose?: () => void;
    onerror?: (error: Error) => void;
    private closed = false;

    constructor(private readonly socket: WebSocket) {
        socket.on('message', (data, isBinary) => this.receive(data.toString(), isBinary));
        socket.on('close', () => this.closedByPeer());
        socket.on('error', error => this.onerror?.(error));
    }

    async start(): Promise<void> { }

    async send(message: JSONRPCMessage): Promise<void> {
        if (this.closed || this.socket.readyState !== this.socket.OPEN) {
            return;
        }
        await new Promise<void>(resolve => this.socket.send(JSON.stringify(message), () => resolve()));
    }

    /** Ends the connection with a code and reason the client understands (e.g. 4001 for "superseded"). */
    async close(code = 1000, reason = ''): Promise<void> {
        if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
            this.socket.close(code, reason);
        }
        this.closedByPeer();
    }

    private receive(text: string, isBinary: boolean): void {
        let message: unknown;
        try {
            message = isBinary ? undefined : JSON.parse(text);
        } catch {
            message = undefined;
        }
        if (!isJsonRpcMessage(message)) {
            this.socket.send(errorBody(JsonRpcErrorCode.parseError, 'Parse error: expected one JSON-RPC 2.0 message per text frame'));
            return;
        }
        this.onmessage?.(message);
    }

    private closedByPeer(): void {
        if (!this.closed) {
            this.closed = true;
            this.onclose?.();
        }
    }
}

function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
    return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { jsonrpc?: unknown }).jsonrpc === '2.0';
}
