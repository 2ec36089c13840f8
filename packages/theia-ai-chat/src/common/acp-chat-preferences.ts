import { PreferenceContribution, PreferenceSchema } from '@theia/core/lib/common/preferences/preference-schema';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { AGENT_PROFILES, AgentProfile, chatAgentName } from '@ai-cli-companion/acp-client/agent-profiles';
import { KEYS_IN_FILE_DESCRIPTION, KEYS_IN_FILE_PREFERENCE } from '@ai-cli-companion/node-base/credential-consent';
import { MCP_EXCLUDED_AGENTS_PREFERENCE } from './agents/acp-chat-mcp-servers';
import { CONFIGURED_AGENTS_SETTING } from '@ai-cli-companion/acp-client/configured-agents';

export const AGENTS_PREFERENCE = CONFIGURED_AGENTS_SETTING;

/** The two preferences of each built-in agent (each ACP agent of the agent table): whether the chat offers it, and its executable. */
export function builtInAgentPreferences(id: AgentProfile['id']): { readonly enabled: string; readonly command: string } {
    return { enabled: `aiCliChat.${id}.enabled`, command: `aiCliChat.${id}.command` };
}
// By name for the specs that set them; derived like every other built-in's.
export const GEMINI_ENABLED_PREFERENCE = builtInAgentPreferences('gemini').enabled;
export const GEMINI_COMMAND_PREFERENCE = builtInAgentPreferences('gemini').command;
export const QWEN_ENABLED_PREFERENCE = builtInAgentPreferences('qwen').enabled;
export const QWEN_COMMAND_PREFERENCE = builtInAgentPreferences('qwen').command;
export const COPILOT_ENABLED_PREFERENCE = builtInAgentPreferences('copilot').enabled;
export const COPILOT_COMMAND_PREFERENCE = builtInAgentPreferences('copilot').command;
const BUILT_IN_PROFILES = Object.values(AGENT_PROFILES);
/** Where "Add Agent from ACP Registry…" reads the registry (issue 25). */
export const REGISTRY_URL_PREFERENCE = 'aiCliChat.registry.url';
export const DEFAULT_REGISTRY_URL = 'https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json';

/** One `aiCliChat.agents` entry, as the user writes it. */

/**
 * User scope only: these name the programs the chat starts (with the user's API keys) and which of them
 * run. A cloned repository's `.theia/settings.json` must not choose them, trusted or not; the values
 * are also read from the user scope only (userAcpChatSetting), in the frontend and again in the backend.
 */
const USER_ONLY = { scope: PreferenceScope.User } as const;
const USER_ONLY_NOTE = ' Only read from the user settings: a workspace\'s settings cannot change it.';

/** Every preference of the schema: all of them are user-scoped. */
export const ACP_CHAT_PREFERENCES: readonly string[] = [
    ...BUILT_IN_PROFILES.flatMap(profile => Object.values(builtInAgentPreferences(profile.id))),
    AGENTS_PREFERENCE, REGISTRY_URL_PREFERENCE, MCP_EXCLUDED_AGENTS_PREFERENCE, KEYS_IN_FILE_PREFERENCE
];

function builtInAgentSchema(profile: AgentProfile): PreferenceSchema['properties'] {
    const { enabled, command } = builtInAgentPreferences(profile.id);
    const name = chatAgentName(profile);
    return {
        [enabled]: {
            ...USER_ONLY, type: 'boolean', default: true,
            description: `Offer ${profile.displayName} (\`${[profile.command, ...profile.args].join(' ')}\`) as @${name} in the AI chat.` + USER_ONLY_NOTE
        },
        [command]: {
            ...USER_ONLY, type: 'string', default: '',
            description: `The ${profile.command} executable for @${name}; empty looks it up on PATH.` + USER_ONLY_NOTE
        }
    };
}

export const acpChatPreferenceSchema: PreferenceSchema = {
    scope: PreferenceScope.User,
    properties: {
        ...Object.assign({}, ...BUILT_IN_PROFILES.map(builtInAgentSchema)),
        [AGENTS_PREFERENCE]: {
            ...USER_ONLY, type: 'array', default: [],
            description: 'More Agent Client Protocol agents for the AI chat, each addressed as @<name>: e.g. ' +
                '{ "name": "Copilot", "command": "copilot", "args": ["--acp"] }.' + USER_ONLY_NOTE,
            items: {
                type: 'object',
                required: ['name', 'command'],
                properties: {
                    name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', description: 'The @ name: one word.' },
                    command: { type: 'string', description: 'The executable (on PATH or a path).' },
                    args: { type: 'array', items: { type: 'string' }, description: 'Arguments that start it in ACP mode.' },
                    env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables.' },
                    description: { type: 'string', description: 'Shown in the @ suggestions.' },
                    registry: {
                        type: 'object', description: 'Where "Add Agent from ACP Registry…" installed it from (id, version): ' +
                            'updates and Remove Agent… find it by this.'
                    },
                    apiKeyEnv: {
                        type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
                        description: 'The environment variable that carries its API key: "Set API key…" in the chat keeps the key ' +
                            'in the OS keychain (never in the settings) and starts the agent with it.'
                    }
                }
            }
        },
        [REGISTRY_URL_PREFERENCE]: {
            ...USER_ONLY, type: 'string', default: DEFAULT_REGISTRY_URL,
            description: 'The ACP agent registry "Add Agent from ACP Registry…" lists: an https URL, a file: URL or an absolute ' +
                'path (a copy of registry.json for an air-gapped network).' + USER_ONLY_NOTE
        },
        [MCP_EXCLUDED_AGENTS_PREFERENCE]: {
            ...USER_ONLY, type: 'array', items: { type: 'string' }, default: [],
            description: 'Agents (by @ name, e.g. "GeminiCLI") that do not get the MCP servers of your ' +
                '`ai-features.mcp.mcpServers` in their sessions. The others get every stdio server, and the remote ones ' +
                'where the agent supports http or sse. Both lists are only read from your user settings.' + USER_ONLY_NOTE
        },
        // Shared with the Agent API inside Theia, which reads it too; declared here once.
        [KEYS_IN_FILE_PREFERENCE]: { ...USER_ONLY, type: 'boolean', default: false, description: KEYS_IN_FILE_DESCRIPTION }
    }
};

/** What PreferenceService.inspect tells about one preference (the field used here). */
export type PreferenceInspector = (name: string) => { globalValue?: unknown } | undefined;
/** One preference's value in the user scope; undefined when the user set none. */
export type UserSettingReader = (name: string) => unknown;

/**
 * Reads from the user scope only. Theia 1.74 keeps a workspace value of a user-scoped preference in
 * its resolved value (`get`), whatever the workspace trust, so the user's value is taken explicitly.
 */
export function userAcpChatSetting(inspect: PreferenceInspector): UserSettingReader {
    return name => inspect(name)?.globalValue;
}

/** The registry URL the user set (trimmed); undefined when they set none, or not a string. */
export function userRegistryUrl(read: UserSettingReader): string | undefined {
    const value = read(REGISTRY_URL_PREFERENCE);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export function bindAcpChatPreferences(bind: import('@theia/core/shared/inversify').interfaces.Bind): void {
    bind(PreferenceContribution).toConstantValue({ schema: acpChatPreferenceSchema });
}
