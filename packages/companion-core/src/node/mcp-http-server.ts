import * as crypto from 'crypto';
import * as http from 'http';
import { Clock, systemClock } from '../common/clock';
import { JsonRpcErrorCode, errorBody, isInitializeRequest, parseMessages } from '../common/json-rpc';
import { Logger, LoopbackWall, declaresTooLarge, drainAndRespond, readBody, respondRaw, silentLogger } from '@ai-cli-companion/node-base';
import { EventKind, SessionTransport } from './session-transport';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SESSIONS, DEFAULT_MAX_SESSIONS_PER_OWNER, McpHttpServerOptions, McpSession, McpSessionListener } from './mcp-session';

export const MCP_PATH = '/mcp';

export * from './mcp-session';

interface SessionState extends McpSession {
    protocol?: { close(): Promise<void> };
    lastActivity: number;
    remotePort?: number;
    dropTimer?: unknown;
}


/**
 * MCP Streamable HTTP on 127.0.0.1 with its own listener: Host/Origin wall, bearer tokens, one
 * protocol instance per session (two CLIs never see each other's replies), keep-alive on every
 * event stream, and sessions that end when their stream is gone.
 */
export class McpHttpServer {
    private readonly server = http.createServer((request, response) => this.route(request, response));
    private readonly sessions = new Map<string, SessionState>();
    private readonly listeners = new Set<McpSessionListener>();
    private readonly logger: Logger;
    private guard: LoopbackWall | undefined;
    private tokens: ReadonlyMap<string, string>;
    private sweepTimer: unknown;
    private readonly clock: Clock;

    constructor(private readonly options: McpHttpServerOptions) {
        this.logger = options.logger ?? silentLogger;
        this.clock = options.clock ?? systemClock;
        this.tokens = options.tokens;
        this.server.keepAliveTimeout = 60_000;
    }

    get port(): number {
        const address = this.server.address();
        return typeof address === 'object' && address ? address.port : 0;
    }

    get sessionList(): readonly McpSession[] {
        return [...this.sessions.values()];
    }

    /** WebSocket upgrades on the same port (Claude Code's transport); without a handler they are refused. */
    onUpgrade(handler: (request: http.IncomingMessage, socket: import('stream').Duplex, head: Buffer) => void): void {
        this.server.on('upgrade', handler);
    }

    addListener(listener: McpSessionListener): () => void {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }

    async listen(): Promise<number> {
        await new Promise<void>((resolve, reject) => {
            this.server.once('error', reject);
            this.server.listen(0, '127.0.0.1', () => {
                this.server.off('error', reject);
                resolve();
            });
        });
        this.guard = new LoopbackWall({ port: this.port, tokens: this.tokens });
        const idleMs = this.options.idleSessionMs ?? 5 * 60_000;
        const sweep = () => {
            this.sweepTimer = unref(this.clock.setTimeout(() => {
                this.dropIdleSessions(idleMs);
                sweep();
            }, Math.min(idleMs, 60_000)));
        };
        sweep();
        return this.port;
    }

    /** Replaces the accepted tokens (a client profile switched on or off); open sessions of a removed owner end. */
    setTokens(tokens: ReadonlyMap<string, string>): void {
        this.tokens = tokens;
        this.guard = new LoopbackWall({ port: this.port, tokens });
        for (const session of this.sessions.values()) {
            if (!tokens.has(session.owner)) {
                void this.closeSession(session, 'its client profile was switched off');
            }
        }
    }

    /** Serialises once, writes to every session's stream. */
    broadcastEvent(event: string, kind: EventKind = 'message'): void {
        for (const session of this.sessions.values()) {
            session.transport.sendEvent(event, kind);
        }
    }

    async close(): Promise<void> {
        this.clock.clearTimeout(this.sweepTimer);
        this.sweepTimer = undefined;
        await Promise.all([...this.sessions.values()].map(session => this.closeSession(session, 'server stopped')));
        await new Promise<void>(resolve => {
            this.server.close(() => resolve());
            this.server.closeAllConnections();
        });
    }

