import { interfaces } from '@theia/core/shared/inversify';
import { TerminalEnvironment } from './terminal-environment';
import { injectCompanionEnvIntoTerminals } from './terminal-env-injection';

/** Every terminal of the window carries its server's port, tokens, PID and workspace. */
export function bindTerminalEnv(bind: interfaces.Bind, onActivation: interfaces.Container['onActivation']): void {
    bind(TerminalEnvironment).toSelf().inSingletonScope();
    injectCompanionEnvIntoTerminals(onActivation);
}
