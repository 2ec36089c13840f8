import * as path from 'path';
import { inject, injectable } from '@theia/core/shared/inversify';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { CredentialStore, FileCredentialStore, NoCredentialStore, chooseCredentialStore, keychainProblem } from '@ai-cli-companion/node-base';
import { KEYS_IN_FILE_HOW_TO } from '@ai-cli-companion/node-base/credential-consent';
import type { ApiKeyStorage } from '../../common/auth/acp-api-key-protocol';

/** The keychain's service name; the account is the chat agent's id. */
export const API_KEY_SERVICE = 'ai-cli-companion.chat-agent-api-key';

/** The OS keychain the keys go to first (node-base's KeyringCredentialStore for API_KEY_SERVICE); tests bind a stand-in. */
export const ApiKeyKeychain = Symbol('ApiKeyKeychain');
/** Whether the user agreed to the 0600 file (aiCliCompanion.keysInFile in their user settings), asked at each use. */
export const ApiKeyFileConsent = Symbol('ApiKeyFileConsent');
export type ApiKeyFileConsent = () => boolean;

/** The 0600 file the keys go to where no keychain answers, once the user agreed; in Theia's config folder. */
export const ApiKeyFilePath = Symbol('ApiKeyFilePath');
export type ApiKeyFilePath = () => Promise<string>;

export async function defaultApiKeyFilePath(env: EnvVariablesServer): Promise<string> {
    return path.join(FileUri.fsPath(await env.getConfigDirUri()), 'ai-cli-companion', 'chat-agent-api-keys.json');
}

/**
 * The chat agents' API keys, by agent id, where node-base's one credential policy puts them: the OS keychain
 * when a round trip through it works; else the 0600 file, only with the user's consent; else nowhere, and
 * setting a key says how to agree. The choice is made again at each write (a keyring may be unlocked later,
 * the setting may change); reads look in both places, so a key kept in either is found.
 * Keys handed to an agent are remembered (in memory only) so that whatever the agent prints can be scrubbed of them.
 */
@injectable()
export class AcpApiKeys {
    @inject(ApiKeyKeychain) protected readonly keychain: CredentialStore;
    @inject(ApiKeyFilePath) protected readonly filePath: ApiKeyFilePath;
    @inject(ApiKeyFileConsent) protected readonly consent: ApiKeyFileConsent;

    protected readonly handedOut = new Set<string>();

    /** Why the keychain cannot keep keys; undefined when it can. */
    async problem(): Promise<string | undefined> {
        const problem = await keychainProblem(this.keychain);
        return problem === undefined ? undefined : `the system's credential store cannot be reached (${problem})`;
    }

    /** Where a key set now would be kept. */
    async storage(): Promise<ApiKeyStorage> {
        const store = await this.store();
        if (store instanceof NoCredentialStore) {
            return { kind: 'nowhere', reason: store.reason };
        }
        return store instanceof FileCredentialStore ? { kind: 'file', file: store.file } : { kind: 'keychain' };
    }

    /** Where the key was kept: 'credential store', or the file's path. Throws, saying how to agree, where it cannot be kept. */
    async set(agentId: string, key: string): Promise<string> {
        const store = await this.store();
        await store.set(agentId, key);
        return store instanceof FileCredentialStore ? store.file : 'credential store';
    }

    async forget(agentId: string): Promise<boolean> {
        const inKeychain = await this.keychain.get(agentId).then(key => key !== undefined).catch(() => false);
        await this.keychain.delete(agentId).catch(() => undefined);
        const file = await this.file();
        const inFile = await file.get(agentId) !== undefined;
        await file.delete(agentId);
        return inKeychain || inFile;
    }

    async agentIds(): Promise<string[]> {
        const inKeychain = await this.keychain.names?.().catch(() => [] as string[]) ?? [];
        const inFile = await (await this.file()).names();
        return [...new Set([...inKeychain, ...inFile])];
    }

    /** The environment that carries the agent's stored key; empty without one. */
    async environmentFor(agentId: string, apiKeyEnv: string | undefined): Promise<Record<string, string>> {
        if (!apiKeyEnv) {
            return {};
        }
        const key = await this.keychain.get(agentId).catch(() => undefined)
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

    protected async store(): Promise<CredentialStore> {
        return chooseCredentialStore({
            keychain: this.keychain, file: await this.filePath(), consent: this.consent(), howToConsent: KEYS_IN_FILE_HOW_TO,
            // The refusal and Set API Key… say it to the user; the log needs no line per attempt.
            warn: () => undefined
        });
    }

    protected async file(): Promise<FileCredentialStore> {
        return new FileCredentialStore(await this.filePath());
    }
}
