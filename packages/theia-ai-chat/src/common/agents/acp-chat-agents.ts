import { AGENT_PROFILES, AgentProfile, chatAgentName } from '@ai-cli-companion/acp-client/agent-profiles';
import { AcpPart, AGENTS } from '@ai-cli-companion/node-base/agents';
import { AcpChatAgentConfig, AcpMode } from '../acp-chat-protocol';
import { parseConfiguredAgents } from '@ai-cli-companion/acp-client/configured-agents';
import { AGENTS_PREFERENCE, builtInAgentPreferences, UserSettingReader } from '../acp-chat-preferences';

/** A chat agent backed by an ACP agent: what differs between them, as data. */
export interface AcpChatAgentDefinition extends AcpChatAgentConfig {
    readonly description: string;
    /** Known before the first `session/new` (which replaces them with what the agent reports). */
    readonly modes: readonly AcpMode[];
    /** The preferences that switch it on and name its executable (built-in agents only). */
    readonly enabledPreference?: string;
    readonly commandPreference?: string;
    /** The companion's client profile that installs it (`aiCliCompanion.installCli`), when there is one. */
    readonly installProfileId?: string;
}

/** A built-in: the agent table's ACP part as the engine's profile, with what the chat adds (its @-name, modes, preferences). */
function builtInAgent(profile: AgentProfile): AcpChatAgentDefinition {
    const { displayName, command, args, installCommand, apiKeyEnv, id } = profile;
    const { acp } = AGENTS.find(agent => agent.id === id) as { readonly acp: AcpPart };
    const { enabled, command: commandPreference } = builtInAgentPreferences(id);
    return {
        id: chatAgentName(profile), displayName, command, args, installCommand, apiKeyEnv, installProfileId: id,
        description: acp.description, modes: acp.modes, ...acp.missingFileReadsEmpty ? { missingFileReadsEmpty: true } : {},
        enabledPreference: enabled, commandPreference
    };
}

/** @GeminiCLI, @QwenCode and @CopilotCLI: every agent of the table with an ACP part, in its order. */
export const BUILT_IN_ACP_AGENTS: readonly AcpChatAgentDefinition[] = Object.values(AGENT_PROFILES).map(builtInAgent);

/**
 * The `aiCliChat.agents` entries as chat agents (acp-client's parser, shared with the Agent API). A bad entry
 * is skipped with a reason, never half-used; a name taken by a built-in or an earlier entry is refused.
 */
export function configuredAcpAgents(entries: unknown, taken: readonly string[]): { agents: AcpChatAgentDefinition[]; problems: string[] } {
    const { agents, problems } = parseConfiguredAgents(entries, taken);
    return {
        problems,
        agents: agents.map(({ name, command, args, env, apiKeyEnv, description }) => ({
            id: name, displayName: name, command, args, env, apiKeyEnv,
            description: description ?? `ACP agent: ${[command, ...args].join(' ')}`,
            modes: []
        }))
    };
}

/**
 * The chat agents the user's settings define: the enabled built-ins (with the user's command, if any)
 * and the user's `aiCliChat.agents`. The frontend registers these; the backend starts only these, so
 * neither a workspace's settings nor a forged RPC call chooses what runs with the user's keys.
 */
export function userAcpChatAgents(read: UserSettingReader): { agents: AcpChatAgentDefinition[]; problems: string[] } {
    const builtIns = BUILT_IN_ACP_AGENTS
        .filter(agent => read(agent.enabledPreference!) !== false)
        .map(agent => {
            const command = read(agent.commandPreference!);
            return { ...agent, command: typeof command === 'string' && command.trim() ? command.trim() : agent.command };
        });
    const { agents, problems } = configuredAcpAgents(read(AGENTS_PREFERENCE), BUILT_IN_ACP_AGENTS.map(agent => agent.id));
    return { agents: [...builtIns, ...agents], problems };
}
