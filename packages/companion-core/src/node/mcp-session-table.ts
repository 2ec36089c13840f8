import * as crypto from 'crypto';
import { Logger, silentLogger } from '@ai-cli-companion/node-base';
import { Clock, systemClock } from '../common/clock';
import { EventKind, SessionTransport } from './session-transport';
import { DEFAULT_MAX_SESSIONS, DEFAULT_MAX_SESSIONS_PER_OWNER, McpHttpServerOptions, McpSession, McpSessionListener } from './mcp-session';

export interface SessionState extends McpSession {
    protocol?: { close(): Promise<void> };
    lastActivity: number;
    remotePort?: number;
    dropTimer?: unknown;
}

/**
 * The MCP server's open sessions and their life: one protocol instance each, the caps per owner and in
 * all, the grace after a lost event stream, the idle sweep, and the listeners told of each change.
 * Knows nothing of HTTP (McpHttpServer routes requests to it).
 */
export class McpSessionTable {
    private readonly sessions = new Map<string, SessionState>();
    private readonly listeners = new Set<McpSessionListener>();
    private readonly logger: Logger;
    private readonly clock: Clock;
    private sweepTimer: unknown;

    constructor(private readonly options: McpHttpServerOptions) {
        this.logger = options.logger ?? silentLogger;
        this.clock = options.clock ?? systemClock;
    }

    get list(): readonly SessionState[] {
        return [...this.sessions.values()];
    }

    get(id: string): SessionState | undefined {
        return this.sessions.get(id);
    }

    now(): number {
        return this.clock.now();
    }

    addListener(listener: McpSessionListener): () => void {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }

    startIdleSweep(): void {
        const idleMs = this.options.idleSessionMs ?? 5 * 60_000;
        const sweep = () => {
            this.sweepTimer = unref(this.clock.setTimeout(() => {
                this.dropIdle(idleMs);
                sweep();
            }, Math.min(idleMs, 60_000)));
        };
        sweep();
    }

    /** Serialises once, writes to every session's stream. */
    broadcast(event: string, kind: EventKind): void {
        for (const session of this.sessions.values()) {
            session.transport.sendEvent(event, kind);
        }
    }

    /** Sessions of owners that lost their token end. */
    closeOwnersNotIn(tokens: ReadonlyMap<string, string>): void {
        for (const session of this.sessions.values()) {
            if (!tokens.has(session.owner)) {
                void this.close(session, 'its client profile was switched off');
            }
        }
    }

    async closeAll(): Promise<void> {
        this.clock.clearTimeout(this.sweepTimer);
        this.sweepTimer = undefined;
        await Promise.all([...this.sessions.values()].map(session => this.close(session, 'server stopped')));
    }

    /** The session's GET stream is attached: no drop pending, and listeners learn which port holds it. */
    streamAttached(session: SessionState, remotePort: number | undefined): void {
        this.clock.clearTimeout(session.dropTimer);
        session.dropTimer = undefined;
        session.lastActivity = this.clock.now();
        session.remotePort = remotePort ?? session.remotePort;
        this.listeners.forEach(listener => listener.streamOpened?.(session));
    }

    async open(owner: string, remotePort: number | undefined, pid?: number): Promise<SessionState> {
        this.makeRoomFor(owner);
        const id = crypto.randomUUID();
        const transport = new SessionTransport(id, { keepAliveMs: this.options.keepAliveMs });
        const session: SessionState = { id, owner, transport, createdAt: this.clock.now(), lastActivity: this.clock.now(), remotePort, ...pid ? { pid } : {} };
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

    async close(session: SessionState, reason: string): Promise<void> {
        if (!this.sessions.has(session.id)) {
            return;
        }
        this.logger.info(`MCP session ${session.id} (${session.owner}) closed: ${reason}`);
        this.forget(session);
        await (session.protocol ? session.protocol.close() : session.transport.close());
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
        void this.close(idle, `evicted: ${owner} opened a new session with ${own.length} open (the oldest without an event stream goes)`);
    }

    private scheduleDrop(session: SessionState): void {
        this.clock.clearTimeout(session.dropTimer);
        session.dropTimer = unref(this.clock.setTimeout(() => void this.close(session, 'its event stream is gone'),
            this.options.reconnectGraceMs ?? 10_000));
    }

    private dropIdle(idleMs: number): void {
        const now = this.clock.now();
        for (const session of this.sessions.values()) {
            if (!session.transport.hasStream && now - session.lastActivity > idleMs) {
                void this.close(session, 'idle without an event stream');
            }
        }
    }

    private forget(session: SessionState): void {
        this.clock.clearTimeout(session.dropTimer);
        if (this.sessions.delete(session.id)) {
            this.listeners.forEach(listener => listener.closed?.(session));
        }
    }
}

/** A Node timer does not keep the process alive (a manual clock's handle has nothing to unref). */
function unref(handle: unknown): unknown {
    (handle as { unref?: () => void } | undefined)?.unref?.();
    return handle;
}
