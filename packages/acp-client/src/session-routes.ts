import type * as acp from '@agentclientprotocol/sdk';
import { isAgentNoise } from './agent-noise';
import type { AgentExitedError } from './agent-errors';
import type { AgentHandlers } from './client-requests';
import type { TerminalRequestHandlers } from './client-terminals';
import { isTranscriptUpdate } from './session-attach';
import { SessionStates } from './session-state';

/** What one ACP session hears from the agent; the engine routes by session id. */
export interface SessionHandlers {
    onUpdate(update: acp.SessionUpdate): void;
    onPermission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
    readTextFile?(request: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse>;
    writeTextFile?(request: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse>;
    terminals?: TerminalRequestHandlers;
    /** A form the agent asks the user to fill (`elicitation/create`, when `formElicitation` is declared). */
    onElicitation?(request: acp.CreateElicitationRequest, signal: AbortSignal): Promise<acp.CreateElicitationResponse>;
    /** The agent process died: this session is gone with it (`reattachSession` continues it where the agent can). */
    onAgentExit?(error: AgentExitedError): void;
}

/** What continues a session after its agent process is gone: its handlers, folder and MCP servers. */
export interface RememberedSession {
    readonly handlers: SessionHandlers;
    readonly cwd: string;
    readonly mcpServers: acp.McpServer[];
}

/** Which client capabilities the routes serve from the sessions' handlers. */
export interface ServedRequests {
    readonly serveFileSystem?: boolean;
    readonly serveTerminals?: boolean;
}

/** Sessions remembered for reattaching (a chat's lifetime each); the oldest is forgotten beyond this. */
const MAX_REMEMBERED_SESSIONS = 500;

const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };
const NOT_ANSWERED: acp.CreateElicitationResponse = { action: 'cancel' };

/**
 * The sessions of one workspace agent and where the agent's traffic goes: each update and request reaches
 * the session it names (an unknown session's permission is answered cancelled). Registered sessions belong
 * to the running process; remembered ones outlive it, for reattaching.
 */
export class SessionRoutes {
    private readonly live = new Map<string, SessionHandlers>();
    /**
     * Updates for a session whose `session/new` answer is still being handled: both CLIs send
     * `available_commands_update` right behind it, possibly before the session is registered.
     */
    private readonly early = new Map<string, acp.SessionUpdate[]>();
    private openingCount = 0;
    /** Sessions being loaded or resumed: what the agent sends for them meanwhile, replay apart from state. */
    private readonly attaching = new Map<string, { replay: acp.SessionUpdate[]; state: acp.SessionUpdate[] }>();
    /** Every open session's handlers, folder and MCP servers, kept past a crash or stop until closed or deleted. */
    private readonly remembered = new Map<string, RememberedSession>();
    readonly states = new SessionStates();

    constructor(private readonly served: ServedRequests) { }

    has(sessionId: string): boolean {
        return this.live.has(sessionId);
    }

    /** Registered sessions (of the running process). */
    get size(): number {
        return this.live.size;
    }

    /** True while a `session/new` is under way. */
    get isOpening(): boolean {
        return this.openingCount > 0;
    }

    isAttaching(sessionId: string): boolean {
        return this.attaching.has(sessionId);
    }

    /** Unregisters a session (true: it was registered); it stays remembered. */
    delete(sessionId: string): boolean {
        return this.live.delete(sessionId);
    }

    /** Unregisters every session: the process stopped, or died (`exit`: each session hears it). */
    dropAll(exit?: AgentExitedError): void {
        const handlers = [...this.live.values()];
        this.live.clear();
        if (exit) {
            handlers.forEach(session => session.onAgentExit?.(exit));
        }
    }

    rememberedOf(sessionId: string): RememberedSession | undefined {
        return this.remembered.get(sessionId);
    }

    /** `newSession` (a `session/new`), with what the agent sends for the session before it is registered kept for it. */
    async open(session: RememberedSession, newSession: () => Promise<acp.NewSessionResponse>): Promise<acp.NewSessionResponse> {
        this.openingCount++;
        try {
            const state = await newSession();
            const early = this.early.get(state.sessionId) ?? [];
            this.early.delete(state.sessionId);
            this.register(state.sessionId, session, state, early);
            return state;
        } finally {
            if (--this.openingCount === 0) {
                this.early.clear();
            }
        }
    }

