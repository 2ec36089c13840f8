import type * as acp from '@agentclientprotocol/sdk';
import { isAgentNoise } from './agent-noise';
import type { AgentLogger } from './agent-logger';
import { AgentExitedError, AgentHandlers, AgentProcess } from './agent-process';
import { AcpAgentLaunch } from './agent-profiles';
import { AgentFailure, describeAgentError } from './agent-errors';
import type { TerminalRequestHandlers } from './client-terminals';
import { AttachedSession, AttachRequest, attachMethod, DEFAULT_ATTACH_TIMEOUT_MS, freshStartReason, isTranscriptUpdate, within } from './session-attach';
import { AgentSessionCapabilities } from './session-capabilities';
import { SessionStates, SessionUsage } from './session-state';
import { StartOutputTail } from './start-output';

export interface WorkspaceAgentOptions {
    readonly workspace: string;
    readonly profile: AcpAgentLaunch;
    readonly command?: string;
    /** The environment for the next agent start (e.g. the server's plus stored credentials). */
    readonly environment: () => Promise<NodeJS.ProcessEnv>;
    readonly logger: AgentLogger;
    readonly scrub: (text: string) => string;
    /** After a cancel, how long the agent may take to end the turn before it is killed. */
    readonly cancelGraceMs?: number;
    /** Serve `fs/read_text_file` / `fs/write_text_file` through the sessions' handlers (advertises `fs`). */
    readonly serveFileSystem?: boolean;
    /** Serve `terminal/*` through the sessions' `terminals` (advertises `terminal`). */
    readonly serveTerminals?: boolean;
    /** Show command output the agent streams in tool-call `_meta` (see `AgentStartOptions.showsTerminalOutputMeta`). */
    readonly showsTerminalOutputMeta?: boolean;
    /** Declare `elicitation: { form: {} }` and route `elicitation/create` to the session's `onElicitation`. */
    readonly formElicitation?: boolean;
    /** With `formElicitation`, also declare `url: {}` (URL-mode requests reach `onElicitation` too). */
    readonly urlElicitation?: boolean;
    /** Declare `auth: { terminal: true }` (the host runs `terminal` sign-in methods). */
    readonly terminalAuth?: boolean;
    /** Declare `session.configOptions.boolean` (the host shows boolean config options). */
    readonly booleanConfigOptions?: boolean;
    /** How long `session/load` / `session/resume` may take before a session starts fresh (default 60 s). */
    readonly attachTimeoutMs?: number;
    readonly clientName?: string;
}

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

/** One page of the agent's own sessions (`supported: false`: the agent offers no `session/list`, none was asked). */
export interface ListedSessions {
    readonly supported: boolean;
    readonly sessions: acp.SessionInfo[];
    readonly nextCursor?: string;
}

/** What continues a session after its agent process is gone: its handlers, folder and MCP servers. */
interface RememberedSession {
    readonly handlers: SessionHandlers;
    readonly cwd: string;
    readonly mcpServers: acp.McpServer[];
}

/** Sessions remembered for reattaching (a chat's lifetime each); the oldest is forgotten beyond this. */
const MAX_REMEMBERED_SESSIONS = 500;
const MAX_LIST_PAGES = 50;

export interface OpenedSession {
    readonly sessionId: string;
    readonly state: acp.NewSessionResponse;
    readonly agent: AgentProcess;
}

const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };
const NOT_ANSWERED: acp.CreateElicitationResponse = { action: 'cancel' };

/**
 * The agent process of one (agent, workspace): started on first use, reused by every session,
 * replaced after a crash or when marked stale. Sessions register handlers; the agent's requests
 * and updates reach the session they name (an unknown session's permission is answered cancelled).
 */
export class WorkspaceAgent {
    private agent: AgentProcess | undefined;
    private starting: Promise<AgentProcess> | undefined;
    private stale = false;
    private readonly sessions = new Map<string, SessionHandlers>();
    /** Sessions with a prompt in flight (a stale agent waits for them before it is stopped). */
    private readonly turns = new Set<string>();
    /**
     * Updates for a session whose `session/new` answer is still being handled: both CLIs send
     * `available_commands_update` right behind it, possibly before the session is registered.
     */
    private readonly early = new Map<string, acp.SessionUpdate[]>();
    private opening = 0;
    private lastActiveAt = Date.now();
    /** Sessions being loaded or resumed: what the agent sends for them meanwhile, replay apart from state. */
    private readonly attaching = new Map<string, { replay: acp.SessionUpdate[]; state: acp.SessionUpdate[] }>();
    /** Every open session's handlers, folder and MCP servers, kept past a crash or stop until closed or deleted. */
    private readonly remembered = new Map<string, RememberedSession>();
    private readonly states = new SessionStates();
    private readonly attachments = new Map<string, Promise<AttachedSession>>();
    /** Who hears the last line the agent prints while it starts (`onStartOutput`). */
    private readonly startListeners = new Set<(line: string) => void>();

