import * as assert from 'assert';
import * as fs from 'fs';
import { AGENT_API_AGENTS, AgentEntry, AGENTS } from './agent-table';

describe('the agent table (one entry per CLI)', () => {
    const agents: readonly AgentEntry[] = AGENTS;

    it('has one entry per id, per command and per registry id', () => {
        for (const key of ['id', 'command', 'registryId'] as const) {
            const values = agents.map(agent => agent[key]).filter(value => value !== undefined);
            assert.deepStrictEqual(values, [...new Set(values)], key);
        }
    });

    it('lists the CLIs of each use in table order', () => {
        assert.deepStrictEqual(agents.map(agent => agent.id), ['gemini', 'qwen', 'llxprt', 'claude', 'copilot', 'codex']);
        assert.deepStrictEqual(agents.filter(agent => agent.companion).map(agent => [agent.id, agent.companion!.transport]),
            [['gemini', 'http'], ['qwen', 'http'], ['llxprt', 'http'], ['claude', 'ws'], ['copilot', 'pipe'], ['codex', 'ipc']]);
        assert.deepStrictEqual(agents.filter(agent => agent.acp).map(agent => agent.id), ['gemini', 'qwen', 'copilot']);
        // Copilot CLI too: with its own provider (COPILOT_PROVIDER_*) it needs no sign-in, its key is the provider's.
        assert.deepStrictEqual(AGENT_API_AGENTS, ['gemini', 'qwen', 'copilot']);
    });

    it('is browser-safe: its entry loads no module at run time', () => {
        const code = fs.readFileSync(require.resolve('@ai-cli-companion/node-base/agents'), 'utf8');
        assert.doesNotMatch(code, /require\(/);
    });
});
