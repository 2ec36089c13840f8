import * as assert from 'assert';
import { BUILT_IN_ACP_AGENTS } from '../common/acp-chat-agents';
import { INSTALL_CLI_COMMAND, describeFailure, followUpButtons } from './acp-failure-message';
import { absolutePath } from './acp-prompt-builder';

describe('chat context and failures for ACP agents', () => {
    it('resolves #file arguments (workspace-relative, root-named in multi-root) to absolute paths', () => {
        assert.equal(absolutePath('src/a.ts', ['/ws']), '/ws/src/a.ts');
        assert.equal(absolutePath('api/src/a.ts', ['/ws/web', '/ws/api']), '/ws/api/src/a.ts');
        assert.equal(absolutePath('/abs/b.ts', ['/ws']), '/abs/b.ts');
        assert.equal(absolutePath('file:///abs/c%20d.ts', ['/ws']), '/abs/c d.ts');
    });

    it('says how to install a missing built-in agent, and how to sign in when auth is required', () => {
        const gemini = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'GeminiCLI')!;
        assert.match(describeFailure(gemini, { code: 'AGENT_NOT_FOUND', message: 'x', details: '' }, []), /npm install -g @google\/gemini-cli/);
        const auth = describeFailure(gemini, { code: 'AUTH_REQUIRED', message: 'Gemini API key is missing or not configured.', details: '' },
            [{ name: 'Log in with Google' }, { name: 'Gemini API key', description: 'GEMINI_API_KEY' }]);
        assert.match(auth, /Log in with Google/);
        assert.match(auth, /Gemini API key: GEMINI_API_KEY/);
        assert.match(auth, /Run `gemini` once in a terminal/);
    });

    it('offers the companion\'s install command, by id, for a missing built-in agent only', () => {
        const gemini = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'GeminiCLI')!;
        const notFound = { code: 'AGENT_NOT_FOUND', message: 'x', details: '' };
        assert.deepEqual(followUpButtons(gemini, notFound), [{ label: 'Install with npm', commandId: INSTALL_CLI_COMMAND, args: ['gemini'] }]);
        assert.deepEqual(followUpButtons(BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'QwenCode')!, notFound)[0].args, ['qwen']);
        assert.deepEqual(followUpButtons(gemini, { code: 'AGENT_EXITED', message: 'x', details: '' }), []);
        const custom = { ...gemini, id: 'Mine', installProfileId: undefined };
        assert.deepEqual(followUpButtons(custom, notFound), []);
    });
});
