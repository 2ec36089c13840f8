import { Emitter, Event } from '@theia/core';
import { ChatResponseContent, InteractiveContent } from '@theia/ai-chat/lib/common/chat-model';

export interface AcpLocation { readonly path: string; readonly line?: number | null }
export type AcpToolContent =
    | { readonly type: 'diff'; readonly path: string; readonly oldText?: string | null; readonly newText: string }
    | { readonly type: 'text'; readonly text: string }
    | { readonly type: 'terminal'; readonly terminalId: string };
export interface AcpPermissionChoice { readonly optionId: string; readonly name: string; readonly kind: string }

/** The question of a permission request, shown on the tool call it is about. */
export interface AcpToolQuestion {
    readonly options: readonly AcpPermissionChoice[];
    /** What the user chose (its `name`), once answered or cancelled. */
    answer?: string;
    /** `reason`: the user's words on a rejecting option. */
    readonly choose: (optionId: string | undefined, reason?: string) => void;
}

/**
 * One ACP tool call as the chat shows it: title, kind, status, locations, diff or text content. While
 * it asks a question it is interactive content, so Theia's chat counts and announces it as waiting.
 */
export class AcpToolCallContent implements ChatResponseContent, InteractiveContent {
    readonly kind = 'acpToolCall';
    title = '';
    toolKind = 'other';
    status = 'pending';
    locations: AcpLocation[] = [];
    content: AcpToolContent[] = [];
    question: AcpToolQuestion | undefined;
    /** Has a card: calls past the turn's card limit are only counted. */
    shown = false;

    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange: Event<void> = this.onDidChangeEmitter.event;

    private resolveQuestion: (() => void) | undefined;
    private questionResolved = Promise.resolve();

    constructor(readonly toolCallId: string) { }

    get interactionId(): string {
        return `acp-permission-${this.toolCallId}`;
    }

    get isResolved(): boolean {
        return !this.question || this.question.answer !== undefined;
    }

    get whenResolved(): Promise<void> {
        return this.questionResolved;
    }

    /** A permission question now waits on this call. */
    ask(question: AcpToolQuestion): void {
        this.question = question;
        this.questionResolved = new Promise(resolve => { this.resolveQuestion = resolve; });
        this.changed();
    }

    changed(): void {
        if (this.isResolved) {
            this.resolveQuestion?.();
        }
        this.onDidChangeEmitter.fire();
    }

    asString(): string {
        return `Tool call ${this.title} (${this.toolKind}): ${this.status}`;
    }

    asDisplayString(): string {
        return this.asString();
    }
}

/** The agent's plan, shown as a checklist; replaced whole by each `plan` update. */
export class AcpPlanContent implements ChatResponseContent {
    readonly kind = 'acpPlan';
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange: Event<void> = this.onDidChangeEmitter.event;

    constructor(public entries: Array<{ content: string; status: string }>) { }

    changed(): void {
        this.onDidChangeEmitter.fire();
    }

    asString(): string {
        return this.entries.map(entry => `- [${entry.status === 'completed' ? 'x' : ' '}] ${entry.content}`).join('\n');
    }
}
