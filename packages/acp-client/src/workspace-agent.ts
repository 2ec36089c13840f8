import type * as acp from '@agentclientprotocol/sdk';
import type { AgentLogger } from './agent-logger';
import { AgentExitedError, AgentHandlers, AgentProcess } from './agent-process';
import { AcpAgentLaunch } from './agent-profiles';
import { AgentFailure, describeAgentError } from './agent-errors';
import type { TerminalRequestHandlers } from './client-terminals';

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
    readonly clientName?: string;
}

/** What one ACP session hears from the agent; the engine routes by session id. */
export interface SessionHandlers {
    onUpdate(update: acp.SessionUpdate): void;
    onPermission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
    readTextFile?(request: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse>;
    writeTextFile?(request: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse>;
    terminals?: TerminalRequestHandlers;
    /** The agent process died: this session is gone with it. */
    onAgentExit?(error: AgentExitedError): void;
}

export interface OpenedSession {
    readonly sessionId: string;
    readonly state: acp.NewSessionResponse;
    readonly agent: AgentProcess;
}

const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

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
    async openSession(handlers: SessionHandlers, cwd = this.options.workspace): Promise<OpenedSession> {
        const agent = await this.ready();
        this.lastActiveAt = Date.now();
        this.opening++;
        try {
            const state = await agent.newSessionWithState(cwd);
            this.sessions.set(state.sessionId, handlers);
            const early = this.early.get(state.sessionId) ?? [];
            this.early.delete(state.sessionId);
            // After the caller has the session id: replay on the next tick.
            setTimeout(() => early.forEach(update => handlers.onUpdate(update)), 0);
            return { sessionId: state.sessionId, state, agent };
        } finally {
            if (--this.opening === 0) {
                this.early.clear();
            }
        }
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

    async closeSession(sessionId: string): Promise<void> {
        if (!this.sessions.delete(sessionId)) {
            return;
        }
        await this.agent?.closeSession(sessionId).catch(() => undefined);
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
        const agent = await AgentProcess.start({
            profile: options.profile, command: options.command, cwd: options.workspace,
            env: await options.environment(), logger: options.logger, scrub: options.scrub,
            clientName: options.clientName, showsTerminalOutputMeta: options.showsTerminalOutputMeta, handlers: this.handlers()
        });
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

    private handlers(): AgentHandlers {
        const session = (sessionId: string) => this.sessions.get(sessionId);
        const handlers: AgentHandlers = {
            onUpdate: (sessionId, update) => {
                const handlers = session(sessionId);
                if (handlers) {
                    handlers.onUpdate(update);
                } else if (this.opening > 0) {
                    this.early.set(sessionId, [...(this.early.get(sessionId) ?? []), update].slice(-50));
                }
            },
            onPermission: (request, signal) => session(request.sessionId)?.onPermission(request, signal) ?? Promise.resolve(CANCELLED)
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
