import type { IncomingMessage } from 'http';
import type { Duplex } from 'stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebSocketServer } from 'ws';
import { Logger, silentLogger } from '@ai-cli-companion/node-base';
import { CLAUDE_SUBPROTOCOL, CLAUDE_SUPERSEDED_CLOSE, ClaudeAtMentioned, ClaudeSelectionChanged } from '../common/claude-ide-wire';
import { CLAUDE_IDE_TOOLS, ClaudeIdeBroker, ClaudeIdeTools } from './claude-ide-tools';
import { MCP_SERVER_NAME } from './companion-tools';
import { MAX_WS_MESSAGE_BYTES, WebSocketMcpTransport } from './websocket-mcp-transport';
import { WsUpgradeGate, refuseUpgrade } from './ws-upgrade-gate';
import { createIdeToolsServer } from './ide-tools-server';

export interface ClaudeIdeSession {
    readonly id: string;
    /** The client profile whose token opened it. */
    readonly owner: string;
    readonly createdAt: number;
    /** The CLI's end of the TCP connection: finds its process, and so its terminal. */
    readonly remotePort?: number;
}

export interface ClaudeIdeServerOptions {
    readonly broker: ClaudeIdeBroker;
    readonly serverVersion: string;
    readonly logger?: Logger;
    /** Sessions per owner; one more supersedes the oldest with close code 4001. */
    readonly maxSessionsPerOwner?: (owner: string) => number | undefined;
    /** Called when a session opens or ends. */
    readonly onChange?: () => void;
    /** A session ended: its open reviews have nobody to answer. */
    readonly onSessionEnded?: (sessionId: string) => void;
}

interface LiveSession extends ClaudeIdeSession {
    readonly transport: WebSocketMcpTransport;
    readonly server: Server;
}

/**
 * Claude Code's IDE transport beside Streamable HTTP, on the same port: WebSocket upgrades of the
 * companion's HTTP server, checked before the handshake, one MCP server (the SDK's) per connection.
 */
export class ClaudeIdeServer {
    private readonly wss = new WebSocketServer({
        noServer: true,
        maxPayload: MAX_WS_MESSAGE_BYTES,
        perMessageDeflate: false,
        // Echo `mcp`: without it the CLI fails with "Missing client protocol".
        handleProtocols: protocols => protocols.has(CLAUDE_SUBPROTOCOL) ? CLAUDE_SUBPROTOCOL : false
    });
    private readonly sessions = new Map<string, LiveSession>();
    private readonly logger: Logger;
    private gate: WsUpgradeGate | undefined;
    private selection: ClaudeSelectionChanged | undefined;
    private selectionText: string | undefined;
    private nextId = 1;

    constructor(private readonly options: ClaudeIdeServerOptions) {
        this.logger = options.logger ?? silentLogger;
    }

    get sessionList(): readonly ClaudeIdeSession[] {
        return [...this.sessions.values()].map(({ id, owner, createdAt, remotePort }) => ({ id, owner, createdAt, remotePort }));
    }

    /** The accepted tokens by owner; sessions of an owner no longer in it end. */
    setTokens(port: number, tokens: ReadonlyMap<string, string>): void {
        this.gate = new WsUpgradeGate(port, tokens);
        for (const session of [...this.sessions.values()].filter(s => !tokens.has(s.owner))) {
            void session.transport.close(1000, 'IDE integration switched off');
        }
    }

    /** For the HTTP server's `upgrade` event. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
        const verdict = this.gate ? this.gate.check(request.headers) : { status: 403 as const, error: 'Server is not ready.' };
        if ('status' in verdict) {
            this.logger.warn(`WebSocket upgrade refused with ${verdict.status}: ${verdict.error}`);
            refuseUpgrade(socket, verdict);
            return;
        }
        this.wss.handleUpgrade(request, socket, head, ws => void this.open(ws, verdict.owner, request.socket.remotePort));
    }

    /** The editor's selection changed (or another file was opened): tell every session, once per change. */
    updateSelection(selection: ClaudeSelectionChanged | undefined): void {
        const text = JSON.stringify(selection);
        if (selection === undefined || text === this.selectionText) {
            return;
        }
        this.selection = selection;
        this.selectionText = text;
        this.sessions.forEach(session => void this.notify(session, 'selection_changed', selection));
    }

    /** *Send Selection to CLI*: types `@file#Lx-y` into the input of every connected session. Returns how many. */
    atMention(mention: ClaudeAtMentioned): number {
        this.sessions.forEach(session => void this.notify(session, 'at_mentioned', mention));
        return this.sessions.size;
    }

    async close(): Promise<void> {
        await Promise.all([...this.sessions.values()].map(session => session.transport.close(1001, 'IDE closed')));
        this.wss.close();
    }

    private async open(ws: import('ws').WebSocket, owner: string, remotePort: number | undefined): Promise<void> {
        this.supersede(owner);
        const id = `claude-${Date.now().toString(36)}-${this.nextId++}`;
        const transport = new WebSocketMcpTransport(ws);
        const tools = new ClaudeIdeTools({ id, owner }, this.options.broker);
        const server = createIdeToolsServer({
            name: MCP_SERVER_NAME, version: this.options.serverVersion, tools: CLAUDE_IDE_TOOLS,
            call: (name, args, signal) => tools.call(name, args, signal)
        });
        const session: LiveSession = { id, owner, createdAt: Date.now(), remotePort, transport, server };
        this.sessions.set(id, session);
        server.oninitialized = () => {
            if (this.selection) {
                void this.notify(session, 'selection_changed', this.selection);
            }
        };
        server.onclose = () => this.forget(session);
        await server.connect(transport);
        this.logger.info(`Claude Code session ${id} connected (${owner})`);
        this.options.onChange?.();
    }

    /** Beyond the owner's cap the oldest session goes, with the code and reason the CLI shows as "switched". */
    private supersede(owner: string): void {
        const cap = this.options.maxSessionsPerOwner?.(owner);
        if (cap === undefined) {
            return;
        }
        const own = [...this.sessions.values()].filter(s => s.owner === owner).sort((a, b) => a.createdAt - b.createdAt);
        for (const session of own.slice(0, Math.max(0, own.length - cap + 1))) {
            this.logger.info(`Claude Code session ${session.id} superseded by a newer one`);
            this.forget(session);
            void session.transport.close(CLAUDE_SUPERSEDED_CLOSE.code, CLAUDE_SUPERSEDED_CLOSE.reason);
        }
    }

    private forget(session: LiveSession): void {
        if (this.sessions.delete(session.id)) {
            this.logger.info(`Claude Code session ${session.id} ended`);
            this.options.onSessionEnded?.(session.id);
            this.options.onChange?.();
        }
    }

    private async notify(session: LiveSession, method: string, params: object): Promise<void> {
        try {
            await session.server.notification({ method, params: params as Record<string, unknown> });
        } catch (error) {
            this.logger.warn(`${method} not sent to ${session.id}: ${(error as Error).message}`);
        }
    }
}
