import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter, Event } from '@theia/core/lib/common/event';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { TerminalContribution, TerminalWidgetImpl } from '@theia/terminal/lib/browser/terminal-widget-impl';
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
}

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
                if (this.answers(widget)) {
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
        this.onDidChangeEmitter.fire(this.toStatus(tracked) ?? { terminal: tracked.widget, cleared: true });
    }

    protected clear(tracked: Tracked): void {
        if (tracked.state.reset()) {
            this.changed(tracked);
        }
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
