import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { CodexIpcSockets, CodexIpcSocketsOptions, CodexIpcStatus, CompanionEndpoint } from '@ai-cli-companion/core/node';
import { toCompanionLogger } from './theia-companion-logger';

/**
 * Codex CLI's `/ide` for the whole backend: a socket on each path where Codex looks (`$CODEX_HOME/ipc/ipc.sock`,
 * then `$TMPDIR/codex-ipc/ipc-<uid>.sock`, from this backend's environment, which its terminals inherit) that
 * answers for every window's folders, owned, joined or taken over as other apps come and go (see CodexIpcSockets).
 * Each window's server is registered here by the endpoint registry.
 */
@injectable()
export class CodexSocketContribution implements BackendApplicationContribution {
    @inject(ILogger) @named('ai-cli-companion')
    protected readonly logger: ILogger;

    protected service: CodexIpcSockets | undefined;
    protected started = false;
    protected readonly windows = new Map<CompanionEndpoint, () => void>();
    protected readonly removeOnExit = () => this.service?.removeSocketSync();

    /** Starts once the startup window is registered, so a CLI that asks at once finds it. */
    async start(): Promise<void> {
        if (this.started) {
            return;
        }
        this.started = true;
        process.once('exit', this.removeOnExit);
        await this.ipc().start();
    }

    addWindow(endpoint: CompanionEndpoint): void {
        if (!this.windows.has(endpoint)) {
            // Its folders and context while Codex is enabled for it; the CLIs it answers count as its sessions.
            this.windows.set(endpoint, this.ipc().addWindow(endpoint.codexWindow()));
        }
    }

    removeWindow(endpoint: CompanionEndpoint): void {
        this.windows.get(endpoint)?.();
        this.windows.delete(endpoint);
    }

    /** One per path, in the order Codex tries them; undefined before the sockets started. */
    statuses(): CodexIpcStatus[] | undefined {
        return this.service?.statuses();
    }

    onStop(): void {
        process.off('exit', this.removeOnExit);
        this.service?.removeSocketSync();
        void this.service?.stop();
    }

    protected ipc(): CodexIpcSockets {
        this.service ??= new CodexIpcSockets(this.options());
        return this.service;
    }

    /** Where Codex looks by default; specs move the sockets into a temp folder. */
    protected options(): CodexIpcSocketsOptions {
        return { logger: toCompanionLogger(this.logger) };
    }
}
