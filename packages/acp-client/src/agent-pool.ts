import { WorkspaceAgent, WorkspaceAgentOptions } from './workspace-agent';

export type AgentPoolOptions = Omit<WorkspaceAgentOptions, 'workspace'>;

/** One WorkspaceAgent per workspace directory for one agent, created on first use. */
export class AgentPool {
    private readonly agents = new Map<string, WorkspaceAgent>();

    constructor(private readonly options: AgentPoolOptions) { }

    get profile(): AgentPoolOptions['profile'] {
        return this.options.profile;
    }

    agentFor(workspace: string): WorkspaceAgent {
        let agent = this.agents.get(workspace);
        if (!agent) {
            agent = new WorkspaceAgent({ ...this.options, workspace });
            this.agents.set(workspace, agent);
        }
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
        await Promise.all([...this.agents.values()].map(agent => agent.stop()));
        this.agents.clear();
    }
}
