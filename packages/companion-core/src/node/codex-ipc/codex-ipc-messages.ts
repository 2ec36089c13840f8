import type { CodexFrameMessage } from './codex-ipc-frames';

/*
 * The messages of Codex's IPC router as the real clients send them (codex-rs/tui ide_context/ipc.rs,
 * and what the router of Codex's desktop app and VS Code extension answers): requests carry a
 * `requestId`; the socket's owner assigns client ids in `initialize`, asks the other clients who can
 * handle a request (`client-discovery-request`), forwards it to the first that can and relays the
 * response. Measured: the CLI of Codex 0.169.0 sends no `initialize` at all, only `ide-context` with
 * `sourceClientId: "codex-tui"`, on one connection per `/ide` and per prompt.
 */

export interface CodexRequest {
    readonly type: 'request';
    readonly requestId: string;
    readonly method: string;
    readonly sourceClientId?: string;
    readonly version?: number;
    readonly params?: unknown;
    readonly targetClientId?: string;
}

export type CodexResponse = {
    readonly type: 'response';
    readonly requestId: string;
    readonly method?: string;
    readonly handledByClientId?: string;
} & ({ readonly resultType: 'success'; readonly result: unknown } | { readonly resultType: 'error'; readonly error: string });

export const CodexMethods = {
    initialize: 'initialize',
    ideContext: 'ide-context'
} as const;

/** The error codes the CLI tells apart: `no-client-found` reads as "no IDE has this folder open". */
export const CodexErrors = {
    noClientFound: 'no-client-found',
    clientDisconnected: 'client-disconnected',
    requestTimeout: 'request-timeout',
    invalidRequest: 'invalid-request'
} as const;

/** What a request becomes once checked: a response to send, or `undefined` for "not mine". */
export type CodexAnswer = { readonly result: unknown } | { readonly error: string };

export function asCodexRequest(message: CodexFrameMessage): CodexRequest | undefined {
    return message.type === 'request' && typeof message.requestId === 'string' && typeof message.method === 'string'
        ? message as unknown as CodexRequest
        : undefined;
}

export function codexResponse(request: CodexRequest, handledByClientId: string, answer: CodexAnswer): CodexFrameMessage {
    const base = { type: 'response', requestId: request.requestId, method: request.method, handledByClientId };
    return 'error' in answer
        ? { ...base, resultType: 'error', error: answer.error }
        : { ...base, resultType: 'success', result: answer.result };
}

export function codexError(requestId: string, error: string): CodexFrameMessage {
    return { type: 'response', requestId, resultType: 'error', error };
}

export function discoveryResponse(requestId: string, canHandle: boolean): CodexFrameMessage {
    return { type: 'client-discovery-response', requestId, response: { canHandle } };
}
