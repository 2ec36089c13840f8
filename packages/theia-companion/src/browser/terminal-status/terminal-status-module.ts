import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { TerminalContribution } from '@theia/terminal/lib/browser/terminal-widget-impl';
import { PendingQuestionSource } from '@ai-cli-companion/core';
import { TerminalStatusService } from './terminal-status-service';
import { TerminalStatusView } from './terminal-status-view';
// tsc does not copy stylesheets to lib/: the one in src/ is bundled.
import '../../../src/browser/terminal-status/terminal-status.css';

/** Agent status from terminal CLIs (OSC 7501, OSC 21337): read in xterm.js, shown on tabs, counted as pending. */
export function bindTerminalStatus(bind: interfaces.Bind): void {
    bind(TerminalStatusService).toSelf().inSingletonScope();
    bind(TerminalContribution).toService(TerminalStatusService);
    bind(TerminalStatusView).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(TerminalStatusView);
    bind(PendingQuestionSource).toService(TerminalStatusView);
}
