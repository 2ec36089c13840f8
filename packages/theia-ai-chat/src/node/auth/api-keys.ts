import * as path from 'path';
import { inject, injectable } from '@theia/core/shared/inversify';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { PrivateSecretsFile } from '@ai-cli-companion/node-base';
import { CredentialStoreUnavailableError, SecretServiceKeyStore } from './secret-service-key-store';

/** The credential store's service name; the account is the chat agent's id. */
export const API_KEY_SERVICE = 'ai-cli-companion.chat-agent-api-key';

/** The 0600 file the keys go to where no credential store answers, once the user agreed; in Theia's config folder. */
export const ApiKeyFilePath = Symbol('ApiKeyFilePath');
export type ApiKeyFilePath = () => Promise<string>;

export async function defaultApiKeyFilePath(env: EnvVariablesServer): Promise<string> {
    return path.join(FileUri.fsPath(await env.getConfigDirUri()), 'ai-cli-companion', 'chat-agent-api-keys.json');
}

/**
 * The chat agents' API keys, by agent id: in the system's credential store where one answers; else, only
 * when the user agreed to it (`allowFile`), in a 0600 file in the config folder. Never in memory only.
 * Keys handed to an agent are remembered (in memory only) so that whatever the agent prints can be scrubbed of them.
 */
@injectable()
export class AcpApiKeys {
    @inject(SecretServiceKeyStore) protected readonly store: SecretServiceKeyStore;
    @inject(ApiKeyFilePath) protected readonly filePath: ApiKeyFilePath;

    protected readonly handedOut = new Set<string>();

    async problem(): Promise<string | undefined> {
        try {
            await this.store.keys(API_KEY_SERVICE);
            return undefined;
        } catch (error) {
            return describe(error);
        }
    }

    /** Where keys go when the credential store cannot be reached. */
    keyFile(): Promise<string> {
        return this.filePath();
    }

    /** Where the key was kept: 'credential store', or the file's path. Without `allowFile` a store that cannot be reached throws. */
    async set(agentId: string, key: string, allowFile = false): Promise<string> {
        try {
            await this.store.setPassword(API_KEY_SERVICE, agentId, key);
            return 'credential store';
        } catch (error) {
            // Either the store never answered, or a keyring that worked went away (keytar's own error).
            if (!allowFile) {
                throw error;
            }
        }
        const file = await this.file();
        await file.set(agentId, key);
        return file.file;
    }

    async forget(agentId: string): Promise<boolean> {
        const inStore = await this.store.deletePassword(API_KEY_SERVICE, agentId).catch(() => false);
        const inFile = await (await this.file()).delete(agentId);
        return inStore || inFile;
    }

    async agentIds(): Promise<string[]> {
        const inStore = await this.store.keys(API_KEY_SERVICE).catch(() => [] as string[]);
        const inFile = await (await this.file()).names();
        return [...new Set([...inStore, ...inFile])];
    }

    /** The environment that carries the agent's stored key; empty without one. */
    async environmentFor(agentId: string, apiKeyEnv: string | undefined): Promise<Record<string, string>> {
        if (!apiKeyEnv) {
            return {};
        }
        const key = await this.store.getPassword(API_KEY_SERVICE, agentId).catch(() => undefined)
            ?? await (await this.file()).get(agentId).catch(() => undefined);
        if (!key) {
            return {};
        }
        this.handedOut.add(key);
        return { [apiKeyEnv]: key };
    }

    /** The agent's output with every key it was given replaced. */
    scrub(text: string): string {
        let scrubbed = text;
        for (const key of this.handedOut) {
            scrubbed = scrubbed.split(key).join('<api key>');
        }
        return scrubbed;
    }

    protected async file(): Promise<PrivateSecretsFile> {
        return new PrivateSecretsFile(await this.filePath());
    }
}

/** One phrase for whatever the store threw (a keyring that went away after it worked throws keytar's own error). */
export function describe(error: unknown): string {
    if (error instanceof CredentialStoreUnavailableError) {
        return error.message;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return `the system's credential store cannot be reached (${reason.split('\n')[0]})`;
}
