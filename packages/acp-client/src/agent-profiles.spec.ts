import * as assert from 'assert';
import { AGENTS } from '@ai-cli-companion/node-base/agents';
import { AGENT_PROFILES, chatAgentName } from './agent-profiles';
import { builtInAgentFor, REGISTRY_BUILT_IN_AGENTS } from './registry/registry-agents';

describe('the engine\'s profiles and the registry\'s built-ins, from the agent table', () => {
    it('makes a profile of each agent with an ACP part: its args, key variable, login hint and npm install', () => {
        assert.deepStrictEqual(Object.keys(AGENT_PROFILES), AGENTS.filter(agent => 'acp' in agent).map(agent => agent.id));
        assert.deepStrictEqual(Object.keys(AGENT_PROFILES).slice(0, 3), ['gemini', 'qwen', 'copilot']);
        assert.deepStrictEqual(AGENT_PROFILES.copilot, {
            id: 'copilot', displayName: 'Copilot CLI', command: 'copilot', args: ['--acp'], installCommand: 'npm install -g @github/copilot',
            apiKeyEnv: 'COPILOT_PROVIDER_API_KEY', loginHint: AGENTS[4].acp.loginHint
        });
        assert.strictEqual(AGENT_PROFILES.gemini.oauthCredentialFile, '.gemini/oauth_creds.json');
        assert.strictEqual(AGENT_PROFILES.qwen.apiKeyEnv, 'OPENAI_API_KEY');
    });

    it('maps each registry id of a built-in to its chat agent, Copilot CLI included', () => {
        assert.deepStrictEqual(Object.entries(REGISTRY_BUILT_IN_AGENTS).slice(0, 3), [
            ['gemini', { agentId: 'GeminiCLI', displayName: 'Gemini CLI' }],
            ['qwen-code', { agentId: 'QwenCode', displayName: 'Qwen Code' }],
            ['github-copilot-cli', { agentId: 'CopilotCLI', displayName: 'Copilot CLI' }]
        ]);
        assert.deepStrictEqual(builtInAgentFor('github-copilot-cli'), { agentId: 'CopilotCLI', displayName: 'Copilot CLI' });
        assert.strictEqual(builtInAgentFor('toString'), undefined);
        assert.strictEqual(chatAgentName({ displayName: 'Qwen Code' }), 'QwenCode');
    });
});
