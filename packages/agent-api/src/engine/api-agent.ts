import * as path from 'path';
import { AcpAgentLaunch, ConfiguredAgentLaunch, findOnPath, isLoaderOrShellEnvVar } from '@ai-cli-companion/acp-client';

/**
 * The agent the API drives: a built-in of the agent table, or an ACP agent of the user's own (an `aiCliChat.agents`
 * entry, or the command line's `--agent-command`), as the chat starts it.
 */
export interface ApiAgent extends AcpAgentLaunch {
    /** The variable that carries its API key; none: the API cannot set a key for it. */
    readonly apiKeyEnv?: string;
    /** How a user logs in, for the error that asks them to. */
    readonly loginHint: string;
    /** Where the CLI caches its own Google login, relative to HOME. */
    readonly oauthCredentialFile?: string;
}

/**
 * A user's own agent, with the same rules as the chat's: its program resolved once, here, to an absolute path with
 * the server's PATH (nothing later can put another program in its place), and no environment variable of its entry
 * that makes a loader, shell or package manager run something else (LD_PRELOAD, NODE_OPTIONS, BASH_ENV, …).
 * Throws with a message that says what to fix.
 */
export async function configuredApiAgent(entry: ConfiguredAgentLaunch, env: NodeJS.ProcessEnv): Promise<ApiAgent> {
    const unsafe = Object.keys(entry.env ?? {}).filter(name => isLoaderOrShellEnvVar(name));
    if (unsafe.length > 0) {
        throw new Error(`The agent ${entry.name} sets ${unsafe.join(', ')} in its environment, which would run other code; remove ${unsafe.length > 1 ? 'them' : 'it'} from its entry.`);
    }
    const command = entry.command.includes('/') || entry.command.includes(path.sep)
        ? path.resolve(entry.command) : await findOnPath(entry.command, env);
    if (!command) {
        throw new Error(`The agent ${entry.name}'s command "${entry.command}" is not on PATH.`);
    }
    return {
        id: entry.name, displayName: entry.name, command, args: entry.args, ...entry.env ? { env: entry.env } : {},
        ...entry.apiKeyEnv ? { apiKeyEnv: entry.apiKeyEnv } : {},
        loginHint: `sign in as ${entry.name}'s own documentation says`
    };
}
