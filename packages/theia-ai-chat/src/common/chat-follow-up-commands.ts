// The commands a failed turn's buttons run, by id: the chat agent offers them (browser/agents/failure-message.ts),
// the features register them (auth/, registry/, the companion's install check). Here so neither imports the other.

/** The companion's install command (theia-companion's install check), run by id. */
export const INSTALL_CLI_COMMAND = 'aiCliCompanion.installCli';
/** Asks for the agent's API key and keeps it where the credential policy says (auth/api-key-commands.ts). */
export const SET_API_KEY_COMMAND = 'aiCliChat.setApiKey';
/** Add Agent from ACP Registry… (registry/registry-commands.ts). */
export const ADD_REGISTRY_AGENT_COMMAND = 'aiCliChat.addAgentFromRegistry';
/** Runs a `terminal` sign-in method in a Theia terminal, then retries the prompt (auth/sign-in-commands.ts). Takes a sign-in id. */
export const SIGN_IN_IN_TERMINAL_COMMAND = 'aiCliChat.signInInTerminal';
/** Calls `authenticate` with one of the agent's own methods, then retries the prompt (auth/sign-in-commands.ts). Takes a sign-in id. */
export const AUTHENTICATE_COMMAND = 'aiCliChat.authenticate';

/** Where a sign-in button retries: the chat and the prompt that failed. */
export interface AcpRetry {
    readonly chatSessionId: string;
    readonly text: string;
    readonly modeId?: string;
}
