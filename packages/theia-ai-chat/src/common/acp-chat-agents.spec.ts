import * as assert from 'assert';
import { BUILT_IN_ACP_AGENTS, configuredAcpAgents } from './acp-chat-agents';

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
