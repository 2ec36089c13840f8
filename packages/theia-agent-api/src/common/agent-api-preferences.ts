import { interfaces } from '@theia/core/shared/inversify';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { createPreferenceProxy, PreferenceProxy } from '@theia/core/lib/common/preferences/preference-proxy';
import { PreferenceContribution, PreferenceSchema } from '@theia/core/lib/common/preferences/preference-schema';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { AGENT_API_AGENTS, AgentApiAgentId } from '@ai-cli-companion/node-base/agents';
import { KEYS_IN_FILE_PREFERENCE, LEGACY_KEYS_IN_FILE_PREFERENCE, keysInFileConsent } from '@ai-cli-companion/node-base/credential-consent';
import type { AgentApiSettings } from './agent-api-protocol';

export const AGENT_API_PREFERENCES = {
    enabled: 'aiCliAgentApi.enabled',
    agent: 'aiCliAgentApi.agent',
    port: 'aiCliAgentApi.port',
    enableExecuteCommand: 'aiCliAgentApi.enableExecuteCommand',
    allowedOrigins: 'aiCliAgentApi.allowedOrigins',
    /** Superseded by the shared aiCliCompanion.keysInFile (the chat's keys too); still read where that one is not set. */
    keysInFile: LEGACY_KEYS_IN_FILE_PREFERENCE
} as const;
/** Every preference the Agent API reads: its own, and the key-file consent it shares with the chat. */
export const AGENT_API_SETTINGS: readonly string[] = [...Object.values(AGENT_API_PREFERENCES), KEYS_IN_FILE_PREFERENCE];

/**
 * User scope only: these switch on a server that reads and writes the workspace, runs commands and
 * admits browser origins. A cloned repository's `.theia/settings.json` must not be able to do that.
 */
const USER_ONLY = { scope: PreferenceScope.User } as const;
const USER_ONLY_NOTE = ' Only read from the user settings: a workspace\'s settings cannot change it.';

export const AgentApiPreferenceSchema: PreferenceSchema = {
    scope: PreferenceScope.User,
    properties: {
        [AGENT_API_PREFERENCES.enabled]: {
            ...USER_ONLY, type: 'boolean', default: false,
            description: 'Run the Agent API server for this workspace: an HTTP API on 127.0.0.1 that a desktop GUI or a script uses to chat with Gemini CLI, Qwen Code or Copilot CLI, approve its tool calls and read or write workspace files. Every request needs the token written to the token file shown in the status bar.' + USER_ONLY_NOTE
        },
        [AGENT_API_PREFERENCES.agent]: {
            ...USER_ONLY, type: 'string', default: AGENT_API_AGENTS[0],
            description: `Which agent the Agent API drives: ${AGENT_API_AGENTS.join(', ')} (found on PATH, started with --acp), or the name of an ` +
                'ACP agent of your `aiCliChat.agents` (your own, or one added from the ACP registry), started as the chat starts it.' + USER_ONLY_NOTE
        },
        [AGENT_API_PREFERENCES.port]: {
            ...USER_ONLY, type: 'number', default: 18080, minimum: 0, maximum: 65535,
            description: 'Port of the Agent API on 127.0.0.1 (0 picks a free one).' + USER_ONLY_NOTE
        },
        [AGENT_API_PREFERENCES.enableExecuteCommand]: {
            ...USER_ONLY, type: 'boolean', default: false,
            description: 'Allow the Agent API\'s /execute-command endpoint (runs commands inside the workspace, with a timeout and an output cap).' + USER_ONLY_NOTE
        },
        [AGENT_API_PREFERENCES.allowedOrigins]: {
            ...USER_ONLY, type: 'array', items: { type: 'string', pattern: '^https?://[^/\\s]+/?$' }, default: [],
            description: 'Browser origins (e.g. http://localhost:5173) allowed to call the Agent API. Empty: every request with an Origin is refused.' + USER_ONLY_NOTE
        },
        [AGENT_API_PREFERENCES.keysInFile]: {
            ...USER_ONLY, type: 'boolean', default: false,
            deprecationMessage: `Use ${KEYS_IN_FILE_PREFERENCE}, which also covers the AI chat's API keys.`,
            description: `Superseded by ${KEYS_IN_FILE_PREFERENCE} (read instead when that one is set): keep the Agent API's keys in a file only you can read (mode 0600, ~/.config/ai-cli-agent-api/credentials.json) where no OS keychain is reachable.` + USER_ONLY_NOTE
        }
    }
};

export interface AgentApiConfiguration {
    [AGENT_API_PREFERENCES.enabled]: boolean;
    [AGENT_API_PREFERENCES.agent]: AgentApiAgentId | string;
    [AGENT_API_PREFERENCES.port]: number;
    [AGENT_API_PREFERENCES.enableExecuteCommand]: boolean;
    [AGENT_API_PREFERENCES.allowedOrigins]: string[];
    [AGENT_API_PREFERENCES.keysInFile]: boolean;
}

/** What PreferenceService.inspect tells about one preference (the fields used here). */
export type PreferenceInspector = (name: string) => { globalValue?: unknown; defaultValue?: unknown } | undefined;

/**
 * The settings from the user scope, else the defaults. Theia 1.74 keeps a workspace value of a
 * user-scoped preference in its resolved value (it only skips the change event), so the value is
 * taken from the user scope explicitly rather than through the proxy.
 */
export function userAgentApiSettings(inspect: PreferenceInspector): Omit<AgentApiSettings, 'workspaces'> {
    const value = <T>(name: string): T => {
        const inspection = inspect(name);
        return (inspection?.globalValue ?? inspection?.defaultValue ?? AgentApiPreferenceSchema.properties[name].default) as T;
    };
    return {
        enabled: value<boolean>(AGENT_API_PREFERENCES.enabled),
        agent: value<string>(AGENT_API_PREFERENCES.agent),
        port: value<number>(AGENT_API_PREFERENCES.port),
        enableExecuteCommand: value<boolean>(AGENT_API_PREFERENCES.enableExecuteCommand),
        allowedOrigins: [...value<string[]>(AGENT_API_PREFERENCES.allowedOrigins)],
        keysInFile: keysInFileConsent(name => inspect(name)?.globalValue)
    };
}

export const AgentApiPreferences = Symbol('AgentApiPreferences');
export type AgentApiPreferences = PreferenceProxy<AgentApiConfiguration>;

export function bindAgentApiPreferences(bind: interfaces.Bind): void {
    bind(AgentApiPreferences).toDynamicValue(ctx =>
        createPreferenceProxy(ctx.container.get<PreferenceService>(PreferenceService), AgentApiPreferenceSchema)
    ).inSingletonScope();
    bind(PreferenceContribution).toConstantValue({ schema: AgentApiPreferenceSchema });
}
