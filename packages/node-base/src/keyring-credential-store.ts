import type { CredentialStore } from './credential-policy';
import { deferredRequire } from './deferred-module';

interface KeyringEntry {
    getPassword(): Promise<string | null>;
    setPassword(password: string): Promise<void>;
    deletePassword(): Promise<boolean>;
}
interface KeyringModule {
    AsyncEntry: new (service: string, account: string, options?: object) => KeyringEntry;
    findCredentialsAsync(service: string): Promise<Array<{ account: string }>>;
}

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service on Linux) through
 * `@napi-rs/keyring`: the one keychain library of the stand-alone Agent API, the Agent API inside Theia and
 * the chat's API keys. It throws where the keychain cannot be reached (no silent in-memory fallback, unlike
 * Theia's keytar-based KeyStoreService), and its async entries keep D-Bus waits off the event loop.
 */
export class KeyringCredentialStore implements CredentialStore {
    readonly description = 'OS keychain';

    constructor(private readonly service = 'ai-cli-agent-api') { }

    async get(key: string): Promise<string | undefined> {
        return await this.entry(key).getPassword() ?? undefined;
    }

    async set(key: string, value: string): Promise<void> {
        await this.entry(key).setPassword(value);
    }

    async delete(key: string): Promise<void> {
        // False when there was none; a keychain that cannot be reached throws.
        await this.entry(key).deletePassword();
    }

    async names(): Promise<string[]> {
        return (await keyring().findCredentialsAsync(this.service)).map(credential => credential.account);
    }

    private entry(key: string): KeyringEntry {
        // Pinned to the Secret Service on Linux: the binding's silent fallback, the kernel keyring,
        // forgets everything at reboot, and a key must survive a restart. The constructor throws when
        // no Secret Service answers; every caller is async, so that is a rejection.
        return new (keyring().AsyncEntry)(this.service, key, { linux: { store: 'secret-service' } });
    }
}

/** Loaded on first use from node_modules: a bundled Theia backend leaves the native binding out of its bundle. */
function keyring(): KeyringModule {
    return deferredRequire<KeyringModule>('@napi-rs/keyring');
}
