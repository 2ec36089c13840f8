import '../../test/jsdom';
import * as assert from 'assert';
import { Emitter } from '@theia/core/lib/common/event';
import { BUILT_IN_ACP_AGENTS } from '../../common/agents/acp-chat-agents';
import { AcpSignInOffers } from './sign-in-offers';
import { AcpSignInCommandContribution, SIGN_IN_GONE } from './sign-in-commands';

const qwen = BUILT_IN_ACP_AGENTS.find(agent => agent.id === 'QwenCode')!;

/** The contribution on fakes: what it asks the backend, the terminals it opens, what it says. */
function signInCommands(login: unknown = { command: '/usr/local/bin/qwen', args: ['--auth-type=openai'], env: {} }, exit = { code: 0, beforeStartReturns: false }) {
    const calls: string[] = [];
    const terminals: Array<{ isDisposed: boolean }> = [];
    const terminalOptions: Array<Record<string, unknown>> = [];
    const exits = new Emitter<{ terminalId: number; code?: number }>();
    const commands = new AcpSignInCommandContribution();
    const offers = new AcpSignInOffers();
    Object.assign(commands, {
        offers,
        backend: {
            terminalLogin: async (agent: { id: string }, roots: string[], methodId: string) => {
                calls.push(`terminalLogin ${agent.id} ${roots.join(',')} ${methodId}`);
                return login;
            },
            authenticate: async (agent: { id: string }, _roots: string[], methodId: string) => { calls.push(`authenticate ${agent.id} ${methodId}`); },
            signedIn: async (agentId: string) => { calls.push(`signedIn ${agentId}`); }
        },
        registry: { definitions: () => [qwen] },
        workspace: { tryGetRoots: () => [{ resource: { toString: () => 'file:///workspace', path: { fsPath: () => '/workspace' } } }] },
        terminals: {
            newTerminal: async (options: Record<string, unknown>) => {
                terminalOptions.push(options);
                const terminal = {
                    isDisposed: false, dispose: () => { terminal.isDisposed = true; }, onTerminalDidClose: () => ({ dispose: () => undefined }),
                    start: async () => {
                        if (exit.beforeStartReturns) {
                            exits.fire({ terminalId: 7, code: exit.code }); // a login that fails at once
                        } else {
                            setTimeout(() => exits.fire({ terminalId: 7, code: exit.code }));
                        }
                        return 7;
                    }
                };
                terminals.push(terminal);
                return terminal;
            },
            open: async () => undefined
        },
        terminalWatcher: { onTerminalExit: exits.event },
        chatService: { getSession: () => undefined },
        messages: { warn: (text: string) => { calls.push(`warn ${text}`); }, error: (text: string) => { calls.push(`error ${text}`); } }
    });
    return { commands, offers, calls, terminalOptions, terminals };
}

describe('the sign-in commands run only what a button of this window means (issue 29 parts 1, 5, 6)', () => {
    it('a command line in the arguments (a `command:` link, a restored chat) opens no terminal and says the sign-in is gone', async () => {
        const { commands, calls, terminalOptions } = signInCommands();
        for (const args of [['QwenCode', { command: '/bin/sh', args: ['-c', 'touch /tmp/pwned'], env: {} }], ['made-up-id'], [undefined]]) {
            assert.equal(await commands.signInInTerminal(args[0]), undefined);
            await commands.authenticate(args[0]);
        }
        assert.deepEqual(terminalOptions, []);
        assert.deepEqual(calls, Array.from({ length: 6 }, () => `warn ${SIGN_IN_GONE}`), 'nothing reached the backend');
    });

    it('a button\'s id runs what the backend computes now, directly, in a terminal a reload does not start again', async () => {
        const { commands, offers, calls, terminalOptions } = signInCommands();
        const id = offers.offer({ agentId: 'QwenCode', methodId: 'openai' });
        assert.equal(await commands.signInInTerminal(id), 0);
        assert.deepEqual(calls, ['terminalLogin QwenCode /workspace openai', 'signedIn QwenCode']);
        assert.equal(terminalOptions.length, 1);
        const { shellPath, shellArgs, isTransient } = terminalOptions[0];
        assert.deepEqual({ shellPath, shellArgs, isTransient }, { shellPath: '/usr/local/bin/qwen', shellArgs: ['--auth-type=openai'], isTransient: true });
    });

    it('a login that ends before Theia\'s terminal knows its id: its exit code is reported and its terminal closed', async () => {
        // Theia's widget misses such an exit and would stay open and empty; ended later, Theia closes it itself.
        for (const beforeStartReturns of [true, false]) {
            const { commands, offers, calls, terminals } = signInCommands(undefined, { code: 2, beforeStartReturns });
            assert.equal(await commands.signInInTerminal(offers.offer({ agentId: 'QwenCode', methodId: 'openai' })), 2);
            assert.deepEqual(calls, ['terminalLogin QwenCode /workspace openai',
                'warn The sign-in for Qwen Code ended with exit code 2; use the button again to retry.']);
            assert.deepEqual(terminals.map(terminal => terminal.isDisposed), [true]);
        }
    });

    it('a login the backend refuses opens no terminal and says why', async () => {
        const { commands, offers, calls, terminalOptions } = signInCommands({ problem: 'it sets BASH_ENV, which would make the login run other code' });
        assert.equal(await commands.signInInTerminal(offers.offer({ agentId: 'QwenCode', methodId: 'openai' })), undefined);
        assert.deepEqual(terminalOptions, []);
        assert.deepEqual(calls, ['terminalLogin QwenCode /workspace openai',
            'error Qwen Code cannot sign in in a terminal: it sets BASH_ENV, which would make the login run other code']);
    });

    it('authenticate takes the method from the button\'s id', async () => {
        const { commands, offers, calls } = signInCommands();
        await commands.authenticate(offers.offer({ agentId: 'QwenCode', methodId: 'qwen-oauth' }));
        assert.deepEqual(calls, ['authenticate QwenCode qwen-oauth']);
    });
});
