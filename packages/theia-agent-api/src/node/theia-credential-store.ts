import { inject, injectable } from '@theia/core/shared/inversify';
import { KeyStoreService } from '@theia/core/lib/common/key-store';
import type { CredentialStore } from '@ai-cli-companion/agent-api';

const SERVICE = 'ai-cli-agent-api';

/** Theia's own credential store (the OS keychain through Theia's KeyStoreService). */
@injectable()
export class TheiaCredentialStore implements CredentialStore {
    readonly description = 'Theia credential store';

    @inject(KeyStoreService) protected readonly keyStore: KeyStoreService;

    get(key: string): Promise<string | undefined> {
        return this.keyStore.getPassword(SERVICE, key);
    }

    set(key: string, value: string): Promise<void> {
        return this.keyStore.setPassword(SERVICE, key, value);
    }

    async delete(key: string): Promise<void> {
        await this.keyStore.deletePassword(SERVICE, key);
    }
}
