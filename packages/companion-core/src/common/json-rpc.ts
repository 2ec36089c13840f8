import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/*
 * A structural check of JSON-RPC 2.0 envelopes. The SDK's zod guards cost more than the whole
 * tool call on the hot path; the protocol layer still validates each method's params.
 */

export type RequestId = string | number;

export type MessageKind = 'request' | 'notification' | 'response';

export const JsonRpcErrorCode = {
    parseError: -32700,
    invalidRequest: -32600,
    connectionClosed: -32000,
    sessionNotFound: -32001
} as const;

export function classifyMessage(value: unknown): MessageKind | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return undefined;
    }
    const message = value as Record<string, unknown>;
    if (message.jsonrpc !== '2.0') {
        return undefined;
    }
    const hasId = isRequestId(message.id);
    if (typeof message.method === 'string') {
        if (message.params !== undefined && (typeof message.params !== 'object' || message.params === null)) {
            return undefined;
        }
        if (hasId) {
            return 'request';
        }
        return message.id === undefined ? 'notification' : undefined;
    }
    if (hasId && ('result' in message) !== ('error' in message)) {
        return 'response';
    }
    return undefined;
}

function isRequestId(id: unknown): id is RequestId {
    return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
}

/** Parses a POST body into one or more checked messages, or says what is wrong with it. */
export function parseMessages(body: string):
    { messages: JSONRPCMessage[]; kinds: MessageKind[]; batch: boolean } | { code: number; message: string } {
    let parsed: unknown;
    try {
        parsed = JSON.parse(body);
    } catch (error) {
        return { code: JsonRpcErrorCode.parseError, message: `Parse error: ${(error as Error).message}` };
    }
    const batch = Array.isArray(parsed);
    const items = batch ? parsed as unknown[] : [parsed];
    if (items.length === 0) {
        return { code: JsonRpcErrorCode.invalidRequest, message: 'Invalid Request: empty batch' };
    }
    const kinds: MessageKind[] = [];
    for (const item of items) {
        const kind = classifyMessage(item);
        if (!kind) {
            return { code: JsonRpcErrorCode.invalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 message' };
        }
        kinds.push(kind);
    }
    return { messages: items as JSONRPCMessage[], kinds, batch };
}

export function errorBody(code: number, message: string, id: RequestId | null = null): string {
    return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id });
}

export function messageId(message: JSONRPCMessage): RequestId | undefined {
    return (message as { id?: RequestId }).id;
}

export function isInitializeRequest(message: JSONRPCMessage, kind: MessageKind): boolean {
    return kind === 'request' && (message as { method?: string }).method === 'initialize';
}
