import { RpcProxy } from '@theia/core/lib/common/messaging/proxy-factory';
import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { ILogger } from '@theia/core/lib/common/logger';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { WorkspaceTrustService } from '@theia/workspace/lib/browser/workspace-trust-service';
import { WorkspaceTrustPreferences, WORKSPACE_TRUST_ENABLED } from '@theia/workspace/lib/common/workspace-trust-preferences';
import { CLIENT_PROFILES } from '@ai-cli-companion/core/lib/client-profiles';
import { CompanionService, WindowWorkspace } from '../common/companion-protocol';
import { CompanionPreferences, PREFERENCE_PREFIX, clientEnabledPreference } from '../common/companion-preferences';
import { CompanionTerminalEnvironment } from './companion-terminal-environment';

/**
 * Keeps the backend's view of this window current: roots, trust and enabled CLIs; and keeps the
 * terminal environment in step with the answers.
 */
@injectable()
export class CompanionWindowContribution implements FrontendApplicationContribution {
    @inject(CompanionService) protected readonly service: RpcProxy<CompanionService>;
    @inject(WorkspaceService) protected readonly workspaceService: WorkspaceService;
    @inject(WorkspaceTrustService) protected readonly trustService: WorkspaceTrustService;
    @inject(WorkspaceTrustPreferences) protected readonly trustPreferences: WorkspaceTrustPreferences;
    @inject(CompanionPreferences) protected readonly preferences: CompanionPreferences;
    @inject(CompanionTerminalEnvironment) protected readonly terminalEnv: CompanionTerminalEnvironment;
    @inject(ILogger) protected readonly logger: ILogger;

    protected trust: boolean | undefined;

    onStart(): void {
        // Not awaited: the window must not wait for the companion to come up.
        this.attach().catch(error => this.logger.error('AI CLI companion: cannot attach this window', error));
        this.workspaceService.onWorkspaceChanged(() => this.pushWorkspace());
        this.trustService.onDidChangeWorkspaceTrust(trusted => {
            this.trust = trusted;
            this.pushWorkspace();
        });
        this.trustPreferences.onPreferenceChanged(change => change.preferenceName === WORKSPACE_TRUST_ENABLED && this.pushWorkspace());
        this.preferences.onPreferenceChanged(change => {
            if (change.preferenceName.startsWith(PREFERENCE_PREFIX) && change.preferenceName.endsWith('.enabled')) {
                this.service.setEnabledClients(this.enabledClients()).then(env => this.terminalEnv.set(env));
            }
        });
        // A new backend connection (backend restart, network blip) has a new per-window service.
        this.service.onDidOpenConnection(() => this.attach());
    }

    protected async attach(): Promise<void> {
        await this.workspaceService.ready;
        await this.preferences.ready;
        this.terminalEnv.set(await this.service.attach(await this.currentWorkspace(), this.enabledClients()));
        this.trustService.getWorkspaceTrust().then(trusted => {
            if (this.trust !== trusted) {
                this.trust = trusted;
                this.pushWorkspace();
            }
        });
    }

    protected async pushWorkspace(): Promise<void> {
        this.terminalEnv.set(await this.service.updateWorkspace(await this.currentWorkspace()));
    }

    protected async currentWorkspace(): Promise<WindowWorkspace> {
        const roots = (await this.workspaceService.roots)
            .filter(root => root.resource.scheme === 'file')
            .map(root => FileUri.fsPath(root.resource));
        const trustEnabled = !!this.trustPreferences[WORKSPACE_TRUST_ENABLED];
        return { roots, trusted: trustEnabled ? this.trust : undefined };
    }

    protected enabledClients(): string[] {
        return CLIENT_PROFILES.filter(profile => this.preferences[clientEnabledPreference(profile.id)] !== false).map(p => p.id);
    }
}
