import { inject, injectable, named } from '@theia/core/shared/inversify';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { ILogger } from '@theia/core/lib/common/logger';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';
import { ClientProfile, companionEnvNames } from '@ai-cli-companion/core/lib/client-profiles';
import { CompanionEndpoint } from '@ai-cli-companion/core/lib/companion-endpoint';
import { enabledProfilesAtStartup } from './startup-preferences';
import { startupWorkspaceRoots } from './startup-workspace';
import { toCompanionLogger } from './theia-companion-logger';

/**
 * Owns every companion server of this backend. One starts with the backend, before any terminal
 * can exist (the CLIs look for the IDE once, at their start); the first window to connect adopts
 * it and hands it back when it closes or reloads. Every further window gets a server of its own.
 */
@injectable()
export class CompanionEndpointRegistry implements BackendApplicationContribution {
    @inject(ILogger) @named('ai-cli-companion')
    protected readonly logger: ILogger;

    @inject(WorkspaceServer)
    protected readonly workspaceServer: WorkspaceServer;

    @inject(EnvVariablesServer)
    protected readonly envVariables: EnvVariablesServer;

    protected backendEndpoint: CompanionEndpoint | undefined;
    protected backendEndpointOwner: object | undefined;
    protected readonly windowEndpoints = new Set<CompanionEndpoint>();

    async initialize(): Promise<void> {
        process.once('exit', () => this.removeAllDiscoveryFilesSync());
        const roots = await startupWorkspaceRoots(this.workspaceServer);
        const endpoint = this.createEndpoint(enabledProfilesAtStartup(await this.envVariables.getConfigDirUri(), roots));
        await endpoint.start({ roots });
        this.backendEndpoint = endpoint;
        endpoint.onDidChange(() => this.exportToProcessEnv(endpoint));
        this.exportToProcessEnv(endpoint);
    }

    /** A server for a window: the backend's own one if no window holds it, else a new one. */
    async acquire(owner: object): Promise<CompanionEndpoint> {
        if (this.backendEndpoint && !this.backendEndpointOwner) {
            this.backendEndpointOwner = owner;
            return this.backendEndpoint;
        }
        const endpoint = this.createEndpoint();
        this.windowEndpoints.add(endpoint);
        await endpoint.start();
        return endpoint;
    }

    /** The window is gone: its own server stops, the backend's server waits for the next window. */
    async release(owner: object, endpoint: CompanionEndpoint): Promise<void> {
        if (endpoint === this.backendEndpoint) {
            // Only its holder lets it go: anyone else would cut the holding window off its diffs.
            if (this.backendEndpointOwner === owner) {
                this.backendEndpointOwner = undefined;
                endpoint.setDiffHandler(undefined);
                // The window's editors went with it: connected CLIs must not keep them as context
                // until the next window adopts the server and sends its own.
                endpoint.updateContext({ workspaceState: { openFiles: [] } });
            }
            return;
        }
        endpoint.setDiffHandler(undefined);
        this.windowEndpoints.delete(endpoint);
        await endpoint.stop();
    }

    onStop(): void {
        // Synchronous first: on process exit nothing after the first await runs.
        this.removeAllDiscoveryFilesSync();
        for (const endpoint of this.allEndpoints()) {
            void endpoint.stop();
        }
    }

    protected createEndpoint(profiles?: readonly ClientProfile[]): CompanionEndpoint {
        return new CompanionEndpoint({ profiles, logger: toCompanionLogger(this.logger) });
    }

    protected allEndpoints(): CompanionEndpoint[] {
        return [...(this.backendEndpoint ? [this.backendEndpoint] : []), ...this.windowEndpoints];
    }

    protected removeAllDiscoveryFilesSync(): void {
        this.allEndpoints().forEach(endpoint => endpoint.removeDiscoveryFilesSync());
    }

    /**
     * Every process the backend starts inherits these, so even a terminal no window configured
     * (a task, an external launcher) finds the backend's server. Windows override them per terminal.
     */
    protected exportToProcessEnv(endpoint: CompanionEndpoint): void {
        const env = endpoint.terminalEnv();
        for (const name of companionEnvNames().filter(n => !(n in env))) {
            delete process.env[name]; // a client switched off, or no folder open any more
        }
        Object.assign(process.env, env);
    }
}
