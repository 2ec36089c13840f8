import { strict as assert } from 'assert';
import { agentStartLine, agentStartMessage } from './agent-start-progress';

describe('The chat\'s line while an agent starts (issue 25 part 2)', () => {
    it('names the package npm or uv fetches for an npx or uvx agent', () => {
        assert.equal(agentStartMessage({ displayName: 'Gemini CLI', command: 'npx', args: ['-y', '@google/gemini-cli@0.61.0', '--acp'] }),
            'Starting Gemini CLI: npm fetches @google/gemini-cli@0.61.0 on first use…');
        assert.equal(agentStartMessage({ displayName: 'Fast Agent', command: '/usr/local/bin/uvx', args: ['fast-agent-acp==0.3.1', '-x'] }),
            'Starting Fast Agent: uv fetches fast-agent-acp==0.3.1 on first use…');
        assert.equal(agentStartMessage({ displayName: 'Fast Agent', command: 'uv', args: ['tool', 'run', 'fast-agent-acp==0.3.1'] }),
            'Starting Fast Agent: uv fetches fast-agent-acp==0.3.1 on first use…');
        assert.equal(agentStartMessage({ displayName: 'Win', command: 'C:\\Program Files\\nodejs\\npx.cmd', args: ['--yes', 'pkg@1.0.0'] }),
            'Starting Win: npm fetches pkg@1.0.0 on first use…');
    });

    it('says only "Starting …" for any other agent, or a runner with no package', () => {
        assert.equal(agentStartMessage({ displayName: 'Gemini CLI', command: 'gemini', args: ['--acp'] }), 'Starting Gemini CLI…');
        assert.equal(agentStartMessage({ displayName: 'Odd', command: 'npx', args: ['-y'] }), 'Starting Odd…');
        assert.equal(agentStartMessage({ displayName: 'Uv', command: 'uv', args: ['run', 'x.py'] }), 'Starting Uv…');
    });

    it('adds what the start printed last', () => {
        assert.equal(agentStartLine({ message: 'Starting A…' }), 'Starting A…');
        assert.equal(agentStartLine({ message: 'Starting A…', output: 'npm warn deprecated glob@7' }), 'Starting A… npm warn deprecated glob@7');
    });
});
