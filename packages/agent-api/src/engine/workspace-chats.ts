import { AgentPool, AgentPoolOptions } from '@ai-cli-companion/acp-client';
import { AgentProfile } from '@ai-cli-companion/acp-client';
import { PendingConfirmations } from './pending-confirmations';
import { WorkspaceChat } from './workspace-chat';

export interface WorkspaceChatsOptions extends AgentPoolOptions {
    readonly profile: AgentProfile;
}

/** The Agent API's chats, one per workspace, on the shared engine's agent pool; the confirmations they wait for. */
export class WorkspaceChats {
    readonly confirmations = new PendingConfirmations();
    private readonly pool: AgentPool;
    private readonly chats = new Map<string, WorkspaceChat>();

    constructor(private readonly options: WorkspaceChatsOptions) {
        this.pool = new AgentPool(options);
    }

    get profile(): AgentProfile {
        return this.options.profile;
    }

    chatFor(workspace: string): WorkspaceChat {
        let chat = this.chats.get(workspace);
        if (!chat) {
            chat = new WorkspaceChat(this.pool.agentFor(workspace), this.confirmations);
            this.chats.set(workspace, chat);
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
        this.chats.clear();
    }
}