    /**
     * `continueIt` (a `session/load` or `session/resume`): what the agent sends meanwhile is collected, the
     * transcript apart (returned as `replay`), the state updates given to the session once it is registered.
     */
    async attach<T extends { configOptions?: acp.SessionConfigOption[] | null }>(
        sessionId: string, session: RememberedSession, continueIt: () => Promise<T>
    ): Promise<{ state: T & { sessionId: string }; replay: acp.SessionUpdate[] }> {
        const collected = { replay: [] as acp.SessionUpdate[], state: [] as acp.SessionUpdate[] };
        this.attaching.set(sessionId, collected);
        try {
            const answer = await continueIt();
            // The replay's last notifications may still be in the SDK's handler chain (microtasks).
            await new Promise(resolve => setImmediate(resolve));
            const state = { ...answer, sessionId };
            this.register(sessionId, session, state, collected.state);
            return { state, replay: collected.replay };
        } finally {
            this.attaching.delete(sessionId);
        }
    }

    /** Routes the session's traffic to `session.handlers` from now on; what came meanwhile follows next tick. */
    register(sessionId: string, session: RememberedSession, state: { configOptions?: acp.SessionConfigOption[] | null }, meanwhile: acp.SessionUpdate[]): void {
        this.live.set(sessionId, session.handlers);
        this.remembered.delete(sessionId);
        this.remembered.set(sessionId, session);
        if (this.remembered.size > MAX_REMEMBERED_SESSIONS) {
            this.forget(this.remembered.keys().next().value!);
        }
        this.states.started(sessionId, state);
        // After the caller has the session: on the next tick.
        setTimeout(() => meanwhile.forEach(update => session.handlers.onUpdate(update)), 0);
    }

    /** The session is not to be reattached (closed or deleted). */
    forget(sessionId: string): void {
        this.remembered.delete(sessionId);
        this.states.forget(sessionId);
    }

    /** The handlers an agent process gets: each routes to the session named in the update or request. */
    agentHandlers(): AgentHandlers {
        const session = (sessionId: string) => this.live.get(sessionId);
        const handlers: AgentHandlers = {
            onUpdate: (sessionId, update) => {
                if (isAgentNoise(update)) {
                    return;
                }
                this.states.observe(sessionId, update);
                const attaching = this.attaching.get(sessionId);
                if (attaching) {
                    (isTranscriptUpdate(update) ? attaching.replay : attaching.state).push(update);
                    return;
                }
                const handlers = session(sessionId);
                if (handlers) {
                    handlers.onUpdate(update);
                } else if (this.openingCount > 0) {
                    this.early.set(sessionId, [...(this.early.get(sessionId) ?? []), update].slice(-50));
                }
            },
            onPermission: (request, signal) => session(request.sessionId)?.onPermission(request, signal) ?? Promise.resolve(CANCELLED),
            // A request-scoped form (no session) has nobody to show it to.
            onElicitation: (request, signal) => ('sessionId' in request && typeof request.sessionId === 'string'
                ? session(request.sessionId)?.onElicitation?.(request, signal) : undefined) ?? Promise.resolve(NOT_ANSWERED)
        };
        if (this.served.serveFileSystem) {
            handlers.readTextFile = request => fileHandler(session(request.sessionId)?.readTextFile, request);
            handlers.writeTextFile = request => fileHandler(session(request.sessionId)?.writeTextFile, request);
        }
        if (this.served.serveTerminals) {
            const terminals = (sessionId: string) => {
                const served = session(sessionId)?.terminals;
                if (!served) {
                    throw new Error('No such session, or it does not run terminals');
                }
                return served;
            };
            handlers.terminals = {
                create: async request => terminals(request.sessionId).create(request),
                output: async request => terminals(request.sessionId).output(request),
                waitForExit: async request => terminals(request.sessionId).waitForExit(request),
                kill: async request => terminals(request.sessionId).kill(request),
                release: async request => terminals(request.sessionId).release(request)
            };
        }
        return handlers;
    }
}

async function fileHandler<R, T>(handler: ((request: R) => Promise<T>) | undefined, request: R): Promise<T> {
    if (!handler) {
        throw new Error('No such session, or it does not serve files');
    }
    return handler(request);
}
