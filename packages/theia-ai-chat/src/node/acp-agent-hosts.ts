import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import type { AgentLogger, WorkspaceAgent } from '@ai-cli-companion/acp-client';
import { acpEngine } from './acp-engine';
import { AcpChatAgentConfig } from '../common/acp-chat-protocol';
import { AcpApiKeys } from './acp-api-keys';

/**
 * Every ACP agent process the chat runs, one per (agent configuration, workspace), shared by all
 * windows and sessions, started on first use. Stopping the backend stops them all (stdin closed,
 * then the process tree killed: gemini ignores SIGTERM). An agent starts with its API key from the
 * credential store, when the user set one.
 */
@injectable()
export class AcpAgentHosts implements BackendApplicationContribution {
    @inject(ILogger) @named('ai-cli-acp-chat') protected readonly logger: ILogger;
    @inject(AcpApiKeys) protected readonly apiKeys: AcpApiKeys;

    private readonly agents = new Map<string, WorkspaceAgent>();
    /** Which chat agent each running host belongs to (a restart after a key change finds them by it). */
    private readonly agentIds = new Map<WorkspaceAgent, string>();

    agentFor(config: AcpChatAgentConfig, workspace: string): WorkspaceAgent {
        const key = JSON.stringify([config.id, config.command, config.args, config.env ?? {}, workspace]);
        let agent = this.agents.get(key);
        if (!agent) {
            agent = new (acpEngine().WorkspaceAgent)({
                workspace,
                profile: { id: config.id, displayName: config.displayName, command: config.command, args: config.args,
                    env: config.env, installCommand: config.installCommand },
                environment: async () => ({ ...process.env, ...await this.apiKeys.environmentFor(config.id, config.apiKeyEnv) }),
                logger: this.agentLogger(), scrub: text => this.apiKeys.scrub(text),
                serveFileSystem: true, serveTerminals: true, showsTerminalOutputMeta: true, clientName: 'theia-ai-chat'
            });
            this.agents.set(key, agent);
            this.agentIds.set(agent, config.id);
        }
        return agent;
    }

    get pids(): number[] {
        return [...this.agents.values()].map(agent => agent.pid).filter((pid): pid is number => pid !== undefined);
    }

    /** The agent's processes start afresh (with the current environment) at their next use; a running turn ends first. */
    restart(agentId: string): void {
        for (const [agent, id] of this.agentIds) {
            if (id === agentId) {
                agent.markStale();
            }
        }
    }

    async stopAll(): Promise<void> {
        const agents = [...this.agents.values()];
        this.agents.clear();
        this.agentIds.clear();
        await Promise.all(agents.map(agent => agent.stop()));
    }

    onStop(): void {
        // onStop cannot be awaited: stop() closes stdin at once; the tree kill follows within its grace.
        void this.stopAll();
    }

    private agentLogger(): AgentLogger {
        return {
            info: message => this.logger.info(message),
            warn: message => this.logger.warn(message),
            error: message => this.logger.error(message)
        };
    }
}
