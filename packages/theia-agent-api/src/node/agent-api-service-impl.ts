import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import type { AgentLogger, RunningAgentApi } from '@ai-cli-companion/agent-api';
import { CredentialStore, deferredRequire } from '@ai-cli-companion/node-base';
import { KEYS_IN_FILE_HOW_TO } from '@ai-cli-companion/node-base/credential-consent';
import { AGENT_API_AGENTS, AgentApiAgentId } from '@ai-cli-companion/node-base/agents';
import { CONFIGURED_AGENTS_SETTING, ConfiguredAgentLaunch, parseConfiguredAgents } from '@ai-cli-companion/acp-client/configured-agents';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { AgentApiService, AgentApiSettings, AgentApiStatus } from '../common/agent-api-protocol';

/**
 * The keychain the Agent API tries first: the OS keychain through `@napi-rs/keyring`, as the stand-alone
 * command's and the chat's (not Theia's keytar-based KeyStoreService, which keeps secrets in memory when
 * the keychain cannot be reached). Tests bind a stand-in.
 */
export const AgentApiKeychain = Symbol('AgentApiKeychain');

/**
 * The backend's one Agent API server, started, restarted and stopped as the settings a window
 * applies change; stopped with the backend (which also ends its agent processes).
 */
@injectable()
export class AgentApiServiceImpl implements AgentApiService, BackendApplicationContribution {
    @inject(ILogger) @named('ai-cli-agent-api') protected readonly logger: ILogger;
    @inject(AgentApiKeychain) protected readonly keychain: CredentialStore;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;

    protected running: RunningAgentApi | undefined;
    protected applied: string | undefined;
    protected status: AgentApiStatus = { running: false, workspaces: [], executeCommand: false };
    /** Settings changes are applied one after the other. */
    protected queue: Promise<unknown> = Promise.resolve();

    apply(settings: AgentApiSettings): Promise<AgentApiStatus> {
        const next = this.queue.then(() => this.reconcile(settings));
        this.queue = next.catch(() => undefined);
        return next;
    }

    async getStatus(): Promise<AgentApiStatus> {
        return this.status;
    }

    async onStop(): Promise<void> {
        await this.running?.stop();
        this.running = undefined;
    }

    protected async reconcile(settings: AgentApiSettings): Promise<AgentApiStatus> {
        const wanted = settings.enabled && settings.workspaces.length > 0 ? JSON.stringify(settings) : undefined;
        if (wanted !== undefined && wanted === this.applied && this.running) {
            return this.status;
        }
        await this.running?.stop();
        this.running = undefined;
        this.applied = wanted;
        if (!wanted) {
            this.status = { running: false, workspaces: [], executeCommand: false,
                error: settings.enabled ? 'No workspace folder is open.' : undefined };
            return this.status;
        }
        try {
            // The engine (ACP SDK, zod, agent pool) is read only when the API is switched on.
            const { startAgentApi } = deferredRequire<typeof import('@ai-cli-companion/agent-api')>('@ai-cli-companion/agent-api');
            this.running = await startAgentApi({
                workspaces: settings.workspaces, ...this.agentOf(settings.agent), port: settings.port,
                allowedOrigins: settings.allowedOrigins, enableExecuteCommand: settings.enableExecuteCommand,
                keychain: this.keychain, logger: this.agentLogger(),
                // A file only with the user's consent (aiCliCompanion.keysInFile, shared with the chat's keys); otherwise nothing is kept, and said.
                credentialFileAllowed: settings.keysInFile === true, credentialFileConsentHint: KEYS_IN_FILE_HOW_TO
            });
            this.status = {
                running: true, url: this.running.url, tokenFile: this.running.tokenFile, agent: settings.agent,
                workspaces: settings.workspaces, credentialStore: this.running.credentialStore,
                executeCommand: settings.enableExecuteCommand
            };
        } catch (error) {
            const message = (error as Error).message;
            this.logger.error(`Agent API did not start: ${message}`);
            this.status = { running: false, workspaces: settings.workspaces, executeCommand: false, error: message };
        }
        return this.status;
    }

    /**
     * A built-in, or the user's own agent of that name: looked up here in the user settings' `aiCliChat.agents`
     * (never a workspace's, never a command line from the window), started as the chat starts it.
     */
    protected agentOf(name: string): { agent: AgentApiAgentId } | { customAgent: ConfiguredAgentLaunch } {
        if ((AGENT_API_AGENTS as readonly string[]).includes(name)) {
            return { agent: name as AgentApiAgentId };
        }
        const { agents } = parseConfiguredAgents(this.preferences.inspect(CONFIGURED_AGENTS_SETTING)?.globalValue, []);
        const customAgent = agents.find(agent => agent.name === name);
        if (!customAgent) {
            throw new Error(`No agent "${name}": aiCliAgentApi.agent is ${AGENT_API_AGENTS.join(', ')} or the name of an entry of ${CONFIGURED_AGENTS_SETTING} in your user settings.`);
        }
        return { customAgent };
    }

    protected agentLogger(): AgentLogger {
        return {
            info: message => this.logger.info(message),
            warn: message => this.logger.warn(message),
            error: message => this.logger.error(message)
        };
    }
}
