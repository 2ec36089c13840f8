import * as assert from 'assert';
import { CommandRegistry } from '@theia/core/lib/common/command';
import { AcpWelcomeAgent, readinessAfter, WELCOME_AGENTS_COMMAND } from '../../common/agents/welcome-agents';
import { AcpAgentStarts } from './agent-starts';
import { AcpWelcomeAgentsCommand } from './welcome-agents-command';

describe('aiCliChat.welcomeAgents (the chat\'s agents and whether each is signed in, for the welcome page)', () => {
    function command(starts: AcpAgentStarts): AcpWelcomeAgentsCommand {
        const made = new AcpWelcomeAgentsCommand();
        Object.assign(made, {
            starts,
            directory: { definitions: () => [{ id: 'GeminiCLI', displayName: 'Gemini CLI' }, { id: 'QwenCode', displayName: 'Qwen Code' },
                { id: 'CopilotCLI', displayName: 'Copilot CLI' }, { id: 'Mine', displayName: 'Mine' }] }
        });
        return made;
    }

    it('lists every agent in the chat\'s order: not started until a start or turn says otherwise', async () => {
        const starts = new AcpAgentStarts();
        const registry = new CommandRegistry({ getContributions: () => [command(starts)] });
        registry.onStart();
        const listed = async () => (await registry.executeCommand<AcpWelcomeAgent[]>(WELCOME_AGENTS_COMMAND))!.map(agent => `${agent.name}: ${agent.ready}`);
        assert.deepStrictEqual(await listed(), ['Gemini CLI: not-started', 'Qwen Code: not-started', 'Copilot CLI: not-started', 'Mine: not-started']);
        starts.ended('GeminiCLI', 'AUTH_REQUIRED');
        starts.ended('QwenCode');
        starts.ended('CopilotCLI', 'AGENT_NOT_FOUND');
        starts.ended('Mine', 'AGENT_EXITED');
        assert.deepStrictEqual(await listed(), ['Gemini CLI: needs-sign-in', 'Qwen Code: signed-in', 'Copilot CLI: not-installed', 'Mine: not-started']);
        starts.ended('GeminiCLI');
        starts.ended('QwenCode', 'AGENT_EXITED');
        assert.deepStrictEqual((await listed()).slice(0, 2), ['Gemini CLI: signed-in', 'Qwen Code: signed-in'], 'a crash says nothing of the sign-in');
    });

    it('reads a failure as sign-in or install only for those codes', () => {
        assert.deepStrictEqual([undefined, 'AUTH_REQUIRED', 'AGENT_NOT_FOUND', 'AGENT_ERROR'].map(readinessAfter),
            ['signed-in', 'needs-sign-in', 'not-installed', undefined]);
    });
});
