import * as assert from 'assert';
import { BUILT_IN_ACP_AGENTS } from '../../common/agents/acp-chat-agents';
import { ADD_REGISTRY_AGENT_COMMAND, INSTALL_CLI_COMMAND, SET_API_KEY_COMMAND } from '../../common/chat-follow-up-commands';
import { describeFailure, followUpButtons } from '../agents/failure-message';
import { absolutePath } from './prompt-builder';

/** These failures offer no sign-in method: a button that asked for a sign-in id would be a bug. */
const noSignIns = (): string => assert.fail('no sign-in button expected');

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
            [{ id: 'oauth-personal', name: 'Log in with Google', kind: 'agent' }, { id: 'gemini-api-key', name: 'Gemini API key', description: 'GEMINI_API_KEY', kind: 'key' }]);
        assert.match(auth, /Sign in with one of the buttons below; the chat retries your prompt/);
        assert.doesNotMatch(auth, /Log in with Google/, 'a method with a button is not repeated in the text');
        assert.match(auth, /Run `gemini` once in a terminal/);
    });

    it('offers the companion\'s install command, by id, for a missing built-in agent only, and Add Agent from ACP Registry… for any missing agent', () => {
        const gemini = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'GeminiCLI')!;
        const notFound = { code: 'AGENT_NOT_FOUND', message: 'x', details: '' };
        assert.deepEqual(followUpButtons(gemini, notFound, undefined, noSignIns), [
            { label: 'Install with npm', commandId: INSTALL_CLI_COMMAND, args: ['gemini'] },
            { label: 'Add Agent from ACP Registry…', commandId: ADD_REGISTRY_AGENT_COMMAND }
        ]);
        assert.deepEqual(followUpButtons(BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'QwenCode')!, notFound, undefined, noSignIns)[0].args, ['qwen']);
        assert.deepEqual(followUpButtons(gemini, { code: 'AGENT_EXITED', message: 'x', details: '' }, undefined, noSignIns), []);
        const custom = { ...gemini, id: 'Mine', installProfileId: undefined };
        assert.deepEqual(followUpButtons(custom, notFound, undefined, noSignIns), [{ label: 'Add Agent from ACP Registry…', commandId: ADD_REGISTRY_AGENT_COMMAND }]);
    });

    it('offers Set API key… for an agent that needs a login and names its key variable, also where no credential store answers (a 0600 file only with aiCliCompanion.keysInFile)', () => {
        const gemini = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'GeminiCLI')!;
        const auth = { code: 'AUTH_REQUIRED', message: 'Gemini API key is missing or not configured.', details: '' };
        assert.deepEqual(followUpButtons(gemini, auth, undefined, noSignIns), [{ label: 'Set API key…', commandId: SET_API_KEY_COMMAND, args: ['GeminiCLI'] }]);
        assert.match(describeFailure(gemini, auth, []), /set its API key \(GEMINI_API_KEY\) with the button below: Theia keeps it in the system's credential store/);
        assert.equal(BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'QwenCode')!.apiKeyEnv, 'OPENAI_API_KEY');
        const noStore = { ...auth, credentialStoreProblem: 'the system\'s credential store cannot be reached (no D-Bus)' };
        assert.deepEqual(followUpButtons(gemini, noStore, undefined, noSignIns), [{ label: 'Set API key…', commandId: SET_API_KEY_COMMAND, args: ['GeminiCLI'] }]);
        assert.match(describeFailure(gemini, noStore, []),
            /set GEMINI_API_KEY in the environment Theia starts with, or set its API key with the button below\. No credential store answers here \(the system's credential store cannot be reached \(no D-Bus\)\), so Theia keeps the key in a file only you can read \(mode 0600\) in your config folder, and only once you agree: set "aiCliCompanion\.keysInFile": true in your user settings\./);
        const noKeyVariable = { ...gemini, apiKeyEnv: undefined };
        assert.deepEqual(followUpButtons(noKeyVariable, auth, undefined, noSignIns), []);
        assert.match(describeFailure(noKeyVariable, auth, []), /set the API key in the environment Theia starts it with/);
    });
});