    private route(request: http.IncomingMessage, response: http.ServerResponse): void {
        const guard = this.guard;
        const url = request.url ?? '';
        const pathEnd = url.indexOf('?');
        if ((pathEnd < 0 ? url : url.slice(0, pathEnd)) !== MCP_PATH) {
            drainAndRespond(request, response, 404, { error: `Not found: the MCP endpoint is ${MCP_PATH}.` });
            return;
        }
        const verdict = guard ? guard.check(request.headers) : { status: 403 as const, error: 'Server is not ready.' };
        if ('status' in verdict) {
            drainAndRespond(request, response, verdict.status, { error: verdict.error });
            return;
        }
        switch (request.method) {
            case 'POST': return this.handlePost(request, response, verdict.owner);
            case 'GET': return this.handleGet(request, response, verdict.owner);
            case 'DELETE': return this.handleDelete(request, response, verdict.owner);
            default:
                response.setHeader('allow', 'GET, POST, DELETE');
                drainAndRespond(request, response, 405, { error: `Method ${request.method} not allowed.` });
        }
    }

    private handlePost(request: http.IncomingMessage, response: http.ServerResponse, owner: string): void {
        const contentType = request.headers['content-type'];
        if (contentType !== undefined && !contentType.toLowerCase().startsWith('application/json')) {
            drainAndRespond(request, response, 415, { error: 'Content-Type must be application/json.' });
            return;
        }
        const limit = this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
        if (declaresTooLarge(request, limit)) {
            drainAndRespond(request, response, 413, { error: `Request body larger than ${limit} bytes.` });
            return;
        }
        readBody(request, limit).then(body => {
            if (body === undefined) {
                drainAndRespond(request, response, 413, { error: `Request body larger than ${limit} bytes.` });
                return;
            }
            this.dispatchPost(request, response, owner, body);
        }, () => response.destroy());
    }

    private dispatchPost(request: http.IncomingMessage, response: http.ServerResponse, owner: string, body: string): void {
        const parsed = parseMessages(body);
        if ('code' in parsed) {
            respondRaw(response, 400, errorBody(parsed.code, parsed.message));
            return;
        }
        const { messages, kinds, batch } = parsed;
        const sessionId = headerValue(request.headers['mcp-session-id']);
        const initializing = messages.some((message, index) => isInitializeRequest(message, kinds[index]));
        if (initializing) {
            if (messages.length !== 1 || sessionId !== undefined) {
                respondRaw(response, 400, errorBody(JsonRpcErrorCode.invalidRequest,
                    'Invalid Request: initialize must be sent alone and without an mcp-session-id'));
                return;
            }
            this.openSession(owner, request.socket.remotePort).then(
                session => session.transport.handlePost(messages, kinds, batch, response),
                error => respondRaw(response, 503, errorBody(JsonRpcErrorCode.connectionClosed, (error as Error).message)));
            return;
        }
        const session = this.findSession(sessionId, owner, response);
        if (session) {
            session.lastActivity = this.clock.now();
            if (!session.transport.hasStream) { // the stream's connection is the one that stays open
                session.remotePort = request.socket.remotePort ?? session.remotePort;
            }
            session.transport.handlePost(messages, kinds, batch, response);
        }
    }

    private handleGet(request: http.IncomingMessage, response: http.ServerResponse, owner: string): void {
        const accept = request.headers.accept ?? '';
        if (!accept.includes('text/event-stream')) {
            drainAndRespond(request, response, 406, { error: 'GET needs Accept: text/event-stream.' });
            return;
        }
        const session = this.findSession(headerValue(request.headers['mcp-session-id']), owner, response);
        if (!session) {
            return;
        }
        if (!session.transport.attachStream(response)) {
            respondRaw(response, 409, errorBody(JsonRpcErrorCode.connectionClosed, 'Conflict: this session already has an event stream'));
            return;
        }
        this.clock.clearTimeout(session.dropTimer);
        session.dropTimer = undefined;
        session.lastActivity = this.clock.now();
        session.remotePort = request.socket.remotePort ?? session.remotePort;
        this.listeners.forEach(listener => listener.streamOpened?.(session));
    }

    private handleDelete(request: http.IncomingMessage, response: http.ServerResponse, owner: string): void {
        const session = this.findSession(headerValue(request.headers['mcp-session-id']), owner, response);
        if (session) {
            void this.closeSession(session, 'client ended the session').then(() => response.writeHead(200).end());
        }
    }

