import { interfaces } from '@theia/core/shared/inversify';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { createPreferenceProxy, PreferenceProxy } from '@theia/core/lib/common/preferences/preference-proxy';
import { PreferenceContribution, PreferenceSchema } from '@theia/core/lib/common/preferences/preference-schema';

export const AGENT_API_PREFERENCES = {
    enabled: 'aiCliAgentApi.enabled',
    agent: 'aiCliAgentApi.agent',
    port: 'aiCliAgentApi.port',
    enableExecuteCommand: 'aiCliAgentApi.enableExecuteCommand',
    allowedOrigins: 'aiCliAgentApi.allowedOrigins'
} as const;

export const AgentApiPreferenceSchema: PreferenceSchema = {
    properties: {
        [AGENT_API_PREFERENCES.enabled]: {
            type: 'boolean', default: false,
            description: 'Run the Agent API server for this workspace: an HTTP API on 127.0.0.1 that a desktop GUI or a script uses to chat with Gemini CLI or Qwen Code, approve its tool calls and read or write workspace files. Every request needs the token written to the token file shown in the status bar.'
        },
        [AGENT_API_PREFERENCES.agent]: {
            type: 'string', enum: ['gemini', 'qwen'], default: 'gemini',
            description: 'Which CLI the Agent API drives (found on PATH, started with --acp).'
        },
        [AGENT_API_PREFERENCES.port]: {
            type: 'number', default: 18080, minimum: 0, maximum: 65535,
            description: 'Port of the Agent API on 127.0.0.1 (0 picks a free one).'
        },
        [AGENT_API_PREFERENCES.enableExecuteCommand]: {
            type: 'boolean', default: false,
            description: 'Allow the Agent API\'s /execute-command endpoint (runs commands inside the workspace, with a timeout and an output cap).'
        },
        [AGENT_API_PREFERENCES.allowedOrigins]: {
            type: 'array', items: { type: 'string' }, default: [],
            description: 'Browser origins (e.g. http://localhost:5173) allowed to call the Agent API. Empty: every request with an Origin is refused.'
        }
    }
};

export interface AgentApiConfiguration {
    [AGENT_API_PREFERENCES.enabled]: boolean;
    [AGENT_API_PREFERENCES.agent]: 'gemini' | 'qwen';
    [AGENT_API_PREFERENCES.port]: number;
    [AGENT_API_PREFERENCES.enableExecuteCommand]: boolean;
    [AGENT_API_PREFERENCES.allowedOrigins]: string[];
}

export const AgentApiPreferences = Symbol('AgentApiPreferences');
export type AgentApiPreferences = PreferenceProxy<AgentApiConfiguration>;

export function bindAgentApiPreferences(bind: interfaces.Bind): void {
    bind(AgentApiPreferences).toDynamicValue(ctx =>
        createPreferenceProxy(ctx.container.get<PreferenceService>(PreferenceService), AgentApiPreferenceSchema)
    ).inSingletonScope();
    bind(PreferenceContribution).toConstantValue({ schema: AgentApiPreferenceSchema });
}
