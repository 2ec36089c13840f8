import { AGENT_PROFILES, AgentProfile } from '@ai-cli-companion/acp-client/agent-profiles';
import { AcpChatAgentConfig, AcpMode } from './acp-chat-protocol';
import {
    AGENTS_PREFERENCE, ConfiguredAcpAgent, COPILOT_COMMAND_PREFERENCE, COPILOT_ENABLED_PREFERENCE, GEMINI_COMMAND_PREFERENCE,
    GEMINI_ENABLED_PREFERENCE, QWEN_COMMAND_PREFERENCE, QWEN_ENABLED_PREFERENCE, UserSettingReader
} from './acp-chat-preferences';

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

/** How to start, install and key a built-in: the engine's profile, read through its browser-safe entry. */
function engineProfile(profile: AgentProfile): Pick<AcpChatAgentDefinition, 'displayName' | 'command' | 'args' | 'installCommand' | 'apiKeyEnv' | 'installProfileId'> {
    const { displayName, command, args, installCommand, apiKeyEnv, id } = profile;
    return { displayName, command, args, installCommand, apiKeyEnv, installProfileId: id };
}

/** gemini 0.61, qwen 0.24 and copilot 1.0.102 as measured (acp.md §2); what the chat adds to the engine's profile. */
export const BUILT_IN_ACP_AGENTS: readonly AcpChatAgentDefinition[] = [
    {
        id: 'GeminiCLI', ...engineProfile(AGENT_PROFILES.gemini),
        description: 'Google\'s Gemini CLI over the Agent Client Protocol (gemini --acp): reads, edits and runs in your workspace, asking first.',
        missingFileReadsEmpty: true,
        enabledPreference: GEMINI_ENABLED_PREFERENCE, commandPreference: GEMINI_COMMAND_PREFERENCE,
        modes: [
            { id: 'default', name: 'Default', description: 'Prompts for approval' },
            { id: 'autoEdit', name: 'Auto Edit', description: 'Auto-approves edit tools' },
            { id: 'yolo', name: 'YOLO', description: 'Auto-approves all tools' },
            { id: 'plan', name: 'Plan', description: 'Read-only mode' }
        ]
    },
    {
        id: 'QwenCode', ...engineProfile(AGENT_PROFILES.qwen),
        description: 'Qwen Code over the Agent Client Protocol (qwen --acp): reads, edits and runs in your workspace, asking first.',
        enabledPreference: QWEN_ENABLED_PREFERENCE, commandPreference: QWEN_COMMAND_PREFERENCE,
        modes: [
            { id: 'plan', name: 'Plan' },
            { id: 'default', name: 'Default' },
            { id: 'auto-edit', name: 'Auto Edit' },
            { id: 'auto', name: 'Auto' },
            { id: 'yolo', name: 'YOLO' }
        ]
    },
    // copilot 1.0.102 signs in with `copilot login` (its terminal-auth method) or needs none with BYOK variables;
    // session/new reports these modes (also as the "mode" config option, beside "allow_all") and, in BYOK mode, no models.
    {
        id: 'CopilotCLI', ...engineProfile(AGENT_PROFILES.copilot),
        description: 'GitHub Copilot CLI over the Agent Client Protocol (copilot --acp): reads, edits and runs in your workspace, asking first. ' +
            'Needs a GitHub login (`copilot login`) or your own model provider (COPILOT_PROVIDER_BASE_URL, COPILOT_MODEL).',
        enabledPreference: COPILOT_ENABLED_PREFERENCE, commandPreference: COPILOT_COMMAND_PREFERENCE,
        modes: [
            { id: 'https://agentclientprotocol.com/protocol/session-modes#agent', name: 'Agent', description: 'Default agent mode for conversational interactions' },
            { id: 'https://agentclientprotocol.com/protocol/session-modes#plan', name: 'Plan', description: 'Plan mode for creating and executing multi-step plans' },
            {
                id: 'https://agentclientprotocol.com/protocol/session-modes#autopilot', name: 'Autopilot',
                description: 'Autonomous mode that enables allow-all and runs until task completion without user interaction (experimental)'
            }
        ]
    }
];

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The `aiCliChat.agents` entries as chat agents. A bad entry is skipped with a reason, never
 * half-used; a name taken by a built-in or an earlier entry is refused.
 */
export function configuredAcpAgents(entries: unknown, taken: readonly string[]): { agents: AcpChatAgentDefinition[]; problems: string[] } {
    const agents: AcpChatAgentDefinition[] = [];
    const problems: string[] = [];
    const names = new Set(taken.map(name => name.toLowerCase()));
    for (const [index, raw] of (Array.isArray(entries) ? entries : []).entries()) {
        const entry = raw as Partial<ConfiguredAcpAgent>;
        const where = `aiCliChat.agents[${index}]`;
        if (typeof entry?.name !== 'string' || !NAME.test(entry.name)) {
            problems.push(`${where}: "name" must be one word (letters, digits, _ or -), starting with a letter.`);
            continue;
        }
        if (typeof entry.command !== 'string' || entry.command.trim() === '') {
            problems.push(`${where} (${entry.name}): "command" is required.`);
            continue;
        }
        if (entry.args !== undefined && (!Array.isArray(entry.args) || entry.args.some(arg => typeof arg !== 'string'))) {
            problems.push(`${where} (${entry.name}): "args" must be an array of strings.`);
            continue;
        }
        if (entry.env !== undefined && (typeof entry.env !== 'object' || Object.values(entry.env).some(value => typeof value !== 'string'))) {
            problems.push(`${where} (${entry.name}): "env" must map names to strings.`);
            continue;
        }
        if (entry.apiKeyEnv !== undefined && (typeof entry.apiKeyEnv !== 'string' || !ENV_NAME.test(entry.apiKeyEnv))) {
            problems.push(`${where} (${entry.name}): "apiKeyEnv" must be an environment variable name (letters, digits, _).`);
            continue;
        }
        if (names.has(entry.name.toLowerCase())) {
            problems.push(`${where}: the name "${entry.name}" is already taken.`);
            continue;
        }
        names.add(entry.name.toLowerCase());
        agents.push({
            id: entry.name, displayName: entry.name, command: entry.command, args: entry.args ?? [], env: entry.env, apiKeyEnv: entry.apiKeyEnv,
            description: entry.description ?? `ACP agent: ${[entry.command, ...(entry.args ?? [])].join(' ')}`,
            modes: []
        });
    }
    return { agents, problems };
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
