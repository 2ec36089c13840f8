import { interfaces } from '@theia/core/shared/inversify';
import { IShellTerminalServerOptions, ShellTerminalServerProxy } from '@theia/terminal/lib/common/shell-terminal-protocol';
import { companionEnvNames } from '@ai-cli-companion/core';
import { TerminalEnvironment } from './terminal-environment';

/**
 * A terminal's env: the window's companion variables; every other companion variable set to null,
 * which Theia's terminal server treats as "do not inherit" (the backend's process env carries the
 * startup server's values, which must not reach a window whose client is off or has no folder);
 * the caller's explicit env (a task, an extension) last, so it wins.
 */
export function terminalEnvFor(companionEnv: Record<string, string>, callerEnv: IShellTerminalServerOptions['env']): Record<string, string | null> {
    const cleared = Object.fromEntries(companionEnvNames().map(name => [name, null]));
    return { ...cleared, ...companionEnv, ...callerEnv };
}

/**
 * Every terminal this window creates goes through ShellTerminalServerProxy.create; adding the
 * window's variables there reaches "New Terminal", tasks' shells and restored terminals alike,
 * and keeps windows apart (the backend's terminal server is shared by all of them).
 */
export function injectCompanionEnvIntoTerminals(onActivation: interfaces.Container['onActivation']): void {
    onActivation<ShellTerminalServerProxy>(ShellTerminalServerProxy, (context, server) => {
        const environment = context.container.get(TerminalEnvironment);
        return new Proxy(server, {
            get(target, property) {
                if (property !== 'create') {
                    return Reflect.get(target, property);
                }
                return async (options: IShellTerminalServerOptions) =>
                    target.create({ ...options, env: terminalEnvFor(await environment.get(), options.env) });
            }
        });
    });
}
