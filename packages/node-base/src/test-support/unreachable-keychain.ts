import type { CredentialStore } from '../credential-policy';

/** An OS keychain that is not there (no Secret Service answers, as on a headless machine): every call rejects. */
export class UnreachableKeychain implements CredentialStore {
    readonly description = 'OS keychain';
    async get(): Promise<string | undefined> { throw new Error('no Secret Service'); }
    async set(): Promise<void> { throw new Error('no Secret Service'); }
    async delete(): Promise<void> { throw new Error('no Secret Service'); }
}