    private findSession(sessionId: string | undefined, owner: string, response: http.ServerResponse): SessionState | undefined {
        if (sessionId === undefined) {
            respondRaw(response, 400, errorBody(JsonRpcErrorCode.connectionClosed, 'Bad Request: No valid session ID provided'));
            return undefined;
        }
        const session = this.sessions.get(sessionId);
        // A session opened with another client's token is reported as unknown, not as someone else's.
        if (!session || session.owner !== owner) {
            respondRaw(response, 404, errorBody(JsonRpcErrorCode.sessionNotFound, 'Session not found'));
            return undefined;
        }
        return session;
    }

    private async openSession(owner: string, remotePort: number | undefined): Promise<SessionState> {
        this.makeRoomFor(owner);
        const id = crypto.randomUUID();
        const transport = new SessionTransport(id, { keepAliveMs: this.options.keepAliveMs });
        const session: SessionState = { id, owner, transport, createdAt: this.clock.now(), lastActivity: this.clock.now(), remotePort };
        this.sessions.set(id, session);
        transport.onStreamChange(open => {
            if (!open && !transport.isClosed) {
                this.logger.info(`MCP session ${id} (${owner}) lost its event stream; it ends unless the client reconnects within ${(this.options.reconnectGraceMs ?? 10_000) / 1000} s`);
                this.scheduleDrop(session);
            }
        });
        transport.onclose = () => this.forget(session);
        try {
            session.protocol = await this.options.connectSession(session);
        } catch (error) {
            // A session that never got its protocol must not hold a place (the cap counts it) or a timer.
            this.logger.error(`MCP session ${id} of ${owner} could not start: ${(error as Error).message}`);
            this.clock.clearTimeout(session.dropTimer);
            this.sessions.delete(id);
            await transport.close().catch(() => undefined);
            throw error;
        }
        this.logger.info(`MCP session ${id} opened by ${owner}`);
        this.listeners.forEach(listener => listener.opened?.(session));
        return session;
    }

    /**
     * Past either cap, the owner's least recently active session without an event stream goes (a CLI
     * that initialised and vanished, or a flood of initialize calls); only when the owner has none is
     * the new session refused. Another owner's sessions are never evicted for this one.
     */
    private makeRoomFor(owner: string): void {
        const perOwner = this.options.maxSessionsPerOwner ?? DEFAULT_MAX_SESSIONS_PER_OWNER;
        const total = this.options.maxSessions ?? DEFAULT_MAX_SESSIONS;
        const own = [...this.sessions.values()].filter(session => session.owner === owner);
        if (own.length < perOwner && this.sessions.size < total) {
            return;
        }
        const idle = own.filter(session => !session.transport.hasStream).sort((a, b) => a.lastActivity - b.lastActivity)[0];
        if (!idle) {
            throw new Error(own.length >= perOwner
                ? `Too many open sessions for ${owner} (at most ${perOwner}, each with its event stream open).`
                : `Too many open sessions (at most ${total}).`);
        }
        void this.closeSession(idle, `evicted: ${owner} opened a new session with ${own.length} open (the oldest without an event stream goes)`);
    }

    private scheduleDrop(session: SessionState): void {
        this.clock.clearTimeout(session.dropTimer);
        session.dropTimer = unref(this.clock.setTimeout(() => void this.closeSession(session, 'its event stream is gone'),
            this.options.reconnectGraceMs ?? 10_000));
    }

    private dropIdleSessions(idleMs: number): void {
        const now = this.clock.now();
        for (const session of this.sessions.values()) {
            if (!session.transport.hasStream && now - session.lastActivity > idleMs) {
                void this.closeSession(session, 'idle without an event stream');
            }
        }
    }

    private async closeSession(session: SessionState, reason: string): Promise<void> {
        if (!this.sessions.has(session.id)) {
            return;
        }
        this.logger.info(`MCP session ${session.id} (${session.owner}) closed: ${reason}`);
        this.forget(session);
        await (session.protocol ? session.protocol.close() : session.transport.close());
    }

    private forget(session: SessionState): void {
        this.clock.clearTimeout(session.dropTimer);
        if (this.sessions.delete(session.id)) {
            this.listeners.forEach(listener => listener.closed?.(session));
        }
    }
}

function headerValue(value: string | string[] | undefined): string | undefined {
    return Array.isArray(value) ? value[0] : value;
}

/** A Node timer does not keep the process alive (a manual clock's handle has nothing to unref). */
function unref(handle: unknown): unknown {
    (handle as { unref?: () => void } | undefined)?.unref?.();
    return handle;
}
