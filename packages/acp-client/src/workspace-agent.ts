import type * as acp from '@agentclientprotocol/sdk';
import { AgentExitedError, AgentFailure, describeAgentError } from './agent-errors';
import { AgentProcess } from './agent-process';
import { AgentProcessSlot } from './agent-process-slot';
import { AcpAgentLaunch } from './agent-profiles';
import { AttachedSession, AttachRequest, attachMethod, DEFAULT_ATTACH_TIMEOUT_MS, freshStartReason, within } from './session-attach';
import { AgentSessionCapabilities } from './session-capabilities';
import { listAllPages, ListedSessions } from './session-listing';
import { RememberedSession, SessionHandlers, SessionRoutes } from './session-routes';
import { SessionStates } from './session-state';
import { attachTimeoutMessage, sessionStartTimeoutMessage, sessionStartTimeoutMs, sessionStartWithin } from './session-start-bound';
import { OpenedSession, WorkspaceAgentOptions } from './workspace-agent-options';

/**
 * The agent process of one (agent, workspace): started on first use, reused by every session,
 * replaced after a crash or when marked stale. Sessions register handlers; the agent's requests
 * and updates reach the session they name (an unknown session's permission is answered cancelled).
 */
export class WorkspaceAgent {
    private readonly routes: SessionRoutes;
    private readonly slot: AgentProcessSlot;
    /** Sessions with a prompt in flight (a stale agent waits for them before it is stopped). */
    private readonly turns = new Set<string>();
    private lastActiveAt = Date.now();
    private readonly attachments = new Map<string, Promise<AttachedSession>>();

    constructor(private readonly options: WorkspaceAgentOptions) {
        this.routes = new SessionRoutes(options);
        this.slot = new AgentProcessSlot(options, {
            handlers: () => this.routes.agentHandlers(),
            dropped: exit => this.routes.dropAll(exit)
        });
    }

    get workspace(): string {
        return this.options.workspace;
    }

    get profile(): AcpAgentLaunch {
        return this.options.profile;
    }

    get pid(): number | undefined {
        return this.slot.current?.pid;
    }

    /** The running agent process, if any (e.g. for its `initialize` answer). */
    get current(): AgentProcess | undefined {
        return this.slot.current;
    }

    /** True while an agent process is being started (until it answered `initialize`, or failed). */
    get isStarting(): boolean {
        return this.slot.isStarting;
    }

    /**
     * While an agent starts, `listener` hears each new last line of what it prints to stderr (scrubbed):
     * for an npx or uvx agent, what npm or uv says while it fetches the package. Returns the unsubscribe.
     */
    onStartOutput(listener: (line: string) => void): () => void {
        return this.slot.onStartOutput(listener);
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
        return this.slot.ready();
    }

    /** A new ACP session on this workspace's agent; its traffic goes to `handlers`. Bounded: see DEFAULT_SESSION_START_TIMEOUT_MS. */
    async openSession(handlers: SessionHandlers, cwd = this.options.workspace, mcpServers: acp.McpServer[] = []): Promise<OpenedSession> {
        const agent = await this.ready();
        this.lastActiveAt = Date.now();
        const timeoutMs = sessionStartTimeoutMs(this.options.sessionStartTimeoutMs);
        const state = await this.routes.open({ handlers, cwd, mcpServers }, () => sessionStartWithin(agent.newSessionWithState(cwd, mcpServers), timeoutMs,
            sessionStartTimeoutMessage(this.options.profile.displayName, 'session/new', timeoutMs, mcpServers),
            late => void agent.closeSession(late.sessionId).catch(() => undefined)));
        return { sessionId: state.sessionId, state, agent };
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
        const known = this.routes.rememberedOf(sessionId);
        const session: RememberedSession = {
            handlers, cwd: request.cwd ?? known?.cwd ?? this.options.workspace, mcpServers: request.mcpServers ?? known?.mcpServers ?? []
        };
        const agent = await this.ready();
        this.lastActiveAt = Date.now();
        if (this.routes.has(sessionId) && !this.routes.isAttaching(sessionId)) {
            const configOptions = this.routes.states.configOptionsOf(sessionId);
            this.routes.register(sessionId, session, { configOptions }, []);
            return { sessionId, how: 'live', state: { sessionId, configOptions }, agent };
        }
        const method = attachMethod(agent.sessionCapabilities, request.prefer);
        let failure: string | undefined;
        if (method && !this.routes.isAttaching(sessionId)) {
            const timeoutMs = request.timeoutMs ?? this.options.attachTimeoutMs ?? DEFAULT_ATTACH_TIMEOUT_MS;
            try {
                const { state, replay } = await this.routes.attach(sessionId, session, () => within(method === 'session/resume'
                    ? agent.resumeSession(sessionId, session.cwd, session.mcpServers)
                    : agent.loadSession(sessionId, session.cwd, session.mcpServers),
                timeoutMs, attachTimeoutMessage(this.options.profile.displayName, method, timeoutMs, session.mcpServers)));
                this.options.logger.info(`${this.options.profile.displayName} ${method === 'session/resume' ? 'resumed' : 'loaded'} session ${sessionId}`);
                return method === 'session/resume'
                    ? { sessionId, how: 'resumed', state, agent }
                    : { sessionId, how: 'loaded', replay, state, agent };
            } catch (error) {
                failure = error instanceof AgentExitedError ? error.message : this.describe(error).message;
                this.options.logger.warn(`${this.options.profile.displayName} could not continue session ${sessionId} (${method}): ${failure}`);
            }
        }
        this.routes.forget(sessionId);
        const opened = await this.openSession(handlers, session.cwd, session.mcpServers);
        return { ...opened, how: 'new', reason: freshStartReason(this.options.profile.displayName, failure) };
    }

