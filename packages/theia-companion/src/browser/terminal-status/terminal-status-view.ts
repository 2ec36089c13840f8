import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { AgentRunState, PendingQuestion, PendingQuestionSource } from '@ai-cli-companion/core';
import { TerminalAgentStatus, TerminalStatusService } from './terminal-status-service';

/** The words the tab, the status bar and the notification use for each state. */
export const STATE_WORDS: Record<AgentRunState, string> = {
    idle: 'ready', working: 'working', blocked: 'waiting for you', done: 'done', error: 'error'
};
export const TAB_STATUS_CLASS = 'ai-cli-terminal-status';

/** "Claude Code: waiting for you (approve Write: a.txt)": plain text, already capped and cleaned by the parser. */
export function describeStatus(status: TerminalAgentStatus): string {
    const program = status.program;
    if (!program) {
        return status.tab?.status ?? '';
    }
    const detail = program.msg ?? program.title;
    const progress = program.progress !== undefined ? ` ${program.progress}%` : '';
    return `${status.appName}: ${STATE_WORDS[program.state]}${progress}${detail ? ` (${detail})` : ''}`;
}

/** Backslash-escapes every ASCII punctuation character markdown could read as syntax (links, emphasis, code, HTML). */
export function escapeMarkdown(text: string): string {
    return text.replace(/[\\`*_{}[\]()#+\-.!|<>~"'&:$%=?@^;,/]/g, char => `\\${char}`);
}

/**
 * Shows each terminal's agent status: a class on its tab (the stylesheet adds the state's word and
 * a badge after the label, so it survives the CLI retitling its terminal) and its text in the tab's
 * tooltip; a waiting CLI is a pending question (the pending-review item counts it, Go to Pending
 * Review and the system notification of an unfocused window reach it), and a notification with a
 * button to its terminal when the window has focus but that terminal is not visible.
 */
@injectable()
export class TerminalStatusView implements FrontendApplicationContribution, PendingQuestionSource {
    @inject(TerminalStatusService) protected readonly service: TerminalStatusService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(MessageService) protected readonly messages: MessageService;

    protected readonly captions = new Map<string, string>();
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChangePendingQuestions = this.onDidChangeEmitter.event;
    protected waiting = new Map<string, PendingQuestion>();

    onStart(): void {
        this.service.onDidChange(change => {
            const status = 'cleared' in change ? undefined : change;
            this.showOnTab(change.terminal, status);
            this.followWaiting(change.terminal, status);
        });
    }

    get pendingQuestions(): PendingQuestion[] {
        return [...this.waiting.values()];
    }

    async revealPendingQuestion(id: string): Promise<void> {
        window.focus();
        const widget = await this.shell.activateWidget(id);
        (widget as TerminalWidget | undefined)?.show?.();
    }

    protected showOnTab(terminal: TerminalWidget, status: TerminalAgentStatus | undefined): void {
        const classes = terminal.title.className.split(' ').filter(c => c && !c.startsWith(TAB_STATUS_CLASS));
        const state = status?.program?.state ?? (status?.tab ? 'tab' : undefined);
        if (state) {
            classes.push(TAB_STATUS_CLASS, `${TAB_STATUS_CLASS}-${state}`);
        }
        terminal.title.className = classes.join(' ');
        // The caption is the terminal's own (its title) plus a line of status, which goes again when the status does.
        const previous = this.captions.get(terminal.id);
        const base = previous && terminal.title.caption.endsWith(`\n${previous}`)
            ? terminal.title.caption.slice(0, -previous.length - 1) : terminal.title.caption;
        const line = status ? describeStatus(status) : '';
        terminal.title.caption = line ? `${base}\n${line}` : base;
        this.captions.set(terminal.id, line);
        terminal.node.dataset.agentStatus = state ?? '';
    }

    protected followWaiting(terminal: TerminalWidget, status: TerminalAgentStatus | undefined): void {
        const wasWaiting = this.waiting.has(terminal.id);
        const isWaiting = status?.program?.state === 'blocked';
        if (isWaiting && status) {
            const about = status.program?.msg ?? status.program?.title ?? `${status.program?.kind ?? 'input'} in its terminal`;
            this.waiting.set(terminal.id, { id: terminal.id, askedBy: status.appName, about, askedAt: status.since, answerIn: 'in its terminal' });
        } else {
            this.waiting.delete(terminal.id);
        }
        if (isWaiting !== wasWaiting || isWaiting) {
            this.onDidChangeEmitter.fire();
        }
        // An unfocused window gets the pending-review notifier's system notification; this is for a focused one.
        if (isWaiting && !wasWaiting && status && document.hasFocus() && !this.isVisible(terminal)) {
            void this.notifyInWindow(terminal, status);
        }
    }

    protected isVisible(terminal: TerminalWidget): boolean {
        return terminal.isVisible && document.visibilityState === 'visible';
    }

    protected async notifyInWindow(terminal: TerminalWidget, status: TerminalAgentStatus): Promise<void> {
        const action = 'Show Terminal';
        // Theia renders a notification's text as markdown, and a link in it runs what it names (command: too):
        // the CLI's text and the terminal's title (any program can set it) are escaped to stay text.
        const picked = await this.messages.info(escapeMarkdown(`${describeStatus(status)} — in terminal "${terminal.title.label}"`), action);
        if (picked === action && !terminal.isDisposed) {
            await this.revealPendingQuestion(terminal.id);
        }
    }
}
