import type { AgentLogger } from '../agent-logger';
import { AgentProfile } from './agent-profiles';
import { PendingConfirmations } from './pending-confirmations';
import { WorkspaceAgent } from './workspace-agent';

export interface AgentPoolOptions {
    readonly profile: AgentProfile;
    readonly command?: string;
    readonly environment: () => Promise<NodeJS.ProcessEnv>;
    readonly logger: AgentLogger;
    readonly scrub: (text: string) => string;
    readonly cancelGraceMs?: number;
}

/** One WorkspaceAgent per workspace directory, created on first use; the confirmations they wait for. */
export class AgentPool {
    readonly confirmations = new PendingConfirmations();
    private readonly agents = new Map<string, WorkspaceAgent>();

    constructor(private readonly options: AgentPoolOptions) { }

    get profile(): AgentProfile {
        return this.options.profile;
    }

    agentFor(workspace: string): WorkspaceAgent {
        let agent = this.agents.get(workspace);
        if (!agent) {
            agent = new WorkspaceAgent({ ...this.options, workspace, confirmations: this.confirmations });
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