    constructor(private readonly options: WorkspaceAgentOptions) { }

    get workspace(): string {
        return this.options.workspace;
    }

    get profile(): AcpAgentLaunch {
        return this.options.profile;
    }

    get pid(): number | undefined {
        return this.agent?.isAlive ? this.agent.pid : undefined;
    }

    /** The running agent process, if any (e.g. for its `initialize` answer). */
    get current(): AgentProcess | undefined {
        return this.agent?.isAlive ? this.agent : undefined;
    }

    /** True while an agent process is being started (until it answered `initialize`, or failed). */
    get isStarting(): boolean {
        return this.starting !== undefined;
    }

    /**
     * While an agent starts, `listener` hears each new last line of what it prints to stderr (scrubbed):
     * for an npx or uvx agent, what npm or uv says while it fetches the package. Returns the unsubscribe.
     */
    onStartOutput(listener: (line: string) => void): () => void {
        this.startListeners.add(listener);
        return () => this.startListeners.delete(listener);
    }

    get isBusy(): boolean {
        return this.turns.size > 0;
    }

    /** When a turn last started or ended, or a session was opened (or the agent was made). */
    get lastActive(): number {
        return this.lastActiveAt;
    }

    /** The running agent, started (once, however many callers wait) when there is none. */
    async ready(): Promise<AgentProcess> {
        if (this.agent?.isAlive && !this.stale) {
            return this.agent;
        }
        if (this.agent) {
            await this.stop();
        }
        this.starting ??= this.start().finally(() => { this.starting = undefined; });
        return this.starting;
    }

    /** A new ACP session on this workspace's agent; its traffic goes to `handlers`. */
    async openSession(handlers: SessionHandlers, cwd = this.options.workspace, mcpServers: acp.McpServer[] = []): Promise<OpenedSession> {
        const agent = await this.ready();
        this.lastActiveAt = Date.now();
        this.opening++;
        try {
            const state = await agent.newSessionWithState(cwd, mcpServers);
            const early = this.early.get(state.sessionId) ?? [];
            this.early.delete(state.sessionId);
            this.register(state.sessionId, { handlers, cwd, mcpServers }, state, early);
            return { sessionId: state.sessionId, state, agent };
        } finally {
            if (--this.opening === 0) {
                this.early.clear();
            }
        }
    }

    /**
     * Continues a session the agent made earlier (in this process, an earlier one, or the agent's own
     * terminal UI): `session/resume` where the agent offers it, else `session/load` (its replay returned
     * apart, see `AttachedSession.replay`), else `session/new` with a plain `reason`. An error or no answer
     * within `timeoutMs` from load or resume also starts a new session with the reason: never a silent
     * loss, never a hang.
     */
    async attachSession(handlers: SessionHandlers, request: AttachRequest): Promise<AttachedSession> {
        // A second attach of the same session waits for the first (then finds it live).
        const earlier = this.attachments.get(request.sessionId) ?? Promise.resolve();
        const attempt = earlier.catch(() => undefined).then(() => this.attachOnce(handlers, request));
        this.attachments.set(request.sessionId, attempt);
        try {
            return await attempt;
        } finally {
            if (this.attachments.get(request.sessionId) === attempt) {
                this.attachments.delete(request.sessionId);
            }
        }
    }

