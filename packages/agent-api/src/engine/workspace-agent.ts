import type * as acp from '@agentclientprotocol/sdk';
import type { AgentLogger } from '../agent-logger';
import { StreamEvent, ToolCallSummary, ToolOutcome } from '../http/api-types';
import { AgentExitedError, AgentProcess } from './agent-process';
import { AgentProfile } from './agent-profiles';
import { PendingConfirmations } from './pending-confirmations';
import { AcpToolCall, AcpUpdate, TurnTranslator } from './turn-translator';

export interface WorkspaceAgentOptions {
    readonly workspace: string;
    readonly profile: AgentProfile;
    readonly command?: string;
    /** The environment for the next agent start: the server's plus the stored credentials. */
    readonly environment: () => Promise<NodeJS.ProcessEnv>;
    readonly confirmations: PendingConfirmations;
    readonly logger: AgentLogger;
    readonly scrub: (text: string) => string;
    /** After a cancel, how long the agent may take to end the turn before it is killed. */
    readonly cancelGraceMs?: number;
}

export interface TurnRequest {
    readonly prompt: acp.ContentBlock[];
    /** Receives every event of the turn, the last one `complete` or `error`. */
    readonly emit: (event: StreamEvent) => void;
    /** Aborted when the client goes away: the turn is cancelled. */
    readonly signal: AbortSignal;
    /** Permission requests are refused at once (a caller that cannot show them). */
    readonly refuseConfirmations?: boolean;
    /** The directory the turn works in (a session per directory); the agent's workspace by default. */
    readonly cwd?: string;
}

/** Sessions one agent keeps (one per directory chats ran in); the least recently used is forgotten past it. */
const MAX_SESSIONS_PER_AGENT = 32;

export interface TurnResult {
    readonly response: string;
    readonly toolCalls: ToolCallSummary[];
}

interface ActiveTurn {
    readonly sessionId: string;
    readonly translator: TurnTranslator;
    readonly request: TurnRequest;
}

/**
 * The agent of one workspace: a CLI child started on the first turn and reused, one ACP session,
 * one turn at a time (a second prompt would abort the first: acp.md §5). A crashed or stale agent
 * is replaced on the next turn.
 */
export class WorkspaceAgent {
    private agent: AgentProcess | undefined;
    /** ACP session per working directory, in least-recently-used order. */
    private readonly sessions = new Map<string, string>();
    private starting: Promise<AgentProcess> | undefined;
    private lastActiveAt = Date.now();
    private active: ActiveTurn | undefined;
    private busy = false;
    private stale = false;
    private readonly pendingSettlers = new Map<string, (outcome: ToolOutcome | undefined) => void>();

    constructor(private readonly options: WorkspaceAgentOptions) { }

    get workspace(): string {
        return this.options.workspace;
    }

    get isBusy(): boolean {
        return this.busy;
    }

    /** When a turn last started or ended (or the agent was made). */
    get lastActive(): number {
        return this.lastActiveAt;
    }

    get pid(): number | undefined {
        return this.agent?.isAlive ? this.agent.pid : undefined;
    }

    /** Claims the workspace for one turn; false when a turn is running. */
    tryReserve(): boolean {
        if (this.busy) {
            return false;
        }
        this.busy = true;
        this.lastActiveAt = Date.now();
        return true;
    }

    /** Gives back a reservation whose turn was never run (runTurn releases its own). */
    release(): void {
        this.busy = false;
    }

    /** Runs a reserved turn to its end; never throws: failures end the stream with an `error` event. */
    async runTurn(request: TurnRequest): Promise<TurnResult> {
        const translator = new TurnTranslator();
        const emitAll = (events: StreamEvent[]) => events.forEach(event => request.emit(event));
        try {
            const { agent, sessionId } = await this.ready(request.cwd ?? this.options.workspace);
            if (request.signal.aborted) {
                emitAll(translator.end({ stopReason: 'cancelled' }));
                return { response: '', toolCalls: [] };
            }
            this.active = { sessionId, translator, request };
            const onAbort = () => this.cancel(agent, sessionId);
            request.signal.addEventListener('abort', onAbort, { once: true });
            try {
                const result = await agent.prompt(sessionId, request.prompt);
                emitAll(translator.end({ stopReason: result.stopReason }));
            } finally {
                request.signal.removeEventListener('abort', onAbort);
            }
        } catch (error) {
            emitAll(translator.end({ error: this.describe(await this.exitBehind(error)) }));
        } finally {
            this.active = undefined;
            this.refuseOpenConfirmations();
            this.busy = false;
            this.lastActiveAt = Date.now();
            if (this.stale) {
                void this.stop();
            }
        }
        return { response: translator.responseText, toolCalls: translator.toolCalls };
    }

    /** Credentials changed: the next turn gets a fresh agent with the new environment. */
    markStale(): void {
        this.stale = true;
        if (!this.busy) {
            void this.stop();
        }
    }

    async stop(): Promise<void> {
        const agent = this.agent;
        this.agent = undefined;
        this.sessions.clear();
        this.stale = false;
        await agent?.stop();
    }

    private async ready(cwd: string): Promise<{ agent: AgentProcess; sessionId: string }> {
        if (!this.agent?.isAlive || this.stale) {
            if (this.agent) {
                await this.stop();
            }
            this.starting ??= this.start().finally(() => { this.starting = undefined; });
            await this.starting;
        }
        const agent = this.agent!;
        let sessionId = this.sessions.get(cwd);
        if (sessionId === undefined) {
            sessionId = await agent.newSession(cwd);
            if (this.sessions.size >= MAX_SESSIONS_PER_AGENT) {
                this.sessions.delete(this.sessions.keys().next().value!);
            }
        }
        this.sessions.delete(cwd);
        this.sessions.set(cwd, sessionId);
        return { agent, sessionId };
    }

