import { interfaces } from '@theia/core/shared/inversify';
import { IShellTerminalServerOptions, ShellTerminalServerProxy } from '@theia/terminal/lib/common/shell-terminal-protocol';
import { CompanionTerminalEnvironment } from './companion-terminal-environment';

/**
 * Every terminal this window creates goes through ShellTerminalServerProxy.create; adding the
 * window's variables there reaches "New Terminal", tasks' shells and restored terminals alike,
 * and keeps windows apart (the backend's terminal server is shared by all of them).
 */
export function injectCompanionEnvIntoTerminals(onActivation: interfaces.Container['onActivation']): void {
    onActivation<ShellTerminalServerProxy>(ShellTerminalServerProxy, (context, server) => {
        const environment = context.container.get(CompanionTerminalEnvironment);
        return new Proxy(server, {
            get(target, property) {
                if (property !== 'create') {
                    return Reflect.get(target, property);
                }
                return async (options: IShellTerminalServerOptions) => {
                    const companionEnv = await environment.get();
                    // Explicit env of the caller (a task, an extension) wins over ours.
                    return target.create({ ...options, env: { ...companionEnv, ...options.env } });
                };
            }
        });
    });
}
