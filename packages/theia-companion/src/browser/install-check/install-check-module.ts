import { interfaces } from '@theia/core/shared/inversify';
import { CommandContribution } from '@theia/core/lib/common/command';
import { CliInstallCheck } from './cli-install-check';
import { CliInstallCommandContribution } from './cli-install-command';

/** Whether a CLI is installed, and how to install it (its npm package is profile data). */
export function bindInstallCheck(bind: interfaces.Bind): void {
    bind(CliInstallCheck).toSelf().inSingletonScope();
    bind(CliInstallCommandContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(CliInstallCommandContribution);
}