    private async start(): Promise<AgentProcess> {
        const { options } = this;
        const began = Date.now();
        const agent = await AgentProcess.start({
            profile: options.profile, command: options.command, cwd: options.workspace,
            env: await options.environment(), logger: options.logger, scrub: options.scrub,
            handlers: {
                onUpdate: (sessionId, update) => this.onUpdate(sessionId, update),
                onPermission: (request, signal) => this.onPermission(request, signal)
            }
        });
        try {
            this.sessions.set(options.workspace, await agent.newSession(options.workspace));
            this.agent = agent;
            options.logger.info(`${options.profile.displayName} started for ${options.workspace} (pid ${agent.pid}, ` +
                `${agent.agentInfo?.version ?? 'unknown version'}) in ${Date.now() - began} ms`);
            void agent.exited.then(error => {
                if (this.agent === agent) {
                    options.logger.warn(`${error.message} (workspace ${options.workspace})`);
                }
            });
            return agent;
        } catch (error) {
            this.sessions.clear();
            await agent.stop(0);
            throw error;
        }
    }

    private onUpdate(sessionId: string, update: acp.SessionUpdate): void {
        const turn = this.active;
        if (turn && turn.sessionId === sessionId) {
            turn.translator.update(update as unknown as AcpUpdate).forEach(event => turn.request.emit(event));
        }
    }

    private onPermission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
        const turn = this.active;
        const cancelled: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };
        if (!turn || turn.sessionId !== request.sessionId || turn.request.signal.aborted) {
            return Promise.resolve(cancelled);
        }
        const toolCall = request.toolCall as unknown as AcpToolCall;
        const callId = toolCall.toolCallId;
        turn.translator.permission(toolCall, request.options).forEach(event => turn.request.emit(event));
        if (turn.request.refuseConfirmations) {
            turn.translator.confirmed(callId, 'cancel').forEach(event => turn.request.emit(event));
            return Promise.resolve(rejectOption(request.options) ?? cancelled);
        }
        return new Promise(resolve => {
            const settle = (outcome: ToolOutcome | undefined) => {
                this.options.confirmations.remove(callId);
                this.pendingSettlers.delete(callId);
                signal.removeEventListener('abort', onWithdrawn);
                if (outcome === undefined) {
                    resolve(cancelled);
                    return;
                }
                turn.translator.confirmed(callId, outcome).forEach(event => turn.request.emit(event));
                resolve({ outcome: { outcome: 'selected', optionId: outcome } });
            };
            const onWithdrawn = () => settle(undefined);
            signal.addEventListener('abort', onWithdrawn, { once: true });
            this.pendingSettlers.set(callId, settle);
            this.options.confirmations.add(callId, this.options.workspace, request.options, settle);
        });
    }

    /** gemini does not end a cancelled turn while a permission is pending: answer them "cancelled". */
    private refuseOpenConfirmations(): void {
        for (const [callId, settle] of [...this.pendingSettlers]) {
            this.pendingSettlers.delete(callId);
            settle(undefined);
        }
    }

    private cancel(agent: AgentProcess, sessionId: string): void {
        this.options.logger.info(`Cancelling the turn in ${this.options.workspace}: the client went away`);
        agent.cancel(sessionId);
        this.refuseOpenConfirmations();
        // A turn that does not end after the cancel (a model retrying for 45 s) costs the agent.
        const timer = setTimeout(() => {
            if (this.active?.sessionId === sessionId && this.agent === agent) {
                this.options.logger.warn(`The turn in ${this.options.workspace} did not end after cancel; stopping the agent`);
                void this.stop();
            }
        }, this.options.cancelGraceMs ?? 10_000);
        timer.unref();
    }

    /**
     * A killed agent's pipe may close (and the request fail) a moment before its exit is reported:
     * give the exit that moment, so the error says the agent is gone and the next request starts anew.
     */
    private async exitBehind(error: unknown): Promise<unknown> {
        const agent = this.agent;
        if (error instanceof AgentExitedError || !agent) {
            return error;
        }
        let timer: NodeJS.Timeout | undefined;
        const exited = await Promise.race([agent.exited, new Promise<undefined>(resolve => { timer = setTimeout(() => resolve(undefined), 500); })]);
        clearTimeout(timer);
        return exited ?? error;
    }

    private describe(error: unknown): { message: string; code: string; details: string } {
        const scrub = this.options.scrub;
        if (error instanceof AgentExitedError) {
            const stderr = this.agent?.recentStderr ?? '';
            this.agent = undefined;
            this.sessions.clear();
            return { code: 'AGENT_EXITED', message: `${error.message}; the next request starts a new agent.`, details: scrub(stderr) };
        }
        const rpc = error as { code?: number; message?: string; data?: unknown };
        if (typeof rpc?.code === 'number') {
            const data = rpc.data === undefined ? '' : typeof rpc.data === 'string' ? rpc.data : JSON.stringify(rpc.data);
            return { code: 'AGENT_ERROR', message: scrub(rpc.message ?? 'The agent reported an error.'), details: scrub(data) };
        }
        const message = error instanceof Error ? error.message : String(error);
        return { code: this.agent ? 'AGENT_ERROR' : 'AGENT_START_FAILED', message: scrub(message.split('\n')[0]), details: scrub(message) };
    }
}

/** The agent's own "reject" option, so the CLI reports the refusal to the model as the user's. */
function rejectOption(options: readonly acp.PermissionOption[]): acp.RequestPermissionResponse | undefined {
    const reject = options.find(option => option.kind === 'reject_once') ?? options.find(option => option.optionId === 'cancel');
    return reject ? { outcome: { outcome: 'selected', optionId: reject.optionId } } : undefined;
}
