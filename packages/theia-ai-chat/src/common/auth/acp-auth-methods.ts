/**
 * An agent's `authMethods` as sign-in buttons (issue 23 part 6). Three kinds:
 * - `terminal`: Theia runs the agent's own program in a terminal with the method's arguments and environment.
 *   The stable shape is `type: "terminal"` with `args`/`env`; qwen 0.24 still sends `_meta.type: "terminal"`
 *   with `_meta.args`, and Copilot CLI 1.0.102 sends `_meta["terminal-auth"]` (`command`, `args`, `label`) even when
 *   the client declares `auth.terminal` (measured). The method never chooses the program: Theia runs the
 *   command the user's settings name for the agent, without its ACP flag (`--acp`), then the method's arguments;
 *   Copilot's own binary path in `_meta` is not used. The window never sees the command line: a button names the
 *   method, and the backend computes the login afresh when it is clicked (`terminalLoginFor`), so a link or a
 *   restored chat that names a command line has nothing to run.
 * - `key`: an API key the user types (`type: "env_var"`, or gemini's `_meta["api-key"]`): Set API key….
 * - `agent`: the agent signs in itself when asked (`authenticate`).
 */

import { isLoaderOrShellEnvVar } from '@ai-cli-companion/acp-client/unsafe-env';

export interface AcpTerminalLogin {
    readonly command: string;
    readonly args: string[];
    readonly env: Record<string, string>;
}

export interface AcpAuthMethodData {
    readonly id: string;
    readonly name: string;
    readonly description?: string | null;
    readonly kind?: 'terminal' | 'agent' | 'key';
    /** Why this method cannot be offered (what the agent sent is malformed). */
    readonly problem?: string;
}

/** How Theia starts the agent: the user's settings. */
export interface AcpAgentInvocation {
    readonly command: string;
    readonly args: readonly string[];
    readonly env?: Readonly<Record<string, string>>;
}

export const AUTH_LIMITS = { methods: 20, name: 200, description: 1_000, args: 32, arg: 1_000, envVars: 32, envValue: 4_096 } as const;

/** Flags that make an agent program speak ACP on stdio: a login in a terminal runs it without them. */
const ACP_FLAGS = new Set(['--acp', '--experimental-acp']);
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const clip = (value: unknown, max: number): string => (typeof value === 'string' ? value : String(value ?? '')).slice(0, max);

/** The agent's methods, read with limits, as the window shows them: without what a terminal would run. */
export function authMethodsForChat(methods: unknown, invocation: AcpAgentInvocation | undefined): AcpAuthMethodData[] {
    return readAuthMethods(methods, invocation).map(({ terminal, ...method }) => method);
}

/** What the terminal of the agent's method `methodId` runs; a problem when the agent offers no such usable method now. */
export function terminalLoginFor(methods: unknown, invocation: AcpAgentInvocation | undefined, methodId: string): AcpTerminalLogin | { problem: string } {
    const method = readAuthMethods(methods, invocation).find(candidate => candidate.id === methodId && candidate.kind === 'terminal');
    if (!method) {
        return { problem: 'the agent does not offer this sign-in now' };
    }
    return method.terminal ?? { problem: method.problem ?? 'the agent does not offer this sign-in now' };
}

function readAuthMethods(methods: unknown, invocation: AcpAgentInvocation | undefined): Array<AcpAuthMethodData & { terminal?: AcpTerminalLogin }> {
    if (!Array.isArray(methods)) {
        return [];
    }
    return methods.slice(0, AUTH_LIMITS.methods).filter(isObject).map(method => {
        const base = {
            id: clip(method.id, AUTH_LIMITS.name),
            name: clip(method.name, AUTH_LIMITS.name) || clip(method.id, AUTH_LIMITS.name),
            ...typeof method.description === 'string' ? { description: clip(method.description, AUTH_LIMITS.description) } : {}
        };
        const meta = isObject(method._meta) ? method._meta : {};
        const terminal = method.type === 'terminal' ? method
            : meta.type === 'terminal' ? meta
                : isObject(meta['terminal-auth']) ? meta['terminal-auth'] : undefined;
        if (terminal) {
            try {
                if (!invocation) {
                    throw new Error('Theia does not know how this agent is started');
                }
                return { ...base, kind: 'terminal' as const, terminal: terminalLogin(invocation, terminal.args, terminal.env) };
            } catch (error) {
                return { ...base, kind: 'terminal' as const, problem: (error as Error).message };
            }
        }
        const key = method.type === 'env_var' || meta['api-key'] !== undefined;
        return { ...base, kind: key ? 'key' as const : 'agent' as const };
    });
}

/** The agent's own program without its ACP flag, then the method's arguments; the method's variables over the agent's. */
export function terminalLogin(invocation: AcpAgentInvocation, args: unknown, env: unknown): AcpTerminalLogin {
    const extraArgs = args ?? [];
    if (!Array.isArray(extraArgs) || extraArgs.length > AUTH_LIMITS.args
        || extraArgs.some(arg => typeof arg !== 'string' || arg.length > AUTH_LIMITS.arg || arg.includes('\0'))) {
        throw new Error(`its arguments are not a list of at most ${AUTH_LIMITS.args} strings`);
    }
    const extraEnv = env ?? {};
    if (!isObject(extraEnv) || Object.keys(extraEnv).length > AUTH_LIMITS.envVars) {
        throw new Error(`its environment is not an object of at most ${AUTH_LIMITS.envVars} variables`);
    }
    for (const [name, value] of Object.entries(extraEnv)) {
        if (!ENV_NAME.test(name) || typeof value !== 'string' || value.length > AUTH_LIMITS.envValue || value.includes('\0')) {
            throw new Error(`its environment variable ${JSON.stringify(name.slice(0, 60))} is malformed`);
        }
        // A loader, shell or package-manager variable runs code before the login does (BASH_ENV, LD_PRELOAD, NODE_OPTIONS …).
        if (isLoaderOrShellEnvVar(name)) {
            throw new Error(`it sets ${name}, which would make the login run other code`);
        }
    }
    return {
        command: invocation.command,
        args: [...invocation.args.filter(arg => !ACP_FLAGS.has(arg)), ...extraArgs as string[]],
        env: { ...invocation.env ?? {}, ...extraEnv as Record<string, string> }
    };
}
