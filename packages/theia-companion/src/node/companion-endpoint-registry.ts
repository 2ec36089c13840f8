import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ApplicationPackage } from '@theia/core/shared/@theia/application-package';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { ILogger } from '@theia/core/lib/common/logger';
import { generateUuid } from '@theia/core/lib/common/uuid';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';
import { ClientProfile, Clock, NATIVE_EXTENSION_ENV, systemClock } from '@ai-cli-companion/core';
import { CompanionEndpoint } from '@ai-cli-companion/core/node';
import { CodexSocketContribution } from './codex-socket-contribution';
import { enabledProfilesAtStartup } from './startup-preferences';
import { startupWorkspaceRoots } from './startup-workspace';
import { toCompanionLogger } from './theia-companion-logger';

/** What the CLIs call a Theia product that does not name itself. */
const DEFAULT_APPLICATION_NAME = 'Eclipse Theia';

/** A window that reloads gets its server back if it returns within this time. */
const DEFAULT_RELOAD_GRACE_MS = 30_000;

/** A reloading page may connect before its old connection is closed; it waits this long for the handover. */
const HANDOVER_WAIT_MS = 3_000;

/** One server and the window that holds it, or held it last. */
interface EndpointLease {
    readonly endpoint: CompanionEndpoint;
    readonly startup: boolean;
    /** Kept by the page across reloads (sessionStorage): how a reloaded window finds its server again. */
    windowKey: string | undefined;
    owner: object | undefined;
    graceTimer?: unknown;
    handover?: () => void;
}

/**
 * Owns every companion server of this backend. One starts with the backend, before any terminal can
 * exist (the CLIs look for the IDE once, at their start); the first window to connect adopts it. Every
 * further window gets a server of its own. A window that goes away leaves its server waiting for a
 * while: a reload (same window key) gets the same port, tokens, files, CLI sessions and pending diffs.
 */
@injectable()
export class CompanionEndpointRegistry implements BackendApplicationContribution {
    @inject(ILogger) @named('ai-cli-companion')
    protected readonly logger: ILogger;

    @inject(WorkspaceServer)
    protected readonly workspaceServer: WorkspaceServer;

    @inject(EnvVariablesServer)
    protected readonly envVariables: EnvVariablesServer;

    @inject(ApplicationPackage)
    protected readonly applicationPackage: ApplicationPackage;

    @inject(CodexSocketContribution)
    protected readonly codexSocket: CodexSocketContribution;

    protected readonly leases: EndpointLease[] = [];
    /** The reload grace and the handover wait; specs use a manual one. */
    protected readonly clock: Clock = systemClock;

    protected get reloadGraceMs(): number {
        const configured = Number(process.env.AI_CLI_COMPANION_RELOAD_GRACE_MS);
        return Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_RELOAD_GRACE_MS;
    }

    async initialize(): Promise<void> {
        process.once('exit', () => this.removeAllDiscoveryFilesSync());
        // Not a secret: tells the .vsix in the plugin host (a child of this process) to stay idle.
        process.env[NATIVE_EXTENSION_ENV] = String(process.pid);
        const roots = await startupWorkspaceRoots(this.workspaceServer);
        const endpoint = this.createEndpoint(enabledProfilesAtStartup(await this.envVariables.getConfigDirUri(), roots));
        await endpoint.start({ roots });
        this.leases.push({ endpoint, startup: true, windowKey: undefined, owner: undefined });
        this.codexSocket.addWindow(endpoint);
        await this.codexSocket.start();
    }

