import { inject, injectable } from '@theia/core/shared/inversify';
import { CLIENT_PROFILES, ClientProfile, findProfile } from '@ai-cli-companion/core/lib/client-profiles';
import type { CompanionEndpoint } from '@ai-cli-companion/core/lib/companion-endpoint';
import { CompanionClient, CompanionService, CompanionStatus, DiffOutcome, IdeContext, WindowWorkspace } from '../common/companion-protocol';
import { CliSettingsFile } from './cli-settings-file';
import { CompanionEndpointRegistry } from './companion-endpoint-registry';
import { PendingDiffs } from './pending-diffs';

/** One per window (frontend connection): binds the window to its companion server. */
@injectable()
export class CompanionServiceImpl implements CompanionService {
    @inject(CompanionEndpointRegistry)
    protected readonly registry: CompanionEndpointRegistry;

    protected client: CompanionClient | undefined;
    protected endpoint: CompanionEndpoint | undefined;
    protected attaching: Promise<CompanionEndpoint> | undefined;
    protected unsubscribe: (() => void) | undefined;
    protected disposed = false;
    protected readonly pendingDiffs = new PendingDiffs();

    setClient(client: CompanionClient | undefined): void {
        this.client = client;
    }

    async attach(workspace: WindowWorkspace, enabledClients: string[]): Promise<Record<string, string>> {
        const endpoint = await this.ensureEndpoint();
        endpoint.update({ workspace, profiles: profilesOf(enabledClients) });
        return endpoint.terminalEnv();
    }

    async updateWorkspace(workspace: WindowWorkspace): Promise<Record<string, string>> {
        const endpoint = await this.ensureEndpoint();
        endpoint.setWorkspace(workspace);
        return endpoint.terminalEnv();
    }

    async setEnabledClients(clientIds: string[]): Promise<Record<string, string>> {
        const endpoint = await this.ensureEndpoint();
        endpoint.setEnabledProfiles(profilesOf(clientIds));
        return endpoint.terminalEnv();
    }

    async updateContext(context: IdeContext): Promise<void> {
        (await this.ensureEndpoint()).updateContext(context);
    }

    async resolveDiff(sessionId: string, filePath: string, outcome: DiffOutcome): Promise<boolean> {
        const endpoint = await this.ensureEndpoint();
        this.pendingDiffs.delete({ sessionId, filePath });
        return outcome.accepted
            ? endpoint.sendDiffAccepted(sessionId, filePath, outcome.content)
            : endpoint.sendDiffRejected(sessionId, filePath);
    }

    async getStatus(): Promise<CompanionStatus> {
        return this.statusOf(await this.ensureEndpoint());
    }

    async isIdeModeEnabled(clientId: string): Promise<boolean> {
        return new CliSettingsFile(this.profile(clientId)).isIdeModeEnabled();
    }

    async enableIdeMode(clientId: string): Promise<string> {
        const settings = new CliSettingsFile(this.profile(clientId));
        settings.enableIdeMode();
        return settings.path;
    }

    protected profile(clientId: string): ClientProfile {
        const profile = findProfile(clientId);
        if (!profile) {
            throw new Error(`Unknown CLI "${clientId}".`);
        }
        return profile;
    }

    dispose(): void {
        this.disposed = true;
        this.unsubscribe?.();
        if (this.endpoint) {
            // The window closed or reloaded with diffs still open: nobody can decide on them any
            // more, and the CLI would wait for an answer forever.
            for (const { sessionId, filePath } of this.pendingDiffs.drain()) {
                this.endpoint.sendDiffRejected(sessionId, filePath);
            }
            void this.registry.release(this, this.endpoint);
        }
        this.endpoint = undefined;
        this.client = undefined;
    }

    protected ensureEndpoint(): Promise<CompanionEndpoint> {
        this.attaching ??= this.registry.acquire(this).then(endpoint => {
            if (this.disposed) {
                void this.registry.release(this, endpoint);
                throw new Error('The window has closed.');
            }
            this.endpoint = endpoint;
            endpoint.setDiffHandler({
                openDiff: async request => {
                    await this.requireClient().openDiff(request);
                    this.pendingDiffs.add(request);
                },
                closeDiff: request => {
                    this.pendingDiffs.delete(request);
                    return this.requireClient().closeDiff(request);
                },
                sessionEnded: sessionId => {
                    this.pendingDiffs.deleteSession(sessionId);
                    this.client?.sessionEnded(sessionId);
                }
            });
            this.unsubscribe = endpoint.onDidChange(() => this.client?.statusChanged(this.statusOf(endpoint)));
            return endpoint;
        });
        return this.attaching;
    }

    protected requireClient(): CompanionClient {
        if (!this.client) {
            throw new Error('no Theia window is open');
        }
        return this.client;
    }

    protected statusOf(endpoint: CompanionEndpoint): CompanionStatus {
        const status = endpoint.status();
        return {
            running: status.port > 0,
            port: status.port,
            workspacePath: status.workspacePath,
            enabledClients: [...status.profiles],
            sessions: status.sessions.map(session => ({ ...session })),
            discoveryFiles: [...status.files],
            lastError: status.lastError
        };
    }
}

function profilesOf(clientIds: readonly string[]): ClientProfile[] {
    return CLIENT_PROFILES.filter(profile => clientIds.includes(profile.id));
}
