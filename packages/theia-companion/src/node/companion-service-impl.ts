import * as path from 'path';
import { inject, injectable } from '@theia/core/shared/inversify';
import { claudeAtMentionOf } from '@ai-cli-companion/core';
import { CliSettingsFile, copilotAddSelectionOf, copilotFileReferenceOf } from '@ai-cli-companion/core/node';
import { CLIENT_PROFILES, ClientProfile, findProfile } from '@ai-cli-companion/core';
import type { CompanionEndpoint } from '@ai-cli-companion/core/node';
import {
    CompanionClient, CompanionService, CompanionStatus, DiffDelivery, DiffOutcome, IdeContext, WindowAttachment, WorkspaceState
} from '../common/companion-protocol';
import { CompanionEndpointRegistry } from './companion-endpoint-registry';

/** One per window (frontend connection): binds the window to its companion server and shows its diffs. */
@injectable()
export class CompanionServiceImpl implements CompanionService {
    @inject(CompanionEndpointRegistry)
    protected readonly registry: CompanionEndpointRegistry;

    protected client: CompanionClient | undefined;
    protected endpoint: CompanionEndpoint | undefined;
    protected attaching: Promise<{ endpoint: CompanionEndpoint; windowKey: string }> | undefined;
    protected unsubscribe: (() => void) | undefined;
    protected disposed = false;

    setClient(client: CompanionClient | undefined): void {
        this.client = client;
    }

    async attach(windowKey: string | undefined, workspace: WorkspaceState, enabledClients: string[]): Promise<WindowAttachment> {
        const attached = await this.ensureEndpoint(windowKey);
        attached.endpoint.update({ workspace, profiles: profilesOf(enabledClients) });
        return { windowKey: attached.windowKey, terminalEnv: attached.endpoint.terminalEnv() };
    }

    async updateWorkspace(workspace: WorkspaceState): Promise<Record<string, string>> {
        const endpoint = await this.requireEndpoint();
        endpoint.setWorkspace(workspace);
        return endpoint.terminalEnv();
    }

    async setEnabledClients(clientIds: string[]): Promise<Record<string, string>> {
        const endpoint = await this.requireEndpoint();
        endpoint.setEnabledProfiles(profilesOf(clientIds));
        return endpoint.terminalEnv();
    }

    async updateContext(context: IdeContext): Promise<void> {
        (await this.requireEndpoint()).updateContext(context);
    }

    async diagnosticsChanged(uris: string[]): Promise<void> {
        (await this.requireEndpoint()).diagnosticsChanged(uris.filter(uri => typeof uri === 'string').slice(0, 1000));
    }

    async atMention(filePath: string, firstLine: number, lastLine: number): Promise<number> {
        return (await this.requireEndpoint()).atMention(claudeAtMentionOf(filePath, firstLine, lastLine));
    }

    async addSelection(sessionId: string, filePath: string, firstLine: number, lastLine: number): Promise<boolean> {
        return (await this.requireEndpoint()).addSelection(String(sessionId), copilotAddSelectionOf(String(filePath), Number(firstLine), Number(lastLine)));
    }

    async addFileReferences(sessionId: string, filePaths: string[]): Promise<boolean> {
        // From the page: strings only, and no more than a selection in the Explorer plausibly holds.
        const paths = (Array.isArray(filePaths) ? filePaths : []).filter((p): p is string => typeof p === 'string' && path.isAbsolute(p)).slice(0, 100);
        return paths.length > 0 && (await this.requireEndpoint()).addFileReferences(String(sessionId), paths.map(copilotFileReferenceOf));
    }

    async resolveDiff(diffId: string, outcome: DiffOutcome): Promise<DiffDelivery> {
        return (await this.requireEndpoint()).resolveDiff(diffId, outcome);
    }

    async getStatus(): Promise<CompanionStatus> {
        if (!this.attaching) {
            return { running: false, port: 0, workspacePath: '', profiles: [], sessions: [], files: [], pendingDiffs: 0 };
        }
        return this.statusOf(await this.requireEndpoint());
    }

    async isIdeModeEnabled(clientId: string): Promise<boolean> {
        return new CliSettingsFile(this.profile(clientId)).isIdeModeEnabled();
    }

    async enableIdeMode(clientId: string): Promise<string> {
        const settings = new CliSettingsFile(this.profile(clientId));
        settings.enableIdeMode();
        return settings.path;
    }

    /** The window closed or reloaded: its server keeps sessions and pending diffs and waits for it. */
    dispose(): void {
        this.disposed = true;
        this.unsubscribe?.();
        if (this.endpoint) {
            this.registry.release(this, this.endpoint);
        }
        this.endpoint = undefined;
        this.client = undefined;
    }

    protected profile(clientId: string): ClientProfile {
        const profile = findProfile(clientId);
        if (!profile) {
            throw new Error(`Unknown CLI "${clientId}".`);
        }
        return profile;
    }

    /** Calls racing the attach wait for it; before any attach they fail. */
    protected async requireEndpoint(): Promise<CompanionEndpoint> {
        if (!this.attaching) {
            throw new Error('This window has not attached to its companion server yet.');
        }
        return (await this.attaching).endpoint;
    }

    /** A failed attach is not kept: the window's next attach tries again. */
    protected ensureEndpoint(windowKey: string | undefined): Promise<{ endpoint: CompanionEndpoint; windowKey: string }> {
        if (this.attaching) {
            return this.attaching;
        }
        const attaching = this.registry.acquire(this, windowKey).then(attached => {
            const { endpoint } = attached;
            if (this.disposed) {
                this.registry.release(this, endpoint);
                throw new Error('The window has closed.');
            }
            this.endpoint = endpoint;
            this.unsubscribe = endpoint.onDidChange(() => this.client?.statusChanged(this.statusOf(endpoint)));
            endpoint.attachView({
                show: async diff => this.requireClient().showDiff(diff),
                close: diffId => this.client ? this.client.closeDiff(diffId) : Promise.resolve(undefined),
                // Claude Code's getDiagnostics: the markers live in the window (Problems view), not in the backend.
                diagnostics: uri => this.client ? this.client.getDiagnostics(uri) : Promise.resolve([])
            });
            return attached;
        });
        this.attaching = attaching;
        attaching.catch(() => {
            if (this.attaching === attaching) {
                this.attaching = undefined;
            }
        });
        return attaching;
    }

    protected requireClient(): CompanionClient {
        if (!this.client) {
            throw new Error('the Theia window is closing');
        }
        return this.client;
    }

    protected statusOf(endpoint: CompanionEndpoint): CompanionStatus {
        const status = endpoint.status();
        return { ...status, running: status.port > 0 };
    }
}

function profilesOf(clientIds: readonly string[]): ClientProfile[] {
    return CLIENT_PROFILES.filter(profile => clientIds.includes(profile.id));
}
