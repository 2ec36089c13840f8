import * as assert from 'assert';
import { AGENT_PROFILES } from '@ai-cli-companion/acp-client/agent-profiles';
import { BUILT_IN_ACP_AGENTS, configuredAcpAgents, userAcpChatAgents } from './acp-chat-agents';
import { COPILOT_COMMAND_PREFERENCE, COPILOT_ENABLED_PREFERENCE } from '../acp-chat-preferences';

describe('aiCliChat.agents', () => {
    const taken = BUILT_IN_ACP_AGENTS.map(agent => agent.id);

    it('makes each valid entry a chat agent addressed by its name', () => {
        const { agents, problems } = configuredAcpAgents([
            { name: 'Copilot', command: 'copilot', args: ['--acp'], description: 'GitHub Copilot CLI' },
            { name: 'OpenCode', command: 'opencode', args: ['acp'], env: { OPENCODE_X: '1' } }
        ], taken);
        assert.deepEqual(problems, []);
        assert.deepEqual(agents.map(agent => [agent.id, agent.command, agent.args, agent.description]), [
            ['Copilot', 'copilot', ['--acp'], 'GitHub Copilot CLI'],
            ['OpenCode', 'opencode', ['acp'], 'ACP agent: opencode acp']
        ]);
        assert.deepEqual(agents[1].env, { OPENCODE_X: '1' });
    });

    it('skips bad entries with a reason: no name, two words, no command, bad args, a taken name', () => {
        const { agents, problems } = configuredAcpAgents([
            { command: 'x' }, { name: 'two words', command: 'x' }, { name: 'NoCommand' },
            { name: 'BadArgs', command: 'x', args: '--acp' }, { name: 'geminicli', command: 'x' }, { name: 'Fine', command: 'fine' }
        ], taken);
        assert.deepEqual(agents.map(agent => agent.id), ['Fine']);
        assert.equal(problems.length, 5);
        assert.match(problems[4], /already taken/);
    });

    it('takes an entry\'s apiKeyEnv (the variable "Set API key…" fills) and refuses one that is no variable name', () => {
        const { agents, problems } = configuredAcpAgents([
            { name: 'Keyed', command: 'k', apiKeyEnv: 'MY_AGENT_KEY' }, { name: 'BadKey', command: 'k', apiKeyEnv: 'NOT A NAME' }
        ], taken);
        assert.deepEqual(agents.map(agent => [agent.id, agent.apiKeyEnv]), [['Keyed', 'MY_AGENT_KEY']]);
        assert.match(problems[0], /BadKey.*"apiKeyEnv" must be an environment variable name/);
    });

    it('ignores a preference that is not an array', () => {
        assert.deepEqual(configuredAcpAgents({ name: 'x' }, taken), { agents: [], problems: [] });
    });
});

describe('built-in chat agents', () => {
    it('offers @CopilotCLI (copilot --acp) beside @GeminiCLI and @QwenCode, with its install offer and the modes copilot 1.0.102 reports', () => {
        const copilot = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'CopilotCLI');
        assert.ok(copilot, 'no @CopilotCLI');
        assert.deepEqual([copilot.displayName, copilot.command, copilot.args], ['Copilot CLI', 'copilot', ['--acp']]);
        assert.equal(copilot.installCommand, 'npm install -g @github/copilot');
        assert.equal(copilot.installProfileId, 'copilot');
        assert.equal(copilot.apiKeyEnv, 'COPILOT_PROVIDER_API_KEY');
        assert.match(copilot.description, /copilot login/);
        assert.match(copilot.description, /COPILOT_PROVIDER_BASE_URL/);
        assert.deepEqual(copilot.modes.map(mode => mode.name), ['Agent', 'Plan', 'Autopilot']);
        assert.equal(copilot.modes[0].id, 'https://agentclientprotocol.com/protocol/session-modes#agent');
        // The agent table's ACP agents in its order (a CLI added there comes after these).
        assert.deepEqual(BUILT_IN_ACP_AGENTS.map(agent => agent.id).slice(0, 3), ['GeminiCLI', 'QwenCode', 'CopilotCLI']);
    });

    it('starts and installs each built-in as the engine\'s profile says (one agent table)', () => {
        for (const [agentId, profileId] of [['GeminiCLI', 'gemini'], ['QwenCode', 'qwen'], ['CopilotCLI', 'copilot']] as const) {
            const agent = BUILT_IN_ACP_AGENTS.find(candidate => candidate.id === agentId)!;
            const profile = AGENT_PROFILES[profileId];
            assert.deepEqual(
                [agent.displayName, agent.command, agent.args, agent.installCommand, agent.apiKeyEnv, agent.installProfileId],
                [profile.displayName, profile.command, profile.args, profile.installCommand, profile.apiKeyEnv, profile.id], agentId);
        }
    });

    it('switches @CopilotCLI off and names its executable from the user\'s settings', () => {
        const settings: Record<string, unknown> = { [COPILOT_COMMAND_PREFERENCE]: ' /opt/copilot/bin/copilot ' };
        const named = userAcpChatAgents(name => settings[name]).agents.find(agent => agent.id === 'CopilotCLI');
        assert.equal(named?.command, '/opt/copilot/bin/copilot');
        settings[COPILOT_ENABLED_PREFERENCE] = false;
        assert.deepEqual(userAcpChatAgents(name => settings[name]).agents.map(agent => agent.id),
            BUILT_IN_ACP_AGENTS.map(agent => agent.id).filter(id => id !== 'CopilotCLI'));
    });
});
