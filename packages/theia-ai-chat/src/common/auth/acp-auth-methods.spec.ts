import * as assert from 'assert';
import { AUTH_LIMITS, authMethodsForChat, terminalLoginFor } from './acp-auth-methods';

const COPILOT = { command: 'copilot', args: ['--acp'] };

describe('sign-in methods as buttons (issue 23 part 6)', () => {
    it('a stable `terminal` method runs the agent\'s own program without --acp, with the method\'s args and env; the window gets no command line', () => {
        const methods = [{ id: 't', name: 'Log in', description: 'In a terminal', type: 'terminal', args: ['--login'], env: { A: '1' } }];
        const invocation = { command: '/usr/bin/node', args: ['agent.mjs', '--acp', '--store', 's'], env: { A: '0', B: '2' } };
        assert.deepEqual(authMethodsForChat(methods, invocation), [{ id: 't', name: 'Log in', description: 'In a terminal', kind: 'terminal' }]);
        assert.deepEqual(terminalLoginFor(methods, invocation, 't'),
            { command: '/usr/bin/node', args: ['agent.mjs', '--store', 's', '--login'], env: { A: '1', B: '2' } });
        assert.deepEqual(terminalLoginFor(methods, invocation, 'other'), { problem: 'the agent does not offer this sign-in now' });
        assert.deepEqual(terminalLoginFor([{ id: 'a', name: 'Agent' }], invocation, 'a'), { problem: 'the agent does not offer this sign-in now' }, 'not a terminal method');
    });

    it('a method that sets a loader, shell or package-manager variable is refused (issue 29 part 5)', () => {
        for (const name of ['BASH_ENV', 'ENV', 'LD_PRELOAD', 'DYLD_INSERT_LIBRARIES', 'NODE_OPTIONS', 'PATH', 'npm_config_registry', 'PYTHONPATH', 'PROMPT_COMMAND']) {
            const methods = [{ id: 't', name: 'Log in', type: 'terminal', args: ['--login'], env: { [name]: '/tmp/x' } }];
            assert.match(authMethodsForChat(methods, COPILOT)[0].problem ?? '', new RegExp(`it sets ${name}, which would make the login run other code`), name);
            assert.ok('problem' in terminalLoginFor(methods, COPILOT, 't'), name);
        }
        // The user's own settings may set them for the agent: only the method may not.
        assert.deepEqual(terminalLoginFor([{ id: 't', name: 'T', type: 'terminal' }], { ...COPILOT, env: { NODE_OPTIONS: '--max-old-space-size=4096' } }, 't'),
            { command: 'copilot', args: [], env: { NODE_OPTIONS: '--max-old-space-size=4096' } });
    });

    it('reads what the real agents send: qwen 0.24\'s _meta.type and Copilot CLI 1.0.102\'s _meta["terminal-auth"] (whose command is not run)', () => {
        const qwen = terminalLoginFor([{ id: 'openai', name: 'Use OpenAI API key', _meta: { type: 'terminal', args: ['--auth-type=openai'] } }],
            { command: 'qwen', args: ['--acp'] }, 'openai');
        assert.deepEqual(qwen, { command: 'qwen', args: ['--auth-type=openai'], env: {} });
        const copilot = terminalLoginFor([{
            id: 'copilot-login', name: 'Log in with Copilot CLI', description: 'Run `copilot login` in the terminal',
            _meta: { 'terminal-auth': { command: '/elsewhere/copilot', args: ['login'], label: 'Copilot Login' } }
        }], COPILOT, 'copilot-login');
        assert.deepEqual(copilot, { command: 'copilot', args: ['login'], env: {} });
    });

    it('tells key methods (env_var, gemini\'s _meta["api-key"]) from the agent\'s own sign-in', () => {
        const methods = authMethodsForChat([
            { id: 'oauth-personal', name: 'Log in with Google' },
            { id: 'gemini-api-key', name: 'Gemini API key', _meta: { 'api-key': { provider: 'google' } } },
            { id: 'env', name: 'Key', type: 'env_var', varName: 'K' }
        ], { command: 'gemini', args: ['--acp'] });
        assert.deepEqual(methods.map(method => method.kind), ['agent', 'key', 'key']);
    });

    it('a malformed terminal method is named with its problem and gets no command; the list is capped', () => {
        const bad = authMethodsForChat([
            { id: 'a', name: 'Args', type: 'terminal', args: 'rm -rf /' },
            { id: 'b', name: 'Env', type: 'terminal', env: { 'BAD NAME': 'x' } },
            { id: 'c', name: 'Many', type: 'terminal', args: Array.from({ length: AUTH_LIMITS.args + 1 }, () => 'x') },
            { id: 'd', name: 'Nul', type: 'terminal', env: { A: 'x\0y' } }
        ], COPILOT);
        assert.deepEqual(bad.map(method => [method.kind, !!method.problem]), [['terminal', true], ['terminal', true], ['terminal', true], ['terminal', true]]);
        assert.match(bad[1].problem!, /environment variable "BAD NAME" is malformed/);
        assert.equal(authMethodsForChat(Array.from({ length: 100 }, (_, i) => ({ id: `m${i}`, name: 'x'.repeat(10_000) })), COPILOT).length, AUTH_LIMITS.methods);
        assert.equal(authMethodsForChat([{ id: 'x', name: 'y'.repeat(10_000) }], COPILOT)[0].name.length, AUTH_LIMITS.name);
        assert.deepEqual(authMethodsForChat('nope', COPILOT), []);
        assert.equal(authMethodsForChat([{ id: 't', name: 'T', type: 'terminal' }], undefined)[0].problem, 'Theia does not know how this agent is started');
    });
});
