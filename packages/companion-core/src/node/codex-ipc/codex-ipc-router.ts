import { randomUUID } from 'crypto';
import type { Server, Socket } from 'net';
import { Logger, silentLogger } from '@ai-cli-companion/node-base';
import type { CodexFrameMessage } from './codex-ipc-frames';
import { CodexIpcConnection } from './codex-ipc-connection';
import { CodexAnswer, CodexErrors, CodexMethods, CodexRequest, asCodexRequest, codexError, codexResponse } from './codex-ipc-messages';

/** This app's own answers: `undefined` means "not ours", and the router asks the other clients. */
export interface CodexRequestHandler {
    answer(request: CodexRequest, sourceClientId: string | undefined): CodexAnswer | undefined;
}

export interface CodexIpcRouterOptions {
    readonly handler: CodexRequestHandler;
    readonly logger?: Logger;
    readonly maxFrameBytes?: number;
    /** How long the other clients have to say whether they can handle a request. */
    readonly discoveryTimeoutMs?: number;
    /** How long a forwarded request may take. */
    readonly requestTimeoutMs?: number;
    /** At most this many connections at once; more are closed at accept. */
    readonly maxConnections?: number;
    readonly onChange?: () => void;
}

interface Client {
    readonly connection: CodexIpcConnection;
    id?: string;
    type?: string;
}

interface Forwarded {
    readonly source: Client;
    readonly target: Client;
    readonly request: CodexRequest;
    readonly timer: NodeJS.Timeout;
}

interface Discovery {
    readonly source: Client;
    readonly request: CodexRequest;
    readonly asked: Map<string, Client>;
    readonly timer: NodeJS.Timeout;
}

/**
 * The socket's owner, as Codex's desktop app and VS Code extension are when they own it: it names each
 * client in `initialize`, answers what this app can answer itself, asks the other clients (another
 * Theia app, Codex's own extension) with `client-discovery-request` for the rest, forwards the request
 * to the first that can handle it and relays its response; broadcasts go to every other client.
 */
export class CodexIpcRouter {
    readonly clientId = randomUUID();
    private readonly clients = new Set<Client>();
    private readonly forwarded = new Map<string, Forwarded>();
    private readonly discoveries = new Map<string, Discovery>();
    private readonly logger: Logger;

    constructor(private readonly options: CodexIpcRouterOptions) {
        this.logger = options.logger ?? silentLogger;
    }

    /** Connected clients by type: the one they gave in initialize, else their sourceClientId (Codex 0.169.0: "codex-tui"). */
    clientTypes(): string[] {
        return [...this.clients].filter(c => c.id).map(c => c.type ?? 'unknown');
    }

    serve(server: Server): void {
        server.on('connection', socket => this.accept(socket));
    }

    accept(socket: Socket): void {
        if (this.clients.size >= (this.options.maxConnections ?? 64)) {
            socket.destroy();
            return;
        }
        const client: Client = {
            connection: new CodexIpcConnection(socket, {
                maxFrameBytes: this.options.maxFrameBytes,
                onMessage: message => this.receive(client, message),
                onClose: reason => this.drop(client, reason)
            })
        };
        this.clients.add(client);
    }

    close(): void {
        [...this.clients].forEach(client => client.connection.close());
    }

    private receive(client: Client, message: CodexFrameMessage): void {
        const request = asCodexRequest(message);
        if (request) {
            this.request(client, request);
        } else if (message.type === 'response' && typeof message.requestId === 'string') {
            this.relayResponse(client, message);
        } else if (message.type === 'client-discovery-response' && typeof message.requestId === 'string') {
            this.discovered(client, message.requestId, (message.response as { canHandle?: unknown } | undefined)?.canHandle === true);
        } else if (message.type === 'broadcast' && client.id) {
            this.othersOf(client).forEach(other => other.connection.send(message));
        }
    }

    private request(client: Client, request: CodexRequest): void {
        if (request.method === CodexMethods.initialize) {
            this.initialize(client, request);
            return;
        }
        if (!client.id) {
            // Codex 0.169.0's CLI skips initialize and asks at once, as "codex-tui": it gets an id all the same.
            this.register(client, request.sourceClientId);
        }
        if (request.targetClientId === undefined || request.targetClientId === this.clientId) {
            const own = this.options.handler.answer(request, client.id);
            if (own) {
                client.connection.send(codexResponse(request, this.clientId, own));
                return;
            }
        }
        const candidates = request.targetClientId === undefined
            ? this.othersOf(client)
            : this.othersOf(client).filter(other => other.id === request.targetClientId);
        if (candidates.length === 0) {
            client.connection.send(codexError(request.requestId, CodexErrors.noClientFound));
            return;
        }
        this.discover(client, request, candidates);
    }