    private async attachOnce(handlers: SessionHandlers, request: AttachRequest): Promise<AttachedSession> {
        const { sessionId } = request;
        const known = this.remembered.get(sessionId);
        const session: RememberedSession = {
            handlers, cwd: request.cwd ?? known?.cwd ?? this.options.workspace, mcpServers: request.mcpServers ?? known?.mcpServers ?? []
        };
        const agent = await this.ready();
        this.lastActiveAt = Date.now();
        if (this.sessions.has(sessionId) && !this.attaching.has(sessionId)) {
            this.register(sessionId, session, { configOptions: this.states.configOptionsOf(sessionId) }, []);
            return { sessionId, how: 'live', state: { sessionId, configOptions: this.states.configOptionsOf(sessionId) }, agent };
        }
        const method = attachMethod(agent.sessionCapabilities, request.prefer);
        let failure: string | undefined;
        if (method && !this.attaching.has(sessionId)) {
            const collected = { replay: [] as acp.SessionUpdate[], state: [] as acp.SessionUpdate[] };
            this.attaching.set(sessionId, collected);
            const timeoutMs = request.timeoutMs ?? this.options.attachTimeoutMs ?? DEFAULT_ATTACH_TIMEOUT_MS;
            try {
                const answer = await within(method === 'session/resume'
                    ? agent.resumeSession(sessionId, session.cwd, session.mcpServers)
                    : agent.loadSession(sessionId, session.cwd, session.mcpServers),
                timeoutMs, `no answer to ${method} within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`);
                // The replay's last notifications may still be in the SDK's handler chain (microtasks).
                await new Promise(resolve => setImmediate(resolve));
                const state = { ...answer, sessionId };
                this.register(sessionId, session, state, collected.state);
                this.options.logger.info(`${this.options.profile.displayName} ${method === 'session/resume' ? 'resumed' : 'loaded'} session ${sessionId}`);
                return method === 'session/resume'
                    ? { sessionId, how: 'resumed', state, agent }
                    : { sessionId, how: 'loaded', replay: collected.replay, state, agent };
            } catch (error) {
                failure = error instanceof AgentExitedError ? error.message : this.describe(error).message;
                this.options.logger.warn(`${this.options.profile.displayName} could not continue session ${sessionId} (${method}): ${failure}`);
            } finally {
                this.attaching.delete(sessionId);
            }
        }
        this.forget(sessionId);
        const opened = await this.openSession(handlers, session.cwd, session.mcpServers);
        return { ...opened, how: 'new', reason: freshStartReason(this.options.profile.displayName, failure) };
    }

    /** Whether `reattachSession` can continue this session (it was open, and is not closed or deleted). */
    canReattach(sessionId: string): boolean {
        return this.remembered.has(sessionId);
    }

    /**
     * After the agent process died (or was stopped), the session again with the handlers, folder and MCP
     * servers it had: resume or load (the replay kept from `onUpdate`), else a new session with a reason.
     */
    async reattachSession(sessionId: string, options: Pick<AttachRequest, 'timeoutMs'> = {}): Promise<AttachedSession> {
        const known = this.remembered.get(sessionId);
        if (!known) {
            throw new Error(`Session ${sessionId} was closed or never opened here`);
        }
        return this.attachSession(known.handlers, { sessionId, cwd: known.cwd, mcpServers: known.mcpServers, timeoutMs: options.timeoutMs });
    }

    /** The running agent's session capabilities; undefined while no agent runs (`sessionCapabilities()` starts one). */
    get knownSessionCapabilities(): AgentSessionCapabilities | undefined {
        return this.current?.sessionCapabilities;
    }

    /** What the agent offers for sessions (starts the agent if none runs). */
    async sessionCapabilities(): Promise<AgentSessionCapabilities> {
        return (await this.ready()).sessionCapabilities;
    }

