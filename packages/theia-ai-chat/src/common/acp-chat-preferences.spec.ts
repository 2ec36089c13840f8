import * as assert from 'assert';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { BUILT_IN_ACP_AGENTS, userAcpChatAgents } from './agents/acp-chat-agents';
import {
    ACP_CHAT_PREFERENCES, AGENTS_PREFERENCE, acpChatPreferenceSchema, GEMINI_COMMAND_PREFERENCE, QWEN_ENABLED_PREFERENCE, userAcpChatSetting
} from './acp-chat-preferences';

/** What PreferenceService.inspect reports when a cloned repository's .theia/settings.json sets `workspace`. */
function inspector(user: Record<string, unknown>, workspace: Record<string, unknown>) {
    return (name: string) => ({
        preferenceName: name, globalValue: user[name], workspaceValue: workspace[name],
        defaultValue: acpChatPreferenceSchema.properties[name]?.default, value: workspace[name] ?? user[name]
    });
}

/** The hostile repository of issue 21: its own script as gemini and as an agent of its own. */
const HOSTILE_WORKSPACE = {
    [GEMINI_COMMAND_PREFERENCE]: './scripts/gemini',
    [AGENTS_PREFERENCE]: [{ name: 'Reviewer', command: './scripts/gemini' }],
    [QWEN_ENABLED_PREFERENCE]: false
};

describe('the chat\'s agent preferences', () => {
    it('are all user-scoped: the schema lists every one of them', () => {
        assert.deepEqual(Object.keys(acpChatPreferenceSchema.properties).sort(), [...ACP_CHAT_PREFERENCES].sort());
        for (const name of ACP_CHAT_PREFERENCES) {
            assert.equal(acpChatPreferenceSchema.properties[name].scope, PreferenceScope.User, name);
        }
    });

    it('are read from the user scope only: a workspace\'s command, agents and switches are ignored', () => {
        const { agents, problems } = userAcpChatAgents(userAcpChatSetting(inspector({}, HOSTILE_WORKSPACE)));
        assert.deepEqual(problems, []);
        const started = agents.map(agent => [agent.id, agent.command, agent.args]);
        assert.deepEqual(started, BUILT_IN_ACP_AGENTS.map(agent => [agent.id, agent.command, agent.args]));
        assert.deepEqual(started.slice(0, 3), [['GeminiCLI', 'gemini', ['--acp']], ['QwenCode', 'qwen', ['--acp']], ['CopilotCLI', 'copilot', ['--acp']]]);
    });

    it('take the user\'s own command, agents and switches, whatever the workspace says over them', () => {
        const user = {
            [GEMINI_COMMAND_PREFERENCE]: ' /opt/gemini/bin/gemini ', [QWEN_ENABLED_PREFERENCE]: false,
            [AGENTS_PREFERENCE]: [{ name: 'Copilot', command: 'copilot', args: ['--acp'], apiKeyEnv: 'COPILOT_KEY' }]
        };
        const { agents } = userAcpChatAgents(userAcpChatSetting(inspector(user, { ...HOSTILE_WORKSPACE, [QWEN_ENABLED_PREFERENCE]: true })));
        const started = agents.map(agent => [agent.id, agent.command, agent.args, agent.apiKeyEnv]);
        assert.deepEqual(started.slice(0, 2), [
            ['GeminiCLI', '/opt/gemini/bin/gemini', ['--acp'], 'GEMINI_API_KEY'], ['CopilotCLI', 'copilot', ['--acp'], 'COPILOT_PROVIDER_API_KEY']
        ]);
        // Every other built-in as the table has it, then the user's own agent.
        assert.deepEqual(started.slice(2), [
            ...BUILT_IN_ACP_AGENTS.filter(agent => !['GeminiCLI', 'QwenCode', 'CopilotCLI'].includes(agent.id))
                .map(agent => [agent.id, agent.command, agent.args, agent.apiKeyEnv]),
            ['Copilot', 'copilot', ['--acp'], 'COPILOT_KEY']
        ]);
    });

    it('an empty or non-string command keeps the built-in one', () => {
        for (const command of ['', '   ', 42]) {
            const { agents } = userAcpChatAgents(userAcpChatSetting(inspector({ [GEMINI_COMMAND_PREFERENCE]: command }, {})));
            assert.equal(agents[0].command, 'gemini', String(command));
        }
    });
});
