export const ACP_API_KEYS_PATH = '/services/ai-cli-companion/acp-api-keys';

/**
 * The chat agents' API keys, kept in the system's credential store (the Secret Service on Linux, through
 * Theia's keytar-based key store), or where none answers and the user agreed, in a 0600 file in the user's
 * config folder; never in memory only, settings, logs or the chat. A key is only ever written
 * here: nothing reads one back to the frontend.
 */
export const AcpApiKeyService = Symbol('AcpApiKeyService');
export interface AcpApiKeyService {
    /** Why keys cannot be kept (no Secret Service answers); undefined when they can. */
    credentialStoreProblem(): Promise<string | undefined>;
    /** The 0600 file in the user's config folder that keys go to where no credential store answers. */
    apiKeyFile(): Promise<string>;
    /**
     * Stores the key and restarts the agent's processes, so its next turn runs with it. `allowFile`: the user
     * agreed to the 0600 file should the credential store not answer. `where`: 'credential store' or the file's path.
     */
    setApiKey(agentId: string, key: string, allowFile?: boolean): Promise<{ stored: true; where?: string } | { error: string }>;
    /** Removes the stored key (and restarts the agent's processes without it). False when there was none. */
    forgetApiKey(agentId: string): Promise<boolean>;
    /** The agents that have a key stored. */
    agentsWithApiKey(): Promise<string[]>;
}