    /** Whether `reattachSession` can continue this session (it was open, and is not closed or deleted). */
    canReattach(sessionId: string): boolean {
        return this.routes.rememberedOf(sessionId) !== undefined;
    }

    /**
     * After the agent process died (or was stopped), the session again with the handlers, folder and MCP
     * servers it had: resume or load (the replay kept from `onUpdate`), else a new session with a reason.
     */
    async reattachSession(sessionId: string, options: Pick<AttachRequest, 'timeoutMs'> = {}): Promise<AttachedSession> {
        const known = this.routes.rememberedOf(sessionId);
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
    async listAllSessions(cwd = this.options.workspace, maxPages?: number): Promise<ListedSessions> {
        return listAllPages(cursor => this.listSessions(cwd, cursor), maxPages);
    }

    /** `session/delete` where offered (true: sent); the session is forgotten here either way. */
    async deleteSession(sessionId: string): Promise<boolean> {
        this.routes.delete(sessionId);
        this.routes.forget(sessionId);
        const agent = await this.ready();
        if (!agent.sessionCapabilities.delete) {
            return false;
        }
        await agent.deleteSession(sessionId);
        return true;
    }

    /** What the agent last stated of each session: its config options (undefined: it reports none), usage and slash commands. */
    get states(): SessionStates {
        return this.routes.states;
    }

    /** `session/set_config_option`; the agent's answer replaces the session's whole set, which is returned. */
    async setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<acp.SessionConfigOption[]> {
        const agent = this.slot.agent;
        if (!agent?.isAlive || !this.routes.has(sessionId)) {
            throw new AgentExitedError('The agent session is gone');
        }
        const options = await agent.setConfigOption(sessionId, configId, value);
        this.routes.states.setConfigOptions(sessionId, options);
        return options;
    }

    hasSession(sessionId: string): boolean {
        return this.routes.has(sessionId) && !!this.slot.current;
    }

    /** One turn; rejects with the agent's error or an AgentExitedError (never hangs on a dead agent). */
    async prompt(sessionId: string, prompt: acp.ContentBlock[]): Promise<acp.PromptResponse> {
        const agent = this.slot.agent;
        if (!agent?.isAlive || !this.routes.has(sessionId)) {
            throw new AgentExitedError('The agent session is gone');
        }
        this.turns.add(sessionId);
        this.lastActiveAt = Date.now();
        try {
            return await agent.prompt(sessionId, prompt);
        } catch (error) {
            throw await this.slot.exitBehind(agent, error);
        } finally {
            this.turns.delete(sessionId);
            this.lastActiveAt = Date.now();
            if (this.slot.isStale && this.turns.size === 0) {
                void this.stop();
            }
        }
    }

    /**
     * `session/cancel`. The caller answers its pending permissions `cancelled` (gemini does not end
     * the turn otherwise). A turn that still does not end (a model retrying for 45 s) costs the agent.
     */
    cancel(sessionId: string): void {
        const agent = this.slot.agent;
        if (!agent?.isAlive) {
            return;
        }
        this.options.logger.info(`Cancelling the turn of session ${sessionId} in ${this.options.workspace}`);
        agent.cancel(sessionId);
        const timer = setTimeout(() => {
            if (this.turns.has(sessionId) && this.slot.agent === agent) {
                this.options.logger.warn(`The turn in ${this.options.workspace} did not end after cancel; stopping the agent`);
                void this.stop();
            }
        }, this.options.cancelGraceMs ?? 10_000);
        timer.unref();
    }

    /** Ends a session for good: `session/close` where the agent offers it (true: sent), and it is not reattached. */
    async closeSession(sessionId: string): Promise<boolean> {
        this.routes.forget(sessionId);
        if (!this.routes.delete(sessionId)) {
            return false;
        }
        return await this.slot.agent?.closeSession(sessionId).catch(() => false) ?? false;
    }

    /**
     * Stops the agent if nothing uses it: no session open, being opened or attached, no turn, no start under
     * way (e.g. after it was started only to list or delete sessions). True when it stopped one.
     */
    async stopIfUnused(): Promise<boolean> {
        if (!this.slot.agent || this.slot.isStarting || this.routes.size > 0 || this.routes.isOpening || this.attachments.size > 0 || this.turns.size > 0) {
            return false;
        }
        await this.stop();
        return true;
    }

    /** e.g. credentials changed: the next use gets a fresh agent with the new environment. */
    markStale(): void {
        this.slot.markStale();
        if (this.turns.size === 0) {
            void this.stop();
        }
    }

    async stop(): Promise<void> {
        await this.slot.stop();
    }

    /** What went wrong, for a chat line or an API error: code, message, details (scrubbed). */
    describe(error: unknown): AgentFailure {
        return describeAgentError(error, this.options.scrub, !!this.slot.agent);
    }
}
