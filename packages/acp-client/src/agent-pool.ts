import * as path from 'path';
import { WorkspaceAgent } from './workspace-agent';
import { WorkspaceAgentOptions } from './workspace-agent-options';

/** Each agent is a CLI process of a few hundred MB: a handful at most, and none kept for long unused. */
export const DEFAULT_MAX_AGENTS = 4;
export const DEFAULT_AGENT_IDLE_TIMEOUT_MS = 10 * 60_000;

export interface AgentPoolOptions extends Omit<WorkspaceAgentOptions, 'workspace'> {
    /**
     * The workspace root a directory belongs to: one agent serves a whole root (a session per
     * subfolder), so chats in many subfolders do not start many processes. The directory itself by default.
     */
    readonly rootOf?: (directory: string) => string;
    /** Agents alive at once; past it the least recently used idle one is stopped. */
    readonly maxAgents?: number;
    /** An agent without a turn for this long is stopped (started again on the next use). */
    readonly idleTimeoutMs?: number;
    /** For tests: how an agent is made. */
    readonly createAgent?: (options: WorkspaceAgentOptions) => WorkspaceAgent;
}

/** Raised when every agent is in a turn and the pool is full: the caller answers 503. */
export class AgentPoolFullError extends Error { }

/**
 * One WorkspaceAgent per workspace root for one agent, created on first use, bounded in number
 * (least recently used idle agent stopped first) and stopped when idle.
 */
export class AgentPool {
    /** In least-recently-used order: a use moves an agent to the end. */
    private readonly agents = new Map<string, WorkspaceAgent>();
    private readonly sweepTimer: NodeJS.Timeout;

    constructor(private readonly options: AgentPoolOptions) {
        this.sweepTimer = setInterval(() => this.stopIdleAgents(), Math.min(this.idleTimeoutMs, 60_000));
        this.sweepTimer.unref();
    }

    get profile(): AgentPoolOptions['profile'] {
        return this.options.profile;
    }

    get maxAgents(): number {
        return this.options.maxAgents ?? DEFAULT_MAX_AGENTS;
    }

    get idleTimeoutMs(): number {
        return this.options.idleTimeoutMs ?? DEFAULT_AGENT_IDLE_TIMEOUT_MS;
    }

    /** The agent for a directory's root; sessions for `directory` itself run on it. */
    agentFor(directory: string): WorkspaceAgent {
        const root = path.resolve(this.options.rootOf?.(directory) ?? directory);
        let agent = this.agents.get(root);
        if (agent) {
            this.agents.delete(root);
        } else {
            this.makeRoom();
            const { rootOf: _rootOf, maxAgents: _max, idleTimeoutMs: _idle, createAgent, ...agentOptions } = this.options;
            const options: WorkspaceAgentOptions = { ...agentOptions, workspace: root };
            agent = createAgent?.(options) ?? new WorkspaceAgent(options);
        }
        this.agents.set(root, agent);
        return agent;
    }

    /** Process ids of the running agents (for status and tests). */
    get pids(): number[] {
        return [...this.agents.values()].map(agent => agent.pid).filter((pid): pid is number => pid !== undefined);
    }

    /** Credentials changed: every agent restarts with the new environment at its next turn. */
    restartAll(): void {
        this.agents.forEach(agent => agent.markStale());
    }

    async stopAll(): Promise<void> {
        clearInterval(this.sweepTimer);
        await Promise.all([...this.agents.values()].map(agent => agent.stop()));
        this.agents.clear();
    }

    private makeRoom(): void {
        if (this.agents.size < this.maxAgents) {
            return;
        }
        const [root, oldest] = [...this.agents].find(([, agent]) => !agent.isBusy) ?? [];
        if (!oldest) {
            throw new AgentPoolFullError(`All ${this.maxAgents} agents are in a turn (the limit of --max-agents); try again when one completes.`);
        }
        this.options.logger.info(`Stopping the agent of ${root}: the pool is full (${this.maxAgents}) and it was used least recently`);
        this.agents.delete(root!);
        void oldest.stop();
    }

    /** The sweep the pool's timer runs every min(idle timeout, 60 s): stops each agent idle for longer than the timeout. */
    stopIdleAgents(): void {
        const now = Date.now();
        for (const [root, agent] of this.agents) {
            if (!agent.isBusy && now - agent.lastActive >= this.idleTimeoutMs) {
                this.options.logger.info(`Stopping the agent of ${root}: idle for ${Math.round((now - agent.lastActive) / 1000)} s`);
                this.agents.delete(root);
                void agent.stop();
            }
        }
    }
}