    /**
     * A server for a window: its own one back after a reload, else the startup server if no window
     * holds it, else a new one. Returns the key the window keeps for its next reload.
     */
    async acquire(owner: object, windowKey?: string): Promise<{ endpoint: CompanionEndpoint; windowKey: string }> {
        const known = windowKey !== undefined ? this.leases.find(lease => lease.windowKey === windowKey) : undefined;
        if (known && (!known.owner || await this.waitForHandover(known))) {
            return this.adopt(known, owner, windowKey!);
        }
        const free = this.leases.find(lease => lease.startup && !lease.owner && lease.windowKey === undefined);
        const key = windowKey !== undefined && !known ? windowKey : generateUuid();
        if (free) {
            return this.adopt(free, owner, key);
        }
        const endpoint = this.createEndpoint();
        try {
            await endpoint.start();
        } catch (error) {
            await endpoint.stop().catch(() => undefined);
            throw error; // nothing registered: the next attach tries again
        }
        const lease: EndpointLease = { endpoint, startup: false, windowKey: key, owner };
        this.leases.push(lease);
        this.codexSocket.addWindow(endpoint);
        return { endpoint, windowKey: key };
    }

    /** The window closed or reloaded: its server keeps everything and waits for it for a while. */
    release(owner: object, endpoint: CompanionEndpoint): void {
        const lease = this.leases.find(each => each.endpoint === endpoint);
        if (!lease || lease.owner !== owner) {
            return; // only its holder lets it go: anyone else would cut the holding window off its diffs
        }
        lease.owner = undefined;
        endpoint.detachView(true);
        lease.handover?.();
        lease.graceTimer = this.clock.setTimeout(() => void this.expire(lease), this.reloadGraceMs);
        (lease.graceTimer as { unref?: () => void }).unref?.();
    }

    onStop(): void {
        // Synchronous first: on process exit nothing after the first await runs.
        this.removeAllDiscoveryFilesSync();
        for (const lease of this.leases) {
            this.clock.clearTimeout(lease.graceTimer);
            void lease.endpoint.stop();
        }
    }

    protected adopt(lease: EndpointLease, owner: object, windowKey: string): { endpoint: CompanionEndpoint; windowKey: string } {
        this.clock.clearTimeout(lease.graceTimer);
        lease.graceTimer = undefined;
        lease.owner = owner;
        lease.windowKey = windowKey;
        return { endpoint: lease.endpoint, windowKey };
    }

    /** True if the holder let go in time (a reload whose old connection closed late). */
    protected waitForHandover(lease: EndpointLease): Promise<boolean> {
        return new Promise(resolve => {
            const timer = this.clock.setTimeout(() => {
                lease.handover = undefined;
                resolve(false); // still held: a duplicated tab, not a reload
            }, HANDOVER_WAIT_MS);
            lease.handover = () => {
                this.clock.clearTimeout(timer);
                lease.handover = undefined;
                resolve(true);
            };
        });
    }

    /** The window did not come back: its diffs are answered, its server stops (the startup one waits for any window). */
    protected async expire(lease: EndpointLease): Promise<void> {
        lease.graceTimer = undefined;
        if (lease.owner) {
            return;
        }
        lease.endpoint.rejectPendingDiffs();
        if (lease.startup) {
            lease.windowKey = undefined;
            lease.endpoint.detachView(false);
            // The window's editors went with it: CLIs must not keep them as context until the next window sends its own.
            lease.endpoint.updateContext({ workspaceState: { openFiles: [] } });
            return;
        }
        this.leases.splice(this.leases.indexOf(lease), 1);
        this.codexSocket.removeWindow(lease.endpoint);
        await lease.endpoint.stop();
    }

    protected createEndpoint(profiles?: readonly ClientProfile[]): CompanionEndpoint {
        return new CompanionEndpoint({ profiles, ideInfo: this.ideInfo(), logger: toCompanionLogger(this.logger) });
    }

    /** The CLIs say "Connected to <this>": the product's own name ("Theia IDE", or your app's). */
    protected ideInfo(): { name: string; displayName: string } {
        let displayName = DEFAULT_APPLICATION_NAME;
        try {
            displayName = this.applicationPackage.props.frontend.config.applicationName || DEFAULT_APPLICATION_NAME;
        } catch (error) {
            this.logger.warn(`Cannot read the application name, using "${DEFAULT_APPLICATION_NAME}": ${(error as Error).message}`);
        }
        return { name: 'theia', displayName };
    }

    protected removeAllDiscoveryFilesSync(): void {
        this.leases.forEach(lease => lease.endpoint.removeDiscoveryFilesSync());
    }
}
