import * as http from 'http';
import { JsonRpcErrorCode, errorBody, isInitializeRequest, parseMessages } from '../common/json-rpc';
import { LoopbackWall, declaresTooLarge, drainAndRespond, readBody, respondRaw } from '@ai-cli-companion/node-base';
import { EventKind } from './session-transport';
import { DEFAULT_MAX_BODY_BYTES, McpHttpServerOptions, McpSession, McpSessionListener, RequestGuard } from './mcp-session';
import { McpSessionTable, SessionState } from './mcp-session-table';

export const MCP_PATH = '/mcp';

export * from './mcp-session';

/**
 * MCP Streamable HTTP on 127.0.0.1 with its own listener: Host/Origin wall, bearer tokens, one
 * protocol instance per session (two CLIs never see each other's replies), keep-alive on every
 * event stream, and sessions that end when their stream is gone.
 */
export class McpHttpServer {
    private readonly server = http.createServer((request, response) => this.route(request, response));
    private readonly sessions: McpSessionTable;
    private guard: RequestGuard | undefined;
    private tokens: ReadonlyMap<string, string>;

    constructor(private readonly options: McpHttpServerOptions) {
        this.sessions = new McpSessionTable(options);
        this.tokens = options.tokens;
        this.server.keepAliveTimeout = 60_000;
    }

    get port(): number {
        const address = this.server.address();
        return typeof address === 'object' && address ? address.port : 0;
    }

    get sessionList(): readonly McpSession[] {
        return this.sessions.list;
    }

    /** WebSocket upgrades on the same port (Claude Code's transport); without a handler they are refused. */
    onUpgrade(handler: (request: http.IncomingMessage, socket: import('stream').Duplex, head: Buffer) => void): void {
        this.server.on('upgrade', handler);
    }

    addListener(listener: McpSessionListener): () => void {
        return this.sessions.addListener(listener);
    }

    async listen(): Promise<number> {
        await new Promise<void>((resolve, reject) => {
            this.server.once('error', reject);
            const listening = () => {
                this.server.off('error', reject);
                resolve();
            };
            if (this.options.socketPath !== undefined) {
                this.server.listen(this.options.socketPath, listening);
            } else {
                this.server.listen(0, '127.0.0.1', listening);
            }
        });
        this.guard = this.options.guard ?? new LoopbackWall({ port: this.port, tokens: this.tokens });
        this.sessions.startIdleSweep();
        return this.port;
    }

    /** Replaces the accepted tokens (a client profile switched on or off); open sessions of a removed owner end. */
    setTokens(tokens: ReadonlyMap<string, string>): void {
        this.tokens = tokens;
        this.guard = this.options.guard ?? new LoopbackWall({ port: this.port, tokens });
        this.sessions.closeOwnersNotIn(tokens);
    }

    /** Serialises once, writes to every session's stream. */
    broadcastEvent(event: string, kind: EventKind = 'message'): void {
        this.sessions.broadcast(event, kind);
    }

    async close(): Promise<void> {
        await this.sessions.closeAll();
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
            this.sessions.open(owner, request.socket.remotePort, this.clientPid(request)).then(
                session => session.transport.handlePost(messages, kinds, batch, response),
                error => respondRaw(response, 503, errorBody(JsonRpcErrorCode.connectionClosed, (error as Error).message)));
            return;
        }
        const session = this.findSession(sessionId, owner, response);
        if (session) {
            session.lastActivity = this.sessions.now();
            if (!session.transport.hasStream) { // the stream's connection is the one that stays open
                session.remotePort = request.socket.remotePort ?? session.remotePort;
            }
            session.transport.handlePost(messages, kinds, batch, response);
        }
    }

    private clientPid(request: http.IncomingMessage): number | undefined {
        const header = this.options.clientPidHeader;
        const pid = header ? Number(headerValue(request.headers[header.toLowerCase()])) : NaN;
        return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
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
        this.sessions.streamAttached(session, request.socket.remotePort);
    }

    private handleDelete(request: http.IncomingMessage, response: http.ServerResponse, owner: string): void {
        const session = this.findSession(headerValue(request.headers['mcp-session-id']), owner, response);
        if (session) {
            void this.sessions.close(session, 'client ended the session').then(() => response.writeHead(200).end());
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
}

function headerValue(value: string | string[] | undefined): string | undefined {
    return Array.isArray(value) ? value[0] : value;
}
