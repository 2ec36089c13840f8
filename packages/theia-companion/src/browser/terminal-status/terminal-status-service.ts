import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter, Event } from '@theia/core/lib/common/event';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { TerminalContribution, TerminalWidgetImpl } from '@theia/terminal/lib/browser/terminal-widget-impl';
import { guessShellTypeFromExecutable } from '@theia/terminal/lib/common/shell-type';
import {
    parseProgramStatus, parseTabStatus, PROGRAM_STATUS_REPLY, ProgramStatus, ShownTerminalStatus, statusAppName, TerminalStatusState
} from '@ai-cli-companion/core';
import { TERMINAL_STATUS_ALL_TERMINALS_PREFERENCE } from '../../common/companion-preferences';

/** What a terminal shows now, as the views read it. */
export interface TerminalAgentStatus {
    readonly terminal: TerminalWidget;
    /** The program's status, when it is one the terminal may show. */
    readonly program?: ProgramStatus;
    /** "Claude Code", or "Terminal program" for an app the companion does not know. */
    readonly appName: string;
    readonly tab?: ShownTerminalStatus['tab'];
    /** When the program last changed its state (so the oldest waiting one comes first). */
    readonly since: number;
}

interface Tracked {
    readonly widget: TerminalWidgetImpl;
    readonly state: TerminalStatusState;
    timer?: ReturnType<typeof setTimeout>;
    since: number;
    /** When the query was last answered: a flood of queries gets one answer per QUERY_REPLY_INTERVAL_MS. */
    repliedAt?: number;
    /** Whether the terminal's own process is a shell (known once asked). */
    runsInShell?: Promise<boolean>;
    /** Polls the shell for the CLI's exit while a status is shown. */
    exitWatch?: ReturnType<typeof setInterval>;
}

/** A program asks once at its start; more often than this, its queries go unanswered (each answer is input to it). */
export const QUERY_REPLY_INTERVAL_MS = 500;
/** How often a shown status checks that the CLI under the terminal's shell still runs. */
export const EXIT_CHECK_INTERVAL_MS = 1000;

/**
 * Reads the agent status terminal CLIs write (OSC 7501, OSC 21337) through xterm.js's parser hooks: the
 * sequences never reach the screen and the screen is never read. It answers the OSC 7501 query (which
 * makes a CLI send its status at all) only in the terminals the companion started a CLI in, and in
 * every terminal when the user's own settings say so; elsewhere the sequences are swallowed unshown.
 */
@injectable()
export class TerminalStatusService implements TerminalContribution {
    @inject(PreferenceService) protected readonly preferences: PreferenceService;

    protected readonly tracked = new Map<string, Tracked>();
    /** Terminals the companion started a CLI in (widget ids). */
    protected readonly adopted = new Set<string>();
    protected readonly onDidChangeEmitter = new Emitter<TerminalAgentStatus | { terminal: TerminalWidget; cleared: true }>();
    readonly onDidChange: Event<TerminalAgentStatus | { terminal: TerminalWidget; cleared: true }> = this.onDidChangeEmitter.event;

    /** The companion runs a CLI in this terminal: answer its query and show its status. */
    adopt(terminal: TerminalWidget): void {
        this.adopted.add(terminal.id);
    }

    get statuses(): TerminalAgentStatus[] {
        return [...this.tracked.values()].map(tracked => this.toStatus(tracked)).filter((s): s is TerminalAgentStatus => !!s);
    }

    statusOf(terminal: TerminalWidget): TerminalAgentStatus | undefined {
        const tracked = this.tracked.get(terminal.id);
        return tracked && this.toStatus(tracked);
    }

    onCreate(widget: TerminalWidgetImpl): void {
        const tracked: Tracked = { widget, state: new TerminalStatusState(), since: Date.now() };
        this.tracked.set(widget.id, tracked);
        const parser = widget.getTerminal().parser;
        // Handlers return true: the sequence is consumed here whatever it says (xterm.js would ignore it anyway).
        parser.registerOscHandler(7501, payload => {
            const sequence = parseProgramStatus(payload);
            if (sequence?.type === 'query') {
                if (this.answers(widget) && !(Date.now() - (tracked.repliedAt ?? -Infinity) < QUERY_REPLY_INTERVAL_MS)) {
                    tracked.repliedAt = Date.now();
                    widget.sendText(PROGRAM_STATUS_REPLY);
                }
            } else if (sequence && tracked.state.applyProgram(sequence, Date.now())) {
                this.changed(tracked);
            }
            this.scheduleFlush(tracked);
            return true;
        });
        parser.registerOscHandler(21337, payload => {
            const tab = parseTabStatus(payload);
            if (tab && tracked.state.applyTab(tab, Date.now())) {
                this.changed(tracked);
            }
            this.scheduleFlush(tracked);
            return true;
        });
        widget.onTerminalDidClose(() => this.clear(tracked));
        widget.onDidDispose(() => {
            this.clear(tracked);
            clearTimeout(tracked.timer);
            this.stopExitWatch(tracked);
            this.tracked.delete(widget.id);
            this.adopted.delete(widget.id);
        });
    }

