/**
 * What an agent process gets of the user's secrets: its API key in its environment, and its log lines with every
 * key scrubbed. auth/ implements it (api-keys.ts) and binds it in its module, so agents/ imports nothing of auth/.
 */
export const AcpAgentSecrets = Symbol('AcpAgentSecrets');
export interface AcpAgentSecrets {
    /** The variables to add to the agent's environment: its stored key under `apiKeyEnv`, if any. */
    environmentFor(agentId: string, apiKeyEnv: string | undefined): Promise<Record<string, string>>;
    /** The agent's output with every key it was given replaced. */
    scrub(text: string): string;
}
