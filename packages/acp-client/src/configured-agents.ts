// Browser-safe, imports nothing (`@ai-cli-companion/acp-client/configured-agents`): the chat reads it in the window.

/** One entry of the user's `aiCliChat.agents`: an ACP agent of their own (or installed from the ACP registry). */
export interface ConfiguredAcpAgent {
    readonly name: string;
    readonly command: string;
    readonly args?: string[];
    readonly env?: Record<string, string>;
    readonly description?: string;
    /** The environment variable that carries its API key. */
    readonly apiKeyEnv?: string;
}

/** A well-formed entry, as the chat and the Agent API start it. */
export interface ConfiguredAgentLaunch {
    readonly name: string;
    readonly command: string;
    readonly args: string[];
    readonly env?: Record<string, string>;
    readonly description?: string;
    readonly apiKeyEnv?: string;
}

/** The setting that holds the entries; user scope only, wherever it is read. */
export const CONFIGURED_AGENTS_SETTING = 'aiCliChat.agents';

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The `aiCliChat.agents` entries the chat and the Agent API both start. A bad entry is skipped with a reason,
 * never half-used; a name taken by a built-in (`taken`) or an earlier entry is refused.
 */
export function parseConfiguredAgents(entries: unknown, taken: readonly string[]): { agents: ConfiguredAgentLaunch[]; problems: string[] } {
    const agents: ConfiguredAgentLaunch[] = [];
    const problems: string[] = [];
    const names = new Set(taken.map(name => name.toLowerCase()));
    for (const [index, raw] of (Array.isArray(entries) ? entries : []).entries()) {
        const entry = raw as Partial<ConfiguredAcpAgent>;
        const where = `${CONFIGURED_AGENTS_SETTING}[${index}]`;
        const problem = entryProblem(entry);
        if (problem) {
            problems.push(`${where}${typeof entry?.name === 'string' && NAME.test(entry.name) ? ` (${entry.name})` : ''}: ${problem}`);
            continue;
        }
        const { name, command, args, env, description, apiKeyEnv } = entry as ConfiguredAcpAgent;
        if (names.has(name.toLowerCase())) {
            problems.push(`${where}: the name "${name}" is already taken.`);
            continue;
        }
        names.add(name.toLowerCase());
        agents.push({ name, command, args: args ?? [], ...env ? { env } : {}, ...description ? { description } : {}, ...apiKeyEnv ? { apiKeyEnv } : {} });
    }
    return { agents, problems };
}

function entryProblem(entry: Partial<ConfiguredAcpAgent> | undefined): string | undefined {
    if (typeof entry?.name !== 'string' || !NAME.test(entry.name)) {
        return '"name" must be one word (letters, digits, _ or -), starting with a letter.';
    }
    if (typeof entry.command !== 'string' || entry.command.trim() === '') {
        return '"command" is required.';
    }
    if (entry.args !== undefined && (!Array.isArray(entry.args) || entry.args.some(arg => typeof arg !== 'string'))) {
        return '"args" must be an array of strings.';
    }
    if (entry.env !== undefined && (typeof entry.env !== 'object' || entry.env === null || Object.values(entry.env).some(value => typeof value !== 'string'))) {
        return '"env" must map names to strings.';
    }
    if (entry.apiKeyEnv !== undefined && (typeof entry.apiKeyEnv !== 'string' || !ENV_NAME.test(entry.apiKeyEnv))) {
        return '"apiKeyEnv" must be an environment variable name (letters, digits, _).';
    }
    return undefined;
}