    /** Only the user's own setting counts: a workspace (a cloned repository) cannot switch it on. */
    protected get allTerminals(): boolean {
        return this.preferences.inspect<boolean>(TERMINAL_STATUS_ALL_TERMINALS_PREFERENCE)?.globalValue === true;
    }

    protected answers(widget: TerminalWidget): boolean {
        return this.adopted.has(widget.id) || this.allTerminals;
    }

    /** A known CLI in a companion terminal; anything (an unknown app, a tab status) only where the setting allows. */
    protected toStatus(tracked: Tracked): TerminalAgentStatus | undefined {
        const { program, tab } = tracked.state.shown;
        const all = this.allTerminals;
        const known = statusAppName(program?.app);
        const showProgram = program && (all || (this.adopted.has(tracked.widget.id) && known)) ? program : undefined;
        const showTab = all ? tab : undefined;
        if (!showProgram && !showTab) {
            return undefined;
        }
        return { terminal: tracked.widget, program: showProgram, appName: known ?? 'Terminal program', tab: showTab, since: tracked.since };
    }

    protected changed(tracked: Tracked): void {
        tracked.since = Date.now();
        const status = this.toStatus(tracked);
        this.onDidChangeEmitter.fire(status ?? { terminal: tracked.widget, cleared: true });
        if (status) {
            this.watchExit(tracked);
        } else {
            this.stopExitWatch(tracked);
        }
    }

    /**
     * A CLI typed into a shell can exit (or crash) without sending `clear`, and the terminal stays open:
     * while a status is shown in a terminal whose own process is a shell, the shell is asked whether it
     * still has a child; when it has none, the program that sent the status is gone. (A terminal whose
     * own process is the CLI closes when the CLI exits.)
     */
    protected watchExit(tracked: Tracked): void {
        if (tracked.exitWatch || tracked.widget.isDisposed) {
            return;
        }
        let checking = false;
        const check = async () => {
            if (checking) {
                return;
            }
            checking = true;
            try {
                // An unanswered check counts as a child: never clear on a slow backend.
                const timeout = new Promise<'no answer'>(resolve => setTimeout(() => resolve('no answer'), EXIT_CHECK_INTERVAL_MS * 5));
                const inShell = await this.runsInShell(tracked);
                const children = inShell ? await Promise.race([tracked.widget.hasChildProcesses().catch(() => 'no answer' as const), timeout]) : undefined;
                // What the last check saw, on the terminal's node: why a status stays is readable in the DOM.
                tracked.widget.node.dataset.agentExitCheck = !inShell ? 'not a shell' : children === false ? 'exited' : children === true ? 'running' : children;
                if (children === false && tracked.exitWatch === interval) {
                    this.clear(tracked);
                }
            } finally {
                checking = false;
            }
        };
        const interval = setInterval(check, EXIT_CHECK_INTERVAL_MS);
        tracked.exitWatch = interval;
    }

    protected runsInShell(tracked: Tracked): Promise<boolean> {
        // A terminal not started yet is asked again at the next check, not taken for a non-shell for good.
        // With no SHELL in the backend's environment Theia passes no executable, and node-pty starts `sh`.
        tracked.runsInShell ??= tracked.widget.processInfo.then(info => !!guessShellTypeFromExecutable(info.executable || 'sh'), () => {
            tracked.runsInShell = undefined;
            return false;
        });
        return tracked.runsInShell;
    }

    protected stopExitWatch(tracked: Tracked): void {
        clearInterval(tracked.exitWatch);
        tracked.exitWatch = undefined;
    }

    protected clear(tracked: Tracked): void {
        if (tracked.state.reset()) {
            this.changed(tracked);
        }
        this.stopExitWatch(tracked);
    }

    /** A flood was cut short: show its latest status once the rate allows. */
    protected scheduleFlush(tracked: Tracked): void {
        const at = tracked.state.nextFlushAt();
        if (at === undefined || tracked.timer) {
            return;
        }
        tracked.timer = setTimeout(() => {
            tracked.timer = undefined;
            if (tracked.state.flush(Date.now())) {
                this.changed(tracked);
            }
            this.scheduleFlush(tracked);
        }, Math.max(0, at - Date.now()));
    }
}
