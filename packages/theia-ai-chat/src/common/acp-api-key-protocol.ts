export const ACP_API_KEYS_PATH = '/services/ai-cli-companion/acp-api-keys';

/**
 * The chat agents' API keys, kept in the system's credential store (the Secret Service on Linux, through
 * Theia's keytar-based key store) and never in settings, logs or the chat. A key is only ever written
 * here: nothing reads one back to the frontend.
 */
export const AcpApiKeyService = Symbol('AcpApiKeyService');
export interface AcpApiKeyService {
    /** Why keys cannot be kept (no Secret Service answers); undefined when they can. */
    credentialStoreProblem(): Promise<string | undefined>;
    /** Stores the key and restarts the agent's processes, so its next turn runs with it. */
    setApiKey(agentId: string, key: string): Promise<{ stored: true } | { error: string }>;
    /** Removes the stored key (and restarts the agent's processes without it). False when there was none. */
    forgetApiKey(agentId: string): Promise<boolean>;
    /** The agents that have a key stored. */
    agentsWithApiKey(): Promise<string[]>;
}
