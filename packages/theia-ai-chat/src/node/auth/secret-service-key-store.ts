import { injectable } from '@theia/core/shared/inversify';
import { KeyStoreServiceImpl } from '@theia/core/lib/node/key-store-server';

/** A name no one stores under: listing it proves the Secret Service answers. */
const PROBE_SERVICE = 'ai-cli-companion-secret-service-probe';

export class CredentialStoreUnavailableError extends Error { }

/**
 * Theia's key store (keytar: the Secret Service over D-Bus on Linux, the Keychain on macOS, the Credential
 * Manager on Windows) without its silent fallback: Theia keeps secrets in memory when the system store
 * cannot be reached, which would lose an API key at the next restart while claiming to keep it. This one
 * refuses instead, and tries the system store again on the next call (a keyring may be unlocked later).
 */
@injectable()
export class SecretServiceKeyStore extends KeyStoreServiceImpl {
    protected override async getKeytar(): Promise<typeof import('keytar')> {
        if (this.keytarImplementation) {
            return this.keytarImplementation;
        }
        let keytar: typeof import('keytar');
        try {
            keytar = await import('keytar');
            await keytar.findCredentials(PROBE_SERVICE);
        } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            throw new CredentialStoreUnavailableError(`the system's credential store cannot be reached (${reason.split('\n')[0]})`);
        }
        this.keytarImplementation = keytar;
        return keytar;
    }
}
