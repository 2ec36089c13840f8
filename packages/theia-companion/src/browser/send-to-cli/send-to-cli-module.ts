import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { CommandContribution } from '@theia/core/lib/common/command';
import { MenuContribution } from '@theia/core/lib/common/menu';
import { CliLauncher } from './cli-launcher';
import { CliTerminalFinder } from './cli-terminal-finder';
import { SendToCliContribution } from './send-to-cli-contribution';

/** Send a selection or file to the terminal that runs a connected CLI (or start one). */
export function bindSendToCli(bind: interfaces.Bind): void {
    bind(CliLauncher).toSelf().inSingletonScope();
    bind(CliTerminalFinder).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(CliTerminalFinder);
    bind(SendToCliContribution).toSelf().inSingletonScope();
    [CommandContribution, MenuContribution, KeybindingContribution].forEach(id => bind(id).toService(SendToCliContribution));
}
