import type { CredentialStore } from './credential-store';

interface KeyringEntry {
    getPassword(): string | null | undefined;
    setPassword(password: string): void;
    deletePassword(): boolean;
}
type KeyringModule = { Entry: new (service: string, account: string, options?: object) => KeyringEntry };

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * `@napi-rs/keyring`, loaded lazily: a platform without its prebuilt binary simply has no keychain.
 */
export class KeyringCredentialStore implements CredentialStore {
    readonly description = 'OS keychain';

    constructor(private readonly service = 'ai-cli-agent-api') { }

    async get(key: string): Promise<string | undefined> {
        return this.entry(key).getPassword() ?? undefined;
    }

    async set(key: string, value: string): Promise<void> {
        this.entry(key).setPassword(value);
    }

    async delete(key: string): Promise<void> {
        try {
            this.entry(key).deletePassword();
        } catch (error) {
            if (!/no (matching )?entry|not found/i.test((error as Error).message)) {
                throw error;
            }
        }
    }

    private entry(key: string): KeyringEntry {
        // module.require, not require: a bundled Theia backend passes Theia's own store and must
        // not try to bundle the native binding.
        const keyring = module.require('@napi-rs/keyring') as KeyringModule;
        // Pinned to the Secret Service on Linux: the binding's silent fallback, the kernel keyring,
        // forgets everything at reboot, and the spec wants credentials that survive a restart.
        return new keyring.Entry(this.service, key, { linux: { store: 'secret-service' } });
    }
}
