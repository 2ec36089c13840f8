export const ACP_API_KEYS_PATH = '/services/ai-cli-companion/acp-api-keys';

/**
 * Where a key set now would be kept (node-base's credential policy): the OS keychain; the 0600 file, the
 * user having agreed with aiCliCompanion.keysInFile; or nowhere, with why and how to agree.
 */
export type ApiKeyStorage = { kind: 'keychain' } | { kind: 'file'; file: string } | { kind: 'nowhere'; reason: string };

/**
 * The chat agents' API keys, kept in the OS keychain (the Secret Service on Linux, through `@napi-rs/keyring`),
 * or where none answers and the user agreed in their settings, in a 0600 file in the user's config folder;
 * never in memory only, settings, logs or the chat. A key is only ever written here: nothing reads one back
 * to the frontend.
 */
export const AcpApiKeyService = Symbol('AcpApiKeyService');
export interface AcpApiKeyService {
    /** Where a key set now would go; Set API Key… asks for none where it would go nowhere. */
    apiKeyStorage(): Promise<ApiKeyStorage>;
    /** Stores the key and restarts the agent's processes, so its next turn runs with it. `where`: 'credential store' or the file's path. */
    setApiKey(agentId: string, key: string): Promise<{ stored: true; where?: string } | { error: string }>;
    /** Removes the stored key (and restarts the agent's processes without it). False when there was none. */
    forgetApiKey(agentId: string): Promise<boolean>;
    /** The agents that have a key stored. */
    agentsWithApiKey(): Promise<string[]>;
}
