import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import type { AgentLogger, RunningAgentApi } from '@ai-cli-companion/agent-api';
import { CredentialStore, deferredRequire } from '@ai-cli-companion/node-base';
import { KEYS_IN_FILE_HOW_TO } from '@ai-cli-companion/node-base/credential-consent';
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
                workspaces: settings.workspaces, agent: settings.agent, port: settings.port,
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

    protected agentLogger(): AgentLogger {
        return {
            info: message => this.logger.info(message),
            warn: message => this.logger.warn(message),
            error: message => this.logger.error(message)
        };
    }
}
