import { inject, injectable } from '@theia/core/shared/inversify';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { CliTerminalFinder } from '../send-to-cli/cli-terminal-finder';

/** How long the CLI's output must stay quiet before typing: a CLI drops keys typed while it still draws. */
export const QUIET_MS = 400;
/** The longest wait for the CLI to finish drawing the rejection. */
export const SETTLE_LIMIT_MS = 5_000;

/**
 * Types the user's reason for a rejected proposal into the terminal of the CLI that proposed it, once the CLI
 * has shown the rejection: as its user's next message, as Send Selection types a reference. Enter only when
 * `submit` (the setting aiCliCompanion.rejectReason.sendAutomatically); otherwise the user reads, edits and sends it.
 */
@injectable()
export class RejectReasonTypist {
    @inject(CliTerminalFinder) protected readonly finder: CliTerminalFinder;
    @inject(TerminalService) protected readonly terminals: TerminalService;

    /** The terminal the reason went to; undefined when no terminal of that CLI session is connected. */
    async type(clientId: string, sessionId: string, reason: string, submit: boolean): Promise<TerminalWidget | undefined> {
        const connected = await this.finder.connectedTerminals(clientId);
        const target = connected.find(entry => entry.session.id === sessionId) ?? connected[0];
        if (!target) {
            return undefined;
        }
        await quietOutput(target.terminal, QUIET_MS, SETTLE_LIMIT_MS);
        // One line: a newline would send what comes before it.
        target.terminal.sendText(oneLine(reason) + (submit ? '\r' : ''));
        this.finder.markUsed(target.terminal);
        await this.terminals.open(target.terminal, { mode: 'activate' });
        return target.terminal;
    }
}

/** The reason as one line of at most 2,000 characters, with no control character a terminal would act on. */
export function oneLine(reason: string): string {
    // eslint-disable-next-line no-control-regex
    return reason.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 2_000);
}

/** Resolves once the terminal's program has written nothing for `quietMs` (or after `limitMs` at most). */
function quietOutput(terminal: TerminalWidget, quietMs: number, limitMs: number): Promise<void> {
    return new Promise(resolve => {
        let timer = setTimeout(done, quietMs);
        const limit = setTimeout(done, limitMs);
        const listener = terminal.onOutput(() => {
            clearTimeout(timer);
            timer = setTimeout(done, quietMs);
        });
        function done(): void {
            clearTimeout(timer);
            clearTimeout(limit);
            listener.dispose();
            resolve();
        }
    });
}
