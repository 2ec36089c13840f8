import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { StatusBar, StatusBarAlignment } from '@theia/core/lib/browser/status-bar/status-bar';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceProviderProvider, PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AgentApiService, AgentApiSettings, AgentApiStatus } from '../common/agent-api-protocol';
import { LatestApplication } from '../common/latest-application';
import { AGENT_API_SETTINGS, AgentApiPreferences, userAgentApiSettings } from '../common/agent-api-preferences';

export const AGENT_API_STATUS_BAR_ID = 'ai-cli-agent-api-status';

export namespace AgentApiCommands {
    export const SHOW_STATUS: Command = { id: 'aiCliAgentApi.showStatus', category: 'Agent API', label: 'Show Server Status' };
}

/**
 * Applies the preferences and workspace roots to the backend's server whenever either changes, and
 * shows it in the status bar while it runs (nothing at all while the preference is off).
 */
@injectable()
export class AgentApiStatusBarContribution implements FrontendApplicationContribution, CommandContribution {
    @inject(StatusBar) protected readonly statusBar: StatusBar;
    @inject(AgentApiService) protected readonly service: AgentApiService;
    @inject(AgentApiPreferences) protected readonly preferences: AgentApiPreferences;
    @inject(PreferenceService) protected readonly preferenceService: PreferenceService;
    @inject(PreferenceProviderProvider) protected readonly providerProvider: PreferenceProviderProvider;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(MessageService) protected readonly messages: MessageService;

    protected status: AgentApiStatus | undefined;
    /** Show Server Status waits for it, so it never reports a state that was not applied yet. */
    protected readonly applications = new LatestApplication();

    onStart(): void {
        const ours = (names: string[]) => names.some(name => AGENT_API_SETTINGS.includes(name));
        this.preferences.onPreferenceChanged(event => ours([event.preferenceName]) && this.reapply());
        // A user change under a workspace value is no change of the resolved value, so Theia reports
        // none; the settings come from the user scope (userAgentApiSettings), so listen to it directly.
        this.providerProvider(PreferenceScope.User)?.onDidPreferencesChanged(changes => ours(Object.keys(changes)) && this.reapply());
        this.workspace.onWorkspaceChanged(() => this.reapply());
        void this.preferences.ready.then(() => this.workspace.roots).then(() => this.reapply());
    }

    registerCommands(commands: CommandRegistry): void {
        commands.registerCommand(AgentApiCommands.SHOW_STATUS, {
            execute: async () => {
                await this.applications.settled();
                const status = this.status;
                if (!status?.running) {
                    return this.messages.info(status?.error ? `Agent API is not running: ${status.error}` : 'Agent API is off (preference aiCliAgentApi.enabled).');
                }
                return this.messages.info(`Agent API (${status.agent}) on ${status.url}; token in ${status.tokenFile}; ` +
                    `secrets in the ${status.credentialStore}; execute-command ${status.executeCommand ? 'enabled' : 'disabled'}.`);
            }
        });
    }

    protected reapply(): void {
        void this.applications.run(() => this.apply());
    }

    protected async apply(): Promise<void> {
        const roots = await this.workspace.roots;
        const settings: AgentApiSettings = {
            ...userAgentApiSettings(name => this.preferenceService.inspect(name)),
            workspaces: roots.map(root => FileUri.fsPath(root.resource))
        };
        try {
            this.show(settings.enabled, await this.service.apply(settings));
        } catch (error) {
            this.show(settings.enabled, { running: false, workspaces: [], executeCommand: false, error: (error as Error).message });
        }
    }

    protected show(enabled: boolean, status: AgentApiStatus): void {
        this.status = status;
        if (!enabled) {
            this.statusBar.removeElement(AGENT_API_STATUS_BAR_ID);
            return;
        }
        this.statusBar.setElement(AGENT_API_STATUS_BAR_ID, {
            text: status.running ? `$(broadcast) Agent API :${new URL(status.url!).port}` : '$(warning) Agent API',
            tooltip: status.running
                ? `Agent API (${status.agent}) on ${status.url}\nToken file: ${status.tokenFile}${status.executeCommand ? '\n/execute-command enabled' : ''}`
                : `Agent API is not running: ${status.error ?? 'unknown reason'}`,
            alignment: StatusBarAlignment.RIGHT, priority: 99,
            command: AgentApiCommands.SHOW_STATUS.id
        });
    }
}