    private initialize(client: Client, request: CodexRequest): void {
        const params = request.params as { clientType?: unknown } | undefined;
        if (!client.id) {
            client.connection.send(codexResponse(request, this.clientId, { result: { clientId: this.register(client, params?.clientType) } }));
        } else {
            client.connection.send(codexResponse(request, this.clientId, { result: { clientId: client.id } }));
        }
    }

    private register(client: Client, type: unknown): string {
        const id = randomUUID();
        client.id = id;
        client.type = typeof type === 'string' ? type.slice(0, 64) : 'unknown';
        this.announce(client, 'connected');
        this.options.onChange?.();
        return id;
    }

    private discover(source: Client, request: CodexRequest, candidates: Client[]): void {
        const asked = new Map<string, Client>();
        const discovery: Discovery = {
            source, request, asked,
            timer: setTimeout(() => this.settle(discovery, undefined), this.options.discoveryTimeoutMs ?? 1500)
        };
        for (const candidate of candidates) {
            const discoveryId = randomUUID();
            asked.set(discoveryId, candidate);
            this.discoveries.set(discoveryId, discovery);
            candidate.connection.send({ type: 'client-discovery-request', requestId: discoveryId, request });
        }
    }

    private discovered(client: Client, discoveryId: string, canHandle: boolean): void {
        const discovery = this.discoveries.get(discoveryId);
        if (!discovery || discovery.asked.get(discoveryId) !== client) {
            return;
        }
        this.discoveries.delete(discoveryId);
        discovery.asked.delete(discoveryId);
        if (canHandle) {
            this.settle(discovery, client);
        } else if (discovery.asked.size === 0) {
            this.settle(discovery, undefined);
        }
    }

    /** The discovery is over: forward to `target`, or tell the source nobody has it. */
    private settle(discovery: Discovery, target: Client | undefined): void {
        clearTimeout(discovery.timer);
        for (const id of discovery.asked.keys()) {
            this.discoveries.delete(id);
        }
        discovery.asked.clear();
        const { source, request } = discovery;
        if (source.connection.isClosed) {
            return;
        }
        if (!target || target.connection.isClosed) {
            source.connection.send(codexError(request.requestId, CodexErrors.noClientFound));
            return;
        }
        const key = forwardKey(target, request.requestId);
        if (this.forwarded.has(key)) {
            source.connection.send(codexError(request.requestId, CodexErrors.invalidRequest)); // a request id still in flight
            return;
        }
        this.forwarded.set(key, {
            source, target, request,
            timer: setTimeout(() => {
                this.forwarded.delete(key);
                source.connection.send(codexError(request.requestId, CodexErrors.requestTimeout));
            }, this.options.requestTimeoutMs ?? 10_000)
        });
        target.connection.send(request as unknown as CodexFrameMessage);
    }

    private relayResponse(client: Client, message: CodexFrameMessage): void {
        const key = forwardKey(client, message.requestId as string);
        const forwarded = this.forwarded.get(key);
        if (!forwarded) {
            return;
        }
        clearTimeout(forwarded.timer);
        this.forwarded.delete(key);
        forwarded.source.connection.send(message);
    }

    private drop(client: Client, reason: string | undefined): void {
        if (!this.clients.delete(client)) {
            return;
        }
        if (reason) {
            this.logger.warn(`Codex IPC: a client was disconnected: ${reason}`);
        }
        for (const [key, forwarded] of this.forwarded) {
            if (forwarded.target === client || forwarded.source === client) {
                clearTimeout(forwarded.timer);
                this.forwarded.delete(key);
                if (forwarded.target === client) {
                    forwarded.source.connection.send(codexError(forwarded.request.requestId, CodexErrors.clientDisconnected));
                }
            }
        }
        for (const [id, discovery] of [...this.discoveries]) {
            if (discovery.source === client) {
                this.settle(discovery, undefined);
            } else if (discovery.asked.get(id) === client) {
                this.discovered(client, id, false);
            }
        }
        if (client.id) {
            this.announce(client, 'disconnected');
            this.options.onChange?.();
        }
    }

    private announce(client: Client, status: 'connected' | 'disconnected'): void {
        const message = {
            type: 'broadcast', method: 'client-status-changed', sourceClientId: client.id, version: 1,
            params: { clientId: client.id, clientType: client.type, status }
        };
        this.othersOf(client).forEach(other => other.connection.send(message));
    }

    private othersOf(client: Client): Client[] {
        return [...this.clients].filter(other => other !== client && other.id && !other.connection.isClosed);
    }
}

function forwardKey(target: Client, requestId: string): string {
    return `${target.id}\n${requestId}`;
}
