import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { CodexIpcService, CodexIpcServiceOptions, CodexIpcStatus, CompanionEndpoint } from '@ai-cli-companion/core/node';
import { toCompanionLogger } from './theia-companion-logger';

/**
 * Codex CLI's `/ide` for the whole backend: one socket (`$TMPDIR/codex-ipc/ipc-<uid>.sock`) that answers
 * for every window's folders, owned, joined or taken over as other apps come and go (see CodexIpcService).
 * Each window's server is registered here by the endpoint registry.
 */
@injectable()
export class CodexSocketContribution implements BackendApplicationContribution {
    @inject(ILogger) @named('ai-cli-companion')
    protected readonly logger: ILogger;

    protected service: CodexIpcService | undefined;
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

    status(): CodexIpcStatus | undefined {
        return this.service?.status();
    }

    onStop(): void {
        process.off('exit', this.removeOnExit);
        this.service?.removeSocketSync();
        void this.service?.stop();
    }

    protected ipc(): CodexIpcService {
        this.service ??= new CodexIpcService(this.options());
        return this.service;
    }

    /** Where Codex looks by default; specs move it into a temp folder. */
    protected options(): CodexIpcServiceOptions {
        return { logger: toCompanionLogger(this.logger) };
    }
}
