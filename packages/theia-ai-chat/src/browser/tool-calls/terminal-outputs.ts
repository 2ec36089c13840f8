import { Emitter, Event } from '@theia/core';
import { injectable } from '@theia/core/shared/inversify';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';

/** What a tool card keeps of one terminal's output (characters, the newest): the backend's push bound. */
export const TERMINAL_VIEW_LIMIT = 64 * 1024;

// Colours and cursor moves (CSI, OSC) mean nothing in a <pre>.
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[()][0-9A-Za-z]|\u001b[=>]/g;

/** One terminal as a tool card shows it: the command, the end of its output, its exit. */
export class AcpTerminalView {
    command = '';
    text = '';
    /** Earlier output was dropped (by the window's bound, or the backend's when too much came at once). */
    cut = false;
    exitStatus: AcpTerminalOutput['exitStatus'];

    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange: Event<void> = this.onDidChangeEmitter.event;

    constructor(readonly terminalId: string, public chatSessionId: string | undefined) { }

    apply(output: AcpTerminalOutput): void {
        this.command = output.command || this.command; // only the first push of `_meta` output names it
        const text = output.text.replace(ANSI_ESCAPES, '');
        this.cut ||= !!output.reset;
        this.text = output.reset ? text : this.text + text;
        if (this.text.length > TERMINAL_VIEW_LIMIT) {
            this.text = this.text.slice(-TERMINAL_VIEW_LIMIT);
            this.cut = true;
        }
        this.exitStatus = output.exitStatus ?? this.exitStatus;
        this.onDidChangeEmitter.fire();
    }
}

/**
 * The output of the commands agents run through ACP terminals, by terminal id, as the backend pushes
 * it. It outlives `terminal/release` (ACP: a terminal on a tool call stays shown after release);
 * a chat session's terminals go when the session is deleted.
 */
@injectable()
export class AcpTerminalOutputs {
    protected readonly views = new Map<string, AcpTerminalView>();

    apply(chatSessionId: string, output: AcpTerminalOutput): void {
        const view = this.view(output.terminalId, chatSessionId);
        view.chatSessionId ??= chatSessionId; // a card may have asked for it first
        view.apply(output);
    }

    /** The view of a terminal; an empty one until its first output arrives. */
    view(terminalId: string, chatSessionId?: string): AcpTerminalView {
        let view = this.views.get(terminalId);
        if (!view) {
            view = new AcpTerminalView(terminalId, chatSessionId);
            this.views.set(terminalId, view);
        }
        return view;
    }

    forgetChat(chatSessionId: string): void {
        for (const [terminalId, view] of [...this.views]) {
            if (view.chatSessionId === chatSessionId) {
                this.views.delete(terminalId);
            }
        }
    }

    get size(): number {
        return this.views.size;
    }
}
