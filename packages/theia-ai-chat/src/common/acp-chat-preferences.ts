import { PreferenceContribution, PreferenceSchema } from '@theia/core/lib/common/preferences/preference-schema';

export const AGENTS_PREFERENCE = 'aiCliChat.agents';
export const GEMINI_ENABLED_PREFERENCE = 'aiCliChat.gemini.enabled';
export const GEMINI_COMMAND_PREFERENCE = 'aiCliChat.gemini.command';
export const QWEN_ENABLED_PREFERENCE = 'aiCliChat.qwen.enabled';
export const QWEN_COMMAND_PREFERENCE = 'aiCliChat.qwen.command';

/** One `aiCliChat.agents` entry, as the user writes it. */
export interface ConfiguredAcpAgent {
    readonly name: string;
    readonly command: string;
    readonly args?: string[];
    readonly env?: Record<string, string>;
    readonly description?: string;
    /** The environment variable that carries its API key ("Set API key…" keeps it in the credential store). */
    readonly apiKeyEnv?: string;
}

export const acpChatPreferenceSchema: PreferenceSchema = {
    properties: {
        [GEMINI_ENABLED_PREFERENCE]: {
            type: 'boolean', default: true,
            description: 'Offer Gemini CLI (`gemini --acp`) as @GeminiCLI in the AI chat.'
        },
        [GEMINI_COMMAND_PREFERENCE]: {
            type: 'string', default: '',
            description: 'The gemini executable for @GeminiCLI; empty looks it up on PATH.'
        },
        [QWEN_ENABLED_PREFERENCE]: {
            type: 'boolean', default: true,
            description: 'Offer Qwen Code (`qwen --acp`) as @QwenCode in the AI chat.'
        },
        [QWEN_COMMAND_PREFERENCE]: {
            type: 'string', default: '',
            description: 'The qwen executable for @QwenCode; empty looks it up on PATH.'
        },
        [AGENTS_PREFERENCE]: {
            type: 'array', default: [],
            description: 'More Agent Client Protocol agents for the AI chat, each addressed as @<name>: e.g. ' +
                '{ "name": "Copilot", "command": "copilot", "args": ["--acp"] }.',
            items: {
                type: 'object',
                required: ['name', 'command'],
                properties: {
                    name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', description: 'The @ name: one word.' },
                    command: { type: 'string', description: 'The executable (on PATH or a path).' },
                    args: { type: 'array', items: { type: 'string' }, description: 'Arguments that start it in ACP mode.' },
                    env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables.' },
                    description: { type: 'string', description: 'Shown in the @ suggestions.' },
                    apiKeyEnv: {
                        type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
                        description: 'The environment variable that carries its API key: "Set API key…" in the chat keeps the key ' +
                            'in the system\'s credential store (never in the settings) and starts the agent with it.'
                    }
                }
            }
        }
    }
};

export function bindAcpChatPreferences(bind: import('@theia/core/shared/inversify').interfaces.Bind): void {
    bind(PreferenceContribution).toConstantValue({ schema: acpChatPreferenceSchema });
}
