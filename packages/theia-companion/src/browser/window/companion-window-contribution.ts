import { RpcProxy } from '@theia/core/lib/common/messaging/proxy-factory';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { ILogger } from '@theia/core/lib/common/logger';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { WorkspaceTrustService } from '@theia/workspace/lib/browser/workspace-trust-service';
import { WorkspaceTrustPreferences, WORKSPACE_TRUST_ENABLED } from '@theia/workspace/lib/common/workspace-trust-preferences';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';
import { CompanionService, WorkspaceState } from '../../common/companion-protocol';
import { CompanionPreferences, PREFERENCE_PREFIX, clientEnabled, clientEnabledPreference } from '../../common/companion-preferences';
import { TerminalEnvironment } from '../terminal-env/terminal-environment';
import { OpenFilesTracker } from '../open-files/open-files-tracker';

/** sessionStorage survives a reload of the page and nothing else: it identifies the window to its server. */
const WINDOW_KEY_STORAGE = 'ai-cli-companion.windowKey';

/** Retry delays after a failed attach; the last one repeats. */
const ATTACH_RETRY_MS = [1000, 3000, 10_000, 30_000];

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
    @inject(PreferenceService) protected readonly preferenceService: PreferenceService;
    @inject(TerminalEnvironment) protected readonly terminalEnv: TerminalEnvironment;
    @inject(OpenFilesTracker) protected readonly contextTracker: OpenFilesTracker;
    @inject(ILogger) protected readonly logger: ILogger;

    protected trust: boolean | undefined;
    protected attachFailures = 0;
    protected retryTimer: ReturnType<typeof setTimeout> | undefined;

    onStart(): void {
        // Not awaited: the window must not wait for the companion to come up.
        void this.attachOrRetry();
        this.workspaceService.onWorkspaceChanged(() => this.pushWorkspace());
        this.trustService.onDidChangeWorkspaceTrust(trusted => {
            this.trust = trusted;
            this.pushWorkspace();
        });
        this.trustPreferences.onPreferenceChanged(change => change.preferenceName === WORKSPACE_TRUST_ENABLED && this.pushWorkspace());
        this.preferences.onPreferenceChanged(change => {
            if (change.preferenceName.startsWith(PREFERENCE_PREFIX) && change.preferenceName.endsWith('.enabled')) {
                this.service.setEnabledClients(this.enabledClients()).then(env => this.terminalEnv.set(env),
                    error => this.logger.warn('AI CLI companion: cannot apply the enabled CLIs (the next attach will)', error));
            }
        });
        // A new backend connection (backend restart, network blip) has a new per-window service.
        this.service.onDidOpenConnection(() => void this.attachOrRetry());
    }

    /** A failure is logged once and retried with back-off; meanwhile terminals open without waiting. */
    protected async attachOrRetry(): Promise<void> {
        clearTimeout(this.retryTimer);
        try {
            await this.attach();
            if (this.attachFailures > 0) {
                this.logger.info('AI CLI companion: attached after a failed attempt');
            }
            this.attachFailures = 0;
        } catch (error) {
            if (this.attachFailures === 0) {
                this.logger.error('AI CLI companion: cannot attach this window; retrying', error);
            }
            this.terminalEnv.unavailable();
            const delay = ATTACH_RETRY_MS[Math.min(this.attachFailures, ATTACH_RETRY_MS.length - 1)];
            this.attachFailures++;
            this.retryTimer = setTimeout(() => void this.attachOrRetry(), delay);
        }
    }

    protected async attach(): Promise<void> {
        await this.workspaceService.ready;
        await this.preferences.ready;
        const attachment = await this.service.attach(readWindowKey(), await this.currentWorkspace(), this.enabledClients());
        writeWindowKey(attachment.windowKey);
        this.terminalEnv.set(attachment.terminalEnv);
        this.contextTracker.republish();
        this.trustService.getWorkspaceTrust().then(trusted => {
            if (this.trust !== trusted) {
                this.trust = trusted;
                this.pushWorkspace();
            }
        });
    }

    protected async pushWorkspace(): Promise<void> {
        try {
            this.terminalEnv.set(await this.service.updateWorkspace(await this.currentWorkspace()));
        } catch (error) {
            this.logger.warn('AI CLI companion: cannot update the workspace (the next attach will)', error);
        }
    }

    protected async currentWorkspace(): Promise<WorkspaceState> {
        const roots = (await this.workspaceService.roots)
            .filter(root => root.resource.scheme === 'file')
            .map(root => FileUri.fsPath(root.resource));
        const trustEnabled = !!this.trustPreferences[WORKSPACE_TRUST_ENABLED];
        return { roots, trusted: trustEnabled ? this.trust : undefined };
    }

    protected enabledClients(): string[] {
        return CLIENT_PROFILES.filter(profile => clientEnabled(this.preferenceService.inspect(clientEnabledPreference(profile.id)))).map(p => p.id);
    }
}

function readWindowKey(): string | undefined {
    try {
        return window.sessionStorage.getItem(WINDOW_KEY_STORAGE) ?? undefined;
    } catch {
        return undefined; // storage disabled: every load is a new window
    }
}

function writeWindowKey(key: string): void {
    try {
        window.sessionStorage.setItem(WINDOW_KEY_STORAGE, key);
    } catch {
        // storage disabled: a reload then gets a new server, as before
    }
}
