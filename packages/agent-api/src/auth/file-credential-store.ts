import { PrivateSecretsFile } from '@ai-cli-companion/node-base';
import type { CredentialStore } from './credential-store';

/**
 * Secrets in a JSON file only the user can read (0600 in a 0700 directory), like the CLIs' own
 * credential files: node-base's PrivateSecretsFile, which the chat's key store shares.
 */
export class FileCredentialStore implements CredentialStore {
    protected readonly secrets: PrivateSecretsFile;

    constructor(readonly file: string) {
        this.secrets = new PrivateSecretsFile(file);
    }

    get description(): string {
        return `file ${this.file}`;
    }

    get(key: string): Promise<string | undefined> {
        return this.secrets.get(key);
    }

    set(key: string, value: string): Promise<void> {
        return this.secrets.set(key, value);
    }

    async delete(key: string): Promise<void> {
        await this.secrets.delete(key);
    }
}
