// Browser-safe: no import but the agent table, which is pure data (`@ai-cli-companion/acp-client/agent-profiles`, the chat's built-in agents).
import { AcpAgentId, AcpPart, AGENTS } from '@ai-cli-companion/node-base/agents';

/** How to start one ACP agent: what the engine needs, whatever the agent is. */
export interface AcpAgentLaunch {
    /** Stable key (a built-in profile id or a configured agent's name). */
    readonly id: string;
    readonly displayName: string;
    /** Executable, looked up on PATH unless it is a path. */
    readonly command: string;
    readonly args: readonly string[];
    /** Extra environment for this agent (merged over the caller's). */
    readonly env?: Readonly<Record<string, string>>;
    /** Shell command that installs the agent, offered when `command` is not found. */
    readonly installCommand?: string;
}

/** What differs between the CLIs we drive, as data (no `if (agent === 'qwen')` elsewhere): the agent table's ACP part. */
export interface AgentProfile extends AcpAgentLaunch {
    readonly id: AcpAgentId;
    /** Environment variable that carries an API key of the spec's `gemini-api-key` auth type. */
    readonly apiKeyEnv: string;
    /** Where the CLI caches its own "Log in with Google" credentials, relative to HOME. */
    readonly oauthCredentialFile?: string;
    /** The command a user runs to log in interactively. */
    readonly loginHint: string;
}

type AcpRow = Extract<typeof AGENTS[number], { readonly acp: object }>;

function profileOf({ id, name, command, install, acp }: AcpRow): AgentProfile {
    const { args, keyEnv, loginHint } = acp;
    const oauthCredentialFile = (acp as AcpPart).oauthCredentialFile;
    return {
        id, displayName: name, command, args, apiKeyEnv: keyEnv, loginHint,
        ...install ? { installCommand: `npm install -g ${install.npm}` } : {},
        ...oauthCredentialFile ? { oauthCredentialFile } : {}
    };
}

export const AGENT_PROFILES: Readonly<Record<AgentProfile['id'], AgentProfile>> = Object.fromEntries(AGENTS
    .filter((agent): agent is AcpRow => 'acp' in agent)
    .map(agent => [agent.id, profileOf(agent)])) as Record<AgentProfile['id'], AgentProfile>;

/** The @-name of a built-in chat agent: its name as one word ("Gemini CLI" → "GeminiCLI"). */
export function chatAgentName(profile: Pick<AgentProfile, 'displayName'>): string {
    return profile.displayName.replace(/[^A-Za-z0-9]+/g, '');
}

export function agentProfile(id: string): AgentProfile {
    const profile = (AGENT_PROFILES as Record<string, AgentProfile>)[id];
    if (!profile) {
        throw new Error(`Unknown agent "${id}": expected ${Object.keys(AGENT_PROFILES).join(' or ')}.`);
    }
    return profile;
}
