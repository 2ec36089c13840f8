import { randomUUID } from 'crypto';
import type { Socket } from 'net';
import type { CodexFrameMessage } from './codex-ipc-frames';
import { CodexIpcConnection } from './codex-ipc-connection';
import { CodexMethods, asCodexRequest, codexResponse, discoveryResponse } from './codex-ipc-messages';
import type { CodexRequestHandler } from './codex-ipc-router';

export interface CodexIpcMemberOptions {
    readonly handler: CodexRequestHandler;
    readonly maxFrameBytes?: number;
    /**
     * What we tell the owner we are. Codex's CLI says "desktop" so that the IDE extension handles it
     * unchanged; we are an IDE, so we say what Codex's VS Code extension is.
     */
    readonly clientType?: string;
    /** The owner went away (it exited, or dropped us): time to take the socket over. */
    readonly onClosed: (reason: string | undefined) => void;
}

/**
 * This app as a client of another owner's router (Codex's desktop app or VS Code extension, or an
 * earlier Theia app): it answers `client-discovery-request` with `canHandle: true` only for requests it
 * can answer itself (ide-context for its own folders), and answers the requests forwarded to it.
 */
export class CodexIpcMember {
    private readonly connection: CodexIpcConnection;
    private readonly initializeId = randomUUID();
    private id: string | undefined;

    constructor(socket: Socket, private readonly options: CodexIpcMemberOptions) {
        this.connection = new CodexIpcConnection(socket, {
            maxFrameBytes: options.maxFrameBytes,
            onMessage: message => this.receive(message),
            onClose: reason => options.onClosed(reason)
        });
        this.connection.send({
            type: 'request', requestId: this.initializeId, sourceClientId: 'initializing-client', version: 0,
            method: CodexMethods.initialize, params: { clientType: options.clientType ?? 'vscode' }
        });
    }

    /** The id the owner gave us, once it answered. */
    get clientId(): string | undefined {
        return this.id;
    }

    close(): void {
        this.connection.close();
    }

    private receive(message: CodexFrameMessage): void {
        if (message.type === 'response' && message.requestId === this.initializeId) {
            const result = message.result as { clientId?: unknown } | undefined;
            this.id = typeof result?.clientId === 'string' ? result.clientId : undefined;
            return;
        }
        if (message.type === 'client-discovery-request' && typeof message.requestId === 'string') {
            const request = message.request && typeof message.request === 'object' ? asCodexRequest(message.request as CodexFrameMessage) : undefined;
            const canHandle = !!this.id && !!request && this.options.handler.answer(request, request.sourceClientId) !== undefined;
            this.connection.send(discoveryResponse(message.requestId, canHandle));
            return;
        }
        const request = asCodexRequest(message);
        if (request && this.id) {
            const answer = this.options.handler.answer(request, request.sourceClientId) ?? { error: 'no-handler-for-request' };
            this.connection.send(codexResponse(request, this.id, answer));
        }
    }
}
