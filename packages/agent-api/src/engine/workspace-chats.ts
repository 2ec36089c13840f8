import { AgentPool, AgentPoolOptions, WorkspaceAgent } from '@ai-cli-companion/acp-client';
import type { ApiAgent } from './api-agent';
import { PendingConfirmations } from './pending-confirmations';
import { WorkspaceChat } from './workspace-chat';

export interface WorkspaceChatsOptions extends AgentPoolOptions {
    readonly profile: ApiAgent;
}

/**
 * The Agent API's chats on the shared engine's agent pool (bounded, LRU, idle timeout, one agent
 * per workspace root): one chat per pooled agent; the confirmations they wait for.
 */
export class WorkspaceChats {
    readonly confirmations = new PendingConfirmations();
    private readonly pool: AgentPool;
    /** By agent: an agent the pool stopped and replaced gets a new chat with it. */
    private readonly chats = new WeakMap<WorkspaceAgent, WorkspaceChat>();

    constructor(private readonly options: WorkspaceChatsOptions) {
        this.pool = new AgentPool(options);
    }

    get profile(): ApiAgent {
        return this.options.profile;
    }

    /** The chat of a directory's root agent; throws AgentPoolFullError when every agent is in a turn. */
    chatFor(directory: string): WorkspaceChat {
        const agent = this.pool.agentFor(directory);
        let chat = this.chats.get(agent);
        if (!chat) {
            chat = new WorkspaceChat(agent, this.confirmations);
            this.chats.set(agent, chat);
        }
        return chat;
    }

    /** Process ids of the running agents (for status and tests). */
    get pids(): number[] {
        return this.pool.pids;
    }

    /** Credentials changed: every agent restarts with the new environment at its next turn. */
    restartAll(): void {
        this.pool.restartAll();
    }

    async stopAll(): Promise<void> {
        await this.pool.stopAll();
    }
}
