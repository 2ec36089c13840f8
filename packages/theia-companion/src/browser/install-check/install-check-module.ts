import { interfaces } from '@theia/core/shared/inversify';
import { CliInstallCheck } from './cli-install-check';

/** Whether a CLI is installed, and how to install it (its npm package is profile data). */
export function bindInstallCheck(bind: interfaces.Bind): void {
    bind(CliInstallCheck).toSelf().inSingletonScope();
}
