import * as assert from 'assert';
import { BUILT_IN_ACP_AGENTS } from '../../common/agents/acp-chat-agents';
import { authMethodsForChat } from '../../common/auth/acp-auth-methods';
import type { AcpSignInOffer } from '../auth/sign-in-offers';
import { AUTHENTICATE_COMMAND, SET_API_KEY_COMMAND, SIGN_IN_IN_TERMINAL_COMMAND } from '../../common/chat-follow-up-commands';
import { describeFailure, followUpButtons } from './failure-message';

const gemini = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'GeminiCLI')!;
const qwen = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'QwenCode')!;
const retry = { chatSessionId: 'chat-1', text: '@GeminiCLI hello' };
/** Each button's sign-in id: its position in `offers`, which keeps what the button means. */
const offering = () => {
    const offers: AcpSignInOffer[] = [];
    return { offers, offer: (signIn: AcpSignInOffer) => `id-${offers.push(signIn) - 1}` };
};

describe('an agent that needs a sign-in: one button per method (issue 23 part 6)', () => {
    it('gemini\'s methods as it sends them: its own sign-ins call authenticate, its key method opens Set API key…', () => {
        const authMethods = authMethodsForChat([
            { id: 'oauth-personal', name: 'Log in with Google', description: 'Log in with your Google account' },
            { id: 'gemini-api-key', name: 'Gemini API key', description: 'Use an API key', _meta: { 'api-key': { provider: 'google' } } },
            { id: 'vertex-ai', name: 'Vertex AI', description: 'Vertex' }
        ], { command: 'gemini', args: ['--acp'] });
        const { offers, offer } = offering();
        const buttons = followUpButtons(gemini, { code: 'AUTH_REQUIRED', message: 'Gemini API key is missing or not configured.', details: '', authMethods }, retry, offer);
        assert.deepEqual(buttons, [
            { label: 'Log in with Google', description: 'Log in with your Google account', commandId: AUTHENTICATE_COMMAND, args: ['id-0'] },
            { label: 'Gemini API key: Set API key…', description: 'Use an API key', commandId: SET_API_KEY_COMMAND, args: ['GeminiCLI'] },
            { label: 'Vertex AI', description: 'Vertex', commandId: AUTHENTICATE_COMMAND, args: ['id-1'] }
        ]);
        assert.deepEqual(offers, [{ agentId: 'GeminiCLI', methodId: 'oauth-personal', retry }, { agentId: 'GeminiCLI', methodId: 'vertex-ai', retry }]);
    });

    it('a terminal method\'s button carries only an id (no command line, no prompt); Set API key… stays offered', () => {
        const authMethods = authMethodsForChat([{ id: 'openai', name: 'Use OpenAI API key', description: 'Requires OPENAI_API_KEY', _meta: { type: 'terminal', args: ['--auth-type=openai'] } }],
            { command: 'qwen', args: ['--acp'] });
        const error = { code: 'AUTH_REQUIRED', message: 'Authentication required', details: '', authMethods };
        const { offers, offer } = offering();
        const buttons = followUpButtons(qwen, error, retry, offer);
        assert.deepEqual(buttons, [
            { label: 'Use OpenAI API key', description: 'Requires OPENAI_API_KEY', commandId: SIGN_IN_IN_TERMINAL_COMMAND, args: ['id-0'] },
            { label: 'Set API key…', commandId: SET_API_KEY_COMMAND, args: ['QwenCode'] }
        ]);
        assert.deepEqual(offers, [{ agentId: 'QwenCode', methodId: 'openai', retry }]);
        const text = describeFailure(qwen, error, authMethods);
        assert.match(text, /Sign in with one of the buttons below; the chat retries your prompt once you are signed in/);
        assert.doesNotMatch(text, /Run `qwen` once in a terminal/, 'the terminal button does that');
    });

    it('a method Theia cannot offer gets no button and is named with the reason', () => {
        const authMethods = authMethodsForChat([{ id: 'x', name: 'Broken', type: 'terminal', env: { 'A B': '1' } }], { command: 'agent', args: [] });
        const error = { code: 'AUTH_REQUIRED', message: 'Authentication required', details: '', authMethods };
        const custom = { ...gemini, id: 'Mine', apiKeyEnv: undefined };
        assert.deepEqual(followUpButtons(custom, error, retry, offering().offer), []);
        assert.match(describeFailure(custom, error, authMethods), /It also offers:\n- Broken: Theia cannot offer it \(its environment variable "A B" is malformed\)/);
    });
});
