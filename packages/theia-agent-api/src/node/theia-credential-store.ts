import { inject, injectable } from '@theia/core/shared/inversify';
import { KeyStoreService } from '@theia/core/lib/common/key-store';
import type { CredentialStore } from '@ai-cli-companion/agent-api';

const SERVICE = 'ai-cli-agent-api';

/**
 * Theia's own credential store (the OS keychain through Theia's KeyStoreService), without its silent
 * fallback: Theia keeps secrets in memory when keytar cannot reach the system store, which would lose them
 * at the next restart while the status claimed a keychain. This one throws instead, so the Agent API says
 * so in its log and picks its next store, which its status and tooltip name.
 */
@injectable()
export class TheiaCredentialStore implements CredentialStore {
    readonly description = 'Theia credential store';

    @inject(KeyStoreService) protected readonly keyStore: KeyStoreService;

    protected reachable = false;

    async get(key: string): Promise<string | undefined> {
        await this.ensureReachable();
        return this.keyStore.getPassword(SERVICE, key);
    }

    async set(key: string, value: string): Promise<void> {
        await this.ensureReachable();
        return this.keyStore.setPassword(SERVICE, key, value);
    }

    async delete(key: string): Promise<void> {
        await this.ensureReachable();
        await this.keyStore.deletePassword(SERVICE, key);
    }

    /** The same probe Theia's store makes before it falls back to memory; tried again until it answers once. */
    protected async ensureReachable(): Promise<void> {
        if (this.reachable) {
            return;
        }
        try {
            const keytar = await import('keytar');
            await keytar.findCredentials(`${SERVICE}-probe`);
        } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            throw new Error(`the system's credential store cannot be reached (${reason.split('\n')[0]})`, { cause: error });
        }
        this.reachable = true;
    }
}
