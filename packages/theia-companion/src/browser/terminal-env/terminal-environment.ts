import { injectable } from '@theia/core/shared/inversify';
import { Deferred } from '@theia/core/lib/common/promise-util';

/** How long a terminal opened at start-up waits for the window's companion server before opening without it. */
const FIRST_ENV_TIMEOUT_MS = 5000;

/** The environment this window's terminals get so the CLIs find the window's own companion server. */
@injectable()
export class TerminalEnvironment {
    protected current: Record<string, string> | undefined;
    protected readonly first = new Deferred<void>();

    set(env: Record<string, string>): void {
        this.current = env;
        this.first.resolve();
    }

    /** Attaching failed: terminals open at once without the variables (the CLIs still find the discovery files). */
    unavailable(): void {
        this.first.resolve();
    }

    async get(): Promise<Record<string, string>> {
        if (!this.current) {
            await Promise.race([this.first.promise, new Promise(resolve => setTimeout(resolve, FIRST_ENV_TIMEOUT_MS))]);
        }
        return this.current ?? {};
    }
}
