import type * as acp from '@agentclientprotocol/sdk';
import { AgentExitedError, PERMISSION_CANCELLED as CANCELLED, WorkspaceAgent } from '@ai-cli-companion/acp-client';
import { StreamEvent, ToolCallSummary, ToolOutcome } from '../http/api-types';
import { PendingConfirmations } from './pending-confirmations';
import { AcpToolCall, AcpUpdate } from './acp-tool-call';
import { TurnTranslator } from './turn-translator';

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

/** Sessions one chat keeps (one per directory chats ran in); the least recently used is forgotten past it. */
const MAX_SESSIONS_PER_AGENT = 32;

export interface TurnResult {
    readonly response: string;
    readonly toolCalls: ToolCallSummary[];
}

interface ActiveTurn {
    readonly translator: TurnTranslator;
    readonly request: TurnRequest;
}

/**
 * The Agent API's chat in one workspace: one ACP session on the shared engine's agent of that
 * workspace, one turn at a time (a second prompt would abort the first: acp.md §5), translated
 * into the spec's stream events.
 */
export class WorkspaceChat {
    /** ACP session per working directory, in least-recently-used order. */
    private readonly sessions = new Map<string, string>();
    private readonly opening = new Map<string, Promise<string>>();
    private active: ActiveTurn | undefined;
    private busy = false;
    private readonly pendingSettlers = new Map<string, (outcome: ToolOutcome | undefined) => void>();

    constructor(private readonly agent: WorkspaceAgent, private readonly confirmations: PendingConfirmations) { }

    get workspace(): string {
        return this.agent.workspace;
    }

    get isBusy(): boolean {
        return this.busy;
    }

    /** Claims the workspace for one turn; false when a turn is running. */
    tryReserve(): boolean {
        if (this.busy) {
            return false;
        }
        this.busy = true;
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
            const sessionId = await this.session(request.cwd ?? this.agent.workspace);
            if (request.signal.aborted) {
                emitAll(translator.end({ stopReason: 'cancelled' }));
                return { response: '', toolCalls: [] };
            }
            this.active = { translator, request };
            const onAbort = () => {
                this.agent.cancel(sessionId);
                this.refuseOpenConfirmations();
            };
            request.signal.addEventListener('abort', onAbort, { once: true });
            try {
                const result = await this.agent.prompt(sessionId, request.prompt);
                emitAll(translator.end({ stopReason: result.stopReason }));
            } finally {
                request.signal.removeEventListener('abort', onAbort);
            }
        } catch (error) {
            if (error instanceof AgentExitedError) {
                this.sessions.clear();
            }
            const { code, message, details } = this.agent.describe(error);
            emitAll(translator.end({ error: { code: code === 'AGENT_NOT_FOUND' || code === 'AUTH_REQUIRED' ? 'AGENT_START_FAILED' : code, message, details } }));
        } finally {
            this.active = undefined;
            this.refuseOpenConfirmations();
            this.busy = false;
        }
        return { response: translator.responseText, toolCalls: translator.toolCalls };
    }

    private async session(cwd: string): Promise<string> {
        let sessionId = this.sessions.get(cwd);
        if (sessionId === undefined || !this.agent.hasSession(sessionId)) {
            let opening = this.opening.get(cwd);
            if (!opening) {
                opening = this.agent.openSession({
                    onUpdate: update => this.onUpdate(update),
                    onPermission: (request, signal) => this.onPermission(request, signal),
                    onAgentExit: () => this.sessions.clear()
                }, cwd).then(opened => opened.sessionId).finally(() => this.opening.delete(cwd));
                this.opening.set(cwd, opening);
            }
            sessionId = await opening;
            if (this.sessions.size >= MAX_SESSIONS_PER_AGENT && !this.sessions.has(cwd)) {
                const oldest = this.sessions.keys().next().value!;
                void this.agent.closeSession(this.sessions.get(oldest)!);
                this.sessions.delete(oldest);
            }
        }
        this.sessions.delete(cwd);
        this.sessions.set(cwd, sessionId);
        return sessionId;
    }

    private onUpdate(update: acp.SessionUpdate): void {
        const turn = this.active;
        if (turn) {
            turn.translator.update(update as unknown as AcpUpdate).forEach(event => turn.request.emit(event));
        }
    }

    private onPermission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
        const turn = this.active;
        if (!turn || turn.request.signal.aborted) {
            return Promise.resolve(CANCELLED);
        }
        const toolCall = request.toolCall as unknown as AcpToolCall;
        const callId = toolCall.toolCallId;
        turn.translator.permission(toolCall, request.options).forEach(event => turn.request.emit(event));
        if (turn.request.refuseConfirmations) {
            turn.translator.confirmed(callId, 'cancel').forEach(event => turn.request.emit(event));
            return Promise.resolve(rejectOption(request.options) ?? CANCELLED);
        }
        return new Promise(resolve => {
            const settle = (outcome: ToolOutcome | undefined) => {
                this.confirmations.remove(callId);
                this.pendingSettlers.delete(callId);
                signal.removeEventListener('abort', onWithdrawn);
                if (outcome === undefined) {
                    resolve(CANCELLED);
                    return;
                }
                turn.translator.confirmed(callId, outcome).forEach(event => turn.request.emit(event));
                resolve({ outcome: { outcome: 'selected', optionId: outcome } });
            };
            const onWithdrawn = () => settle(undefined);
            signal.addEventListener('abort', onWithdrawn, { once: true });
            this.pendingSettlers.set(callId, settle);
            this.confirmations.add(callId, this.workspace, request.options, settle);
        });
    }

    /** gemini does not end a cancelled turn while a permission is pending: answer them "cancelled". */
    private refuseOpenConfirmations(): void {
        for (const [callId, settle] of [...this.pendingSettlers]) {
            this.pendingSettlers.delete(callId);
            settle(undefined);
        }
    }
}

/** The agent's own "reject" option, so the CLI reports the refusal to the model as the user's. */
function rejectOption(options: readonly acp.PermissionOption[]): acp.RequestPermissionResponse | undefined {
    const reject = options.find(option => option.kind === 'reject_once') ?? options.find(option => option.optionId === 'cancel');
    return reject ? { outcome: { outcome: 'selected', optionId: reject.optionId } } : undefined;
}
