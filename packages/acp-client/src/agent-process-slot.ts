import { AgentExitedError } from './agent-errors';
import { AgentProcess } from './agent-process';
import type { AgentHandlers } from './client-requests';
import { StartOutputTail } from './start-output';
import type { WorkspaceAgentOptions } from './workspace-agent-options';

/** What the slot needs from its workspace agent: handlers for a new process, and word when the process is gone. */
export interface AgentProcessSlotEvents {
    handlers(): AgentHandlers;
    /** The process was stopped (no `exit`) or died (`exit`): its sessions are gone with it. */
    dropped(exit?: AgentExitedError): void;
}

/**
 * The one agent process of a workspace agent: started on first use (once, however many callers wait),
 * replaced on the next use after a crash or once marked stale.
 */
export class AgentProcessSlot {
    private process: AgentProcess | undefined;
    private starting: Promise<AgentProcess> | undefined;
    private stale = false;
    /** Who hears the last line the agent prints while it starts (`onStartOutput`). */
    private readonly startListeners = new Set<(line: string) => void>();

    constructor(private readonly options: WorkspaceAgentOptions, private readonly events: AgentProcessSlotEvents) { }

    /** The process until it is stopped or its exit is handled (it may have exited a moment ago). */
    get agent(): AgentProcess | undefined {
        return this.process;
    }

    /** The running process, if any. */
    get current(): AgentProcess | undefined {
        return this.process?.isAlive ? this.process : undefined;
    }

    /** True while a process is being started (until it answered `initialize`, or failed). */
    get isStarting(): boolean {
        return this.starting !== undefined;
    }

    get isStale(): boolean {
        return this.stale;
    }

    /** The next `ready()` starts a fresh process (the caller stops this one when no turn needs it). */
    markStale(): void {
        this.stale = true;
    }

    /** See `WorkspaceAgent.onStartOutput`. */
    onStartOutput(listener: (line: string) => void): () => void {
        this.startListeners.add(listener);
        return () => this.startListeners.delete(listener);
    }

    /** The running agent, started (once, however many callers wait) when there is none. */
    async ready(): Promise<AgentProcess> {
        if (this.process?.isAlive && !this.stale) {
            return this.process;
        }
        if (this.process) {
            await this.stop();
        }
        this.starting ??= this.start().finally(() => { this.starting = undefined; });
        return this.starting;
    }

    async stop(): Promise<void> {
        const process = this.process;
        this.process = undefined;
        this.stale = false;
        this.events.dropped();
        await process?.stop();
    }

    /**
     * A killed agent's pipe may close (and the request fail) a moment before its exit is reported:
     * give the exit that moment, so the error says the agent is gone and the next use starts anew.
     */
    async exitBehind(agent: AgentProcess, error: unknown): Promise<unknown> {
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
            clientName: options.clientName, showsTerminalOutputMeta: options.showsTerminalOutputMeta, handlers: this.events.handlers(),
            formElicitation: options.formElicitation, urlElicitation: options.urlElicitation, terminalAuth: options.terminalAuth, booleanConfigOptions: options.booleanConfigOptions
        }).finally(() => { started = true; });
        this.process = agent;
        options.logger.info(`${options.profile.displayName} started for ${options.workspace} (pid ${agent.pid}, ` +
            `${agent.agentInfo?.version ?? 'unknown version'}) in ${Date.now() - began} ms`);
        void agent.exited.then(error => {
            if (this.process !== agent) {
                return;
            }
            options.logger.warn(`${error.message} (workspace ${options.workspace})`);
            error.stderr = agent.recentStderr;
            this.process = undefined;
            this.events.dropped(error);
        });
        return agent;
    }
}
