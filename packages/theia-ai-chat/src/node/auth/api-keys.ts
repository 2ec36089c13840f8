import { inject, injectable } from '@theia/core/shared/inversify';
import { CredentialStoreUnavailableError, SecretServiceKeyStore } from './secret-service-key-store';

/** The credential store's service name; the account is the chat agent's id. */
export const API_KEY_SERVICE = 'ai-cli-companion.chat-agent-api-key';

/**
 * The chat agents' API keys in the credential store, by agent id. Keys handed to an agent are
 * remembered (in memory only) so that whatever the agent prints can be scrubbed of them.
 */
@injectable()
export class AcpApiKeys {
    @inject(SecretServiceKeyStore) protected readonly store: SecretServiceKeyStore;

    protected readonly handedOut = new Set<string>();

    async problem(): Promise<string | undefined> {
        try {
            await this.store.keys(API_KEY_SERVICE);
            return undefined;
        } catch (error) {
            return describe(error);
        }
    }

    async set(agentId: string, key: string): Promise<void> {
        await this.store.setPassword(API_KEY_SERVICE, agentId, key);
    }

    async forget(agentId: string): Promise<boolean> {
        return this.store.deletePassword(API_KEY_SERVICE, agentId);
    }

    async agentIds(): Promise<string[]> {
        return this.store.keys(API_KEY_SERVICE);
    }

    /** The environment that carries the agent's stored key; empty without one (or without a store). */
    async environmentFor(agentId: string, apiKeyEnv: string | undefined): Promise<Record<string, string>> {
        if (!apiKeyEnv) {
            return {};
        }
        const key = await this.store.getPassword(API_KEY_SERVICE, agentId).catch(() => undefined);
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
}

/** One phrase for whatever the store threw (a keyring that went away after it worked throws keytar's own error). */
export function describe(error: unknown): string {
    if (error instanceof CredentialStoreUnavailableError) {
        return error.message;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return `the system's credential store cannot be reached (${reason.split('\n')[0]})`;
}