    /** One page of `session/list` for `cwd` (the workspace by default); an agent without `list` is not asked. */
    async listSessions(cwd = this.options.workspace, cursor?: string): Promise<ListedSessions> {
        const agent = await this.ready();
        if (!agent.sessionCapabilities.list) {
            return { supported: false, sessions: [] };
        }
        const page = await agent.listSessions(cwd, cursor);
        return { supported: true, sessions: page.sessions, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    }

    /** Every page of `session/list` for `cwd`, following `nextCursor` (a repeated cursor or `maxPages` ends it). */
    async listAllSessions(cwd = this.options.workspace, maxPages = MAX_LIST_PAGES): Promise<ListedSessions> {
        const sessions: acp.SessionInfo[] = [];
        const cursors = new Set<string>();
        let page = await this.listSessions(cwd);
        sessions.push(...page.sessions);
        while (page.nextCursor && !cursors.has(page.nextCursor) && cursors.size < maxPages - 1) {
            cursors.add(page.nextCursor);
            page = await this.listSessions(cwd, page.nextCursor);
            sessions.push(...page.sessions);
        }
        return { supported: page.supported, sessions };
    }

    /** `session/delete` where offered (true: sent); the session is forgotten here either way. */
    async deleteSession(sessionId: string): Promise<boolean> {
        this.sessions.delete(sessionId);
        this.forget(sessionId);
        const agent = await this.ready();
        if (!agent.sessionCapabilities.delete) {
            return false;
        }
        await agent.deleteSession(sessionId);
        return true;
    }

    /** The session's config options as the agent last stated them (undefined: it reports none). */
    configOptionsOf(sessionId: string): acp.SessionConfigOption[] | undefined {
        return this.states.configOptionsOf(sessionId);
    }

    /** The session's last `usage_update` (context used and size, cost). */
    usageOf(sessionId: string): SessionUsage | undefined {
        return this.states.usageOf(sessionId);
    }

    /** `session/set_config_option`; the agent's answer replaces the session's whole set, which is returned. */
    async setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<acp.SessionConfigOption[]> {
        const agent = this.agent;
        if (!agent?.isAlive || !this.sessions.has(sessionId)) {
            throw new AgentExitedError('The agent session is gone');
        }
        const options = await agent.setConfigOption(sessionId, configId, value);
        this.states.setConfigOptions(sessionId, options);
        return options;
    }

    hasSession(sessionId: string): boolean {
        return this.sessions.has(sessionId) && !!this.agent?.isAlive;
    }

    /** One turn; rejects with the agent's error or an AgentExitedError (never hangs on a dead agent). */
    async prompt(sessionId: string, prompt: acp.ContentBlock[]): Promise<acp.PromptResponse> {
        const agent = this.agent;
        if (!agent?.isAlive || !this.sessions.has(sessionId)) {
            throw new AgentExitedError('The agent session is gone');
        }
        this.turns.add(sessionId);
        this.lastActiveAt = Date.now();
        try {
            return await agent.prompt(sessionId, prompt);
        } catch (error) {
            throw await this.exitBehind(agent, error);
        } finally {
            this.turns.delete(sessionId);
            this.lastActiveAt = Date.now();
            if (this.stale && this.turns.size === 0) {
                void this.stop();
            }
        }
    }

    /**
     * `session/cancel`. The caller answers its pending permissions `cancelled` (gemini does not end
     * the turn otherwise). A turn that still does not end (a model retrying for 45 s) costs the agent.
     */
    cancel(sessionId: string): void {
        const agent = this.agent;
        if (!agent?.isAlive) {
            return;
        }
        this.options.logger.info(`Cancelling the turn of session ${sessionId} in ${this.options.workspace}`);
        agent.cancel(sessionId);
        const timer = setTimeout(() => {
            if (this.turns.has(sessionId) && this.agent === agent) {
                this.options.logger.warn(`The turn in ${this.options.workspace} did not end after cancel; stopping the agent`);
                void this.stop();
            }
        }, this.options.cancelGraceMs ?? 10_000);
        timer.unref();
    }

    /** Ends a session for good: `session/close` where the agent offers it (true: sent), and it is not reattached. */
    async closeSession(sessionId: string): Promise<boolean> {
        this.forget(sessionId);
        if (!this.sessions.delete(sessionId)) {
            return false;
        }
        return await this.agent?.closeSession(sessionId).catch(() => false) ?? false;
    }

    /**
     * Stops the agent if nothing uses it: no session open, being opened or attached, no turn, no start under
     * way (e.g. after it was started only to list or delete sessions). True when it stopped one.
     */
    async stopIfUnused(): Promise<boolean> {
        if (!this.agent || this.starting || this.sessions.size > 0 || this.opening > 0 || this.attachments.size > 0 || this.turns.size > 0) {
            return false;
        }
        await this.stop();
        return true;
    }

    /** e.g. credentials changed: the next use gets a fresh agent with the new environment. */
    markStale(): void {
        this.stale = true;
        if (this.turns.size === 0) {
            void this.stop();
        }
    }

    async stop(): Promise<void> {
        const agent = this.agent;
        this.agent = undefined;
        this.stale = false;
        this.sessions.clear();
        await agent?.stop();
    }

    /** What went wrong, for a chat line or an API error: code, message, details (scrubbed). */
    describe(error: unknown): AgentFailure {
        return describeAgentError(error, this.options.scrub, !!this.agent);
    }

    private async start(): Promise<AgentProcess> {
        const { options } = this;
        const began = Date.now();
        const output = new StartOutputTail();
        let started = false;
        const onStderr = (chunk: string) => {
            if (!started && output.push(chunk) && this.startListeners.size > 0) {
                const line = options.scrub(output.lastLine ?? '');
                this.startListeners.forEach(listener => listener(line));
            }
        };
        const agent = await AgentProcess.start({
            onStderr,
            profile: options.profile, command: options.command, cwd: options.workspace,
            env: await options.environment(), logger: options.logger, scrub: options.scrub,
            clientName: options.clientName, showsTerminalOutputMeta: options.showsTerminalOutputMeta, handlers: this.handlers(),
            formElicitation: options.formElicitation, urlElicitation: options.urlElicitation, terminalAuth: options.terminalAuth, booleanConfigOptions: options.booleanConfigOptions
        }).finally(() => { started = true; });
        this.agent = agent;
        options.logger.info(`${options.profile.displayName} started for ${options.workspace} (pid ${agent.pid}, ` +
            `${agent.agentInfo?.version ?? 'unknown version'}) in ${Date.now() - began} ms`);
        void agent.exited.then(error => {
            if (this.agent !== agent) {
                return;
            }
            options.logger.warn(`${error.message} (workspace ${options.workspace})`);
            error.stderr = agent.recentStderr;
            this.agent = undefined;
            const sessions = [...this.sessions.values()];
            this.sessions.clear();
            sessions.forEach(session => session.onAgentExit?.(error));
        });
        return agent;
    }

    /** Routes the session's traffic to `session.handlers` from now on; what came meanwhile follows next tick. */
    private register(sessionId: string, session: RememberedSession, state: { configOptions?: acp.SessionConfigOption[] | null }, meanwhile: acp.SessionUpdate[]): void {
        this.sessions.set(sessionId, session.handlers);
        this.remembered.delete(sessionId);
        this.remembered.set(sessionId, session);
        if (this.remembered.size > MAX_REMEMBERED_SESSIONS) {
            this.forget(this.remembered.keys().next().value!);
        }
        this.states.started(sessionId, state);
        // After the caller has the session: on the next tick.
        setTimeout(() => meanwhile.forEach(update => session.handlers.onUpdate(update)), 0);
    }

    private forget(sessionId: string): void {
        this.remembered.delete(sessionId);
        this.states.forget(sessionId);
    }

    private handlers(): AgentHandlers {
        const session = (sessionId: string) => this.sessions.get(sessionId);
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
                } else if (this.opening > 0) {
                    this.early.set(sessionId, [...(this.early.get(sessionId) ?? []), update].slice(-50));
                }
            },
            onPermission: (request, signal) => session(request.sessionId)?.onPermission(request, signal) ?? Promise.resolve(CANCELLED),
            // A request-scoped form (no session) has nobody to show it to.
            onElicitation: (request, signal) => ('sessionId' in request && typeof request.sessionId === 'string'
                ? session(request.sessionId)?.onElicitation?.(request, signal) : undefined) ?? Promise.resolve(NOT_ANSWERED)
        };
        if (this.options.serveFileSystem) {
            handlers.readTextFile = request => fileHandler(session(request.sessionId)?.readTextFile, request);
            handlers.writeTextFile = request => fileHandler(session(request.sessionId)?.writeTextFile, request);
        }
        if (this.options.serveTerminals) {
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

    /**
     * A killed agent's pipe may close (and the request fail) a moment before its exit is reported:
     * give the exit that moment, so the error says the agent is gone and the next use starts anew.
     */
    private async exitBehind(agent: AgentProcess, error: unknown): Promise<unknown> {
        if (error instanceof AgentExitedError) {
            return error;
        }
        let timer: NodeJS.Timeout | undefined;
        const exited = await Promise.race([agent.exited, new Promise<undefined>(resolve => { timer = setTimeout(() => resolve(undefined), 500); })]);
        clearTimeout(timer);
        if (exited) {
            exited.stderr = agent.recentStderr;
        }
        return exited ?? error;
    }
}

async function fileHandler<R, T>(handler: ((request: R) => Promise<T>) | undefined, request: R): Promise<T> {
    if (!handler) {
        throw new Error('No such session, or it does not serve files');
    }
    return handler(request);
}
