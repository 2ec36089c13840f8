import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import type { McpServer } from '@agentclientprotocol/sdk';
import type { AgentLogger, WorkspaceAgent } from '@ai-cli-companion/acp-client';
import { acpEngine } from './engine';
import { AcpChatAgentConfig } from '../../common/acp-chat-protocol';
import { AcpAgentSecrets } from './agent-secrets';
import { userAcpChatAgents } from '../../common/agents/acp-chat-agents';
import { userAcpChatSetting } from '../../common/acp-chat-preferences';
import { mcpServersForAgent } from '../../common/agents/acp-chat-mcp-servers';

/**
 * Every ACP agent process the chat runs, one per (agent configuration, workspace), shared by all
 * windows and sessions, started on first use. Stopping the backend stops them all (stdin closed,
 * then the process tree killed: gemini ignores SIGTERM). An agent starts with its API key from the
 * credential store, when the user set one.
 *
 * What an agent runs comes from the user's settings as this backend reads them, never from the window:
 * a page that reached the chat's RPC (or a workspace's settings the window read) must not choose the
 * program that gets the user's key.
 */
@injectable()
export class AcpAgentHosts implements BackendApplicationContribution {
    @inject(ILogger) @named('ai-cli-acp-chat') protected readonly logger: ILogger;
    @inject(AcpAgentSecrets) protected readonly apiKeys: AcpAgentSecrets;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;

    private readonly agents = new Map<string, WorkspaceAgent>();
    /** Which chat agent each running host belongs to (a restart after a key change finds them by it). */
    private readonly agentIds = new Map<WorkspaceAgent, string>();

    /** The host of the user's agent `requested.id`; the rest of `requested` is the window's word and is not used. */
    agentFor(requested: AcpChatAgentConfig, workspace: string): WorkspaceAgent {
        const config = this.userAgent(requested.id);
        const key = JSON.stringify([config.id, config.command, config.args, config.env ?? {}, workspace]);
        let agent = this.agents.get(key);
        if (!agent) {
            agent = new (acpEngine().WorkspaceAgent)({
                workspace,
                profile: { id: config.id, displayName: config.displayName, command: config.command, args: config.args,
                    env: config.env, installCommand: config.installCommand },
                environment: async () => ({ ...process.env, ...await this.apiKeys.environmentFor(config.id, config.apiKeyEnv) }),
                logger: this.agentLogger(), scrub: text => this.apiKeys.scrub(text),
                serveFileSystem: true, serveTerminals: true, showsTerminalOutputMeta: true, clientName: 'theia-ai-chat',
                // Forms and links the agent asks about, and terminal sign-ins, are shown in the chat (issue 23 parts 6, 7).
                formElicitation: true, urlElicitation: true, terminalAuth: true,
                // The chat input shows boolean config options as checkboxes (issue 23 part 4).
                booleanConfigOptions: true
            });
            this.agents.set(key, agent);
            this.agentIds.set(agent, config.id);
        }
        return agent;
    }

    /**
     * The MCP servers of the user's `ai-features.mcp.mcpServers` for a session of `agent` (started here
     * if it is not running: its `initialize` says whether it takes http or sse servers). User scope only.
     */
    async mcpServersFor(agentId: string, agent: WorkspaceAgent): Promise<McpServer[]> {
        const capabilities = (await agent.ready()).initializeResult?.agentCapabilities?.mcpCapabilities ?? undefined;
        return mcpServersForAgent(userAcpChatSetting(name => this.preferences.inspect(name)), agentId, capabilities);
    }

    /** The agent as the user's settings define it; an agent they do not define cannot start. */
    protected userAgent(agentId: string): AcpChatAgentConfig {
        const { agents } = userAcpChatAgents(userAcpChatSetting(name => this.preferences.inspect(name)));
        const agent = agents.find(candidate => candidate.id === agentId);
        if (!agent) {
            throw new Error(`"${agentId}" is no chat agent of your user settings (aiCliChat.*), so it is not started.`);
        }
        const { id, displayName, command, args, env, installCommand, missingFileReadsEmpty, apiKeyEnv } = agent;
        return { id, displayName, command, args, env, installCommand, missingFileReadsEmpty, apiKeyEnv };
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

    /** Stops the agent's processes now (before it is removed or switched to another version); its next use starts afresh. */
    async stop(agentId: string): Promise<void> {
        const stopping: Promise<void>[] = [];
        for (const [key, agent] of [...this.agents]) {
            if (this.agentIds.get(agent) === agentId) {
                this.agents.delete(key);
                this.agentIds.delete(agent);
                stopping.push(agent.stop());
            }
        }
        await Promise.all(stopping);
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
