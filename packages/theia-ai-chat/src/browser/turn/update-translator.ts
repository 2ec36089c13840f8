import {
    ChatResponseContent, ThinkingChatResponseContentImpl
} from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpAvailableCommand, readAvailableCommands } from '../../common/session-config/acp-commands';
import { FrameScheduler } from '../../common/frame-scheduler';
import { FrameBatchedText } from './frame-batched-text';
import { MarkdownPartStream } from './markdown-parts';
import { AcpPlanContent, AcpToolCallContent, AcpToolContent } from './tool-call-content';
import { AcpHiddenToolCallsContent, AcpTruncatedTextContent, TURN_LIMITS, capCardText } from './turn-limits';

/** What a translated update does to the response. */
export interface ResponseSink {
    add(content: ChatResponseContent): void;
    /** A part already shown changed in place. */
    changed(content: ChatResponseContent): void;
}

export interface TranslatorHooks {
    onCommands?(commands: AcpAvailableCommand[]): void;
    onMode?(modeId: string): void;
    /** An edit tool call completed (once per call): its files are written. */
    onEditCompleted?(call: AcpToolCallContent): void;
}


let turns = 0;

/**
 * Turns one turn's `session/update`s into Theia chat content parts: message chunks into streamed
 * markdown, thoughts into thinking parts, tool calls into one live part per call (updated in
 * place), the plan into a checklist. Commands and modes are not content: `onCommands` / `onMode`.
 * What the agent sends is not trusted to be well-formed or small: fields of the wrong type are
 * ignored, and a turn shows at most TURN_LIMITS of text and cards (the rest is counted).
 */
export class AcpUpdateTranslator {
    readonly toolCalls = new Map<string, AcpToolCallContent>();
    private readonly completedEdits = new Set<string>();
    private plan: AcpPlanContent | undefined;
    /** Everything the agent said (up to TURN_LIMITS.keptTextChars), for tests and "Show all". */
    text = '';
    /** Message text handed to the markdown parts. */
    private shownChars = 0;
    private truncated: AcpTruncatedTextContent | undefined;
    private hiddenCalls: AcpHiddenToolCallsContent | undefined;
    private shownCalls = 0;
    /** Counters waiting for the next frame to be re-rendered (a flood changes them thousands of times a frame). */
    private readonly dirty = new Set<AcpHiddenToolCallsContent | AcpTruncatedTextContent>();
    private cancelDirtyFrame: (() => void) | undefined;
    /** Counters changed since the response last heard of it. */
    private countersChanged = false;
    private readonly turnId = `turn-${Date.now()}-${++turns}`;
    private readonly markdown: MarkdownPartStream;
    /** Message text on its way to the markdown parts, batched per frame when a scheduler is given. */
    private readonly batched: FrameBatchedText | undefined;

    constructor(private readonly sink: ResponseSink, private readonly hooks: TranslatorHooks = {}, private readonly schedule?: FrameScheduler) {
        this.markdown = new MarkdownPartStream(sink);
        this.batched = schedule && new FrameBatchedText(text => this.markdown.add(text), schedule);
    }

    /** The turn is over: batched text is shown now, and the response hears once that its counters changed. */
    end(): void {
        this.batched?.end();
        this.cancelDirtyFrame?.();
        this.renderCounters();
        if (this.countersChanged) {
            this.countersChanged = false;
            this.sink.changed((this.hiddenCalls ?? this.truncated)!);
        }
    }

    /**
     * Another part (a form the agent asks about) is added after the text so far: that text is shown first, and
     * the text after it starts a markdown part of its own.
     */
    interrupt(): void {
        this.batched?.flush();
        this.markdown.interrupt();
    }

    update(update: AcpSessionUpdate): void {
        if (typeof update !== 'object' || update === null) {
            return;
        }
        if (update.sessionUpdate !== 'agent_message_chunk') {
            this.batched?.flush(); // what came before is shown before this
        }
        switch (update.sessionUpdate) {
            case 'agent_message_chunk': return this.message(textOf(update.content));
            case 'agent_thought_chunk': return this.thought(textOf(update.content));
            case 'tool_call':
            case 'tool_call_update': this.toolCall(update); return;
            case 'plan': return this.showPlan(update.entries);
            case 'available_commands_update': {
                const commands = readAvailableCommands(update.availableCommands);
                if (commands) {
                    this.hooks.onCommands?.(commands);
                }
                return;
            }
            case 'current_mode_update':
                this.hooks.onMode?.(String(update.currentModeId));
                return;
        }
    }

    /** A tool call (new or known) merged with what this update says; shown once, updated after. */
    toolCall(update: AcpSessionUpdate): AcpToolCallContent {
        this.batched?.flush(); // also called for a permission request's call, outside update()
        const id = String(update.toolCallId);
        let call = this.toolCalls.get(id);
        const isNew = !call;
        call ??= new AcpToolCallContent(id);
        this.toolCalls.set(id, call);
        if (typeof update.title === 'string' && update.title) {
            call.title = capCardText(update.title, 1024);
        }
        if (typeof update.kind === 'string') {
            call.toolKind = update.kind;
        }
        if (typeof update.status === 'string') {
            call.status = update.status;
        }
        if (Array.isArray(update.locations) && update.locations.length > 0) {
            call.locations = (update.locations as unknown[]).slice(0, 100)
                .filter((location): location is { path: string; line?: unknown } => typeof (location as { path?: unknown })?.path === 'string')
                .map(({ path, line }) => ({ path, line: typeof line === 'number' ? line : undefined }));
        }
        if (Array.isArray(update.content) && update.content.length > 0) {
            call.content = (update.content as unknown[]).slice(0, 100).map(toolContent).filter((item): item is AcpToolContent => !!item);
        }
        if (isNew && this.shownCalls < TURN_LIMITS.toolCards) {
            this.shownCalls++;
            this.showCall(call);
        } else if (!isNew && call.shown) {
            call.changed();
            this.sink.changed(call);
        } else {
            this.countHidden(call);
        }
        if (call.toolKind === 'edit' && call.status === 'completed' && !this.completedEdits.has(id)) {
            this.completedEdits.add(id);
            this.hooks.onEditCompleted?.(call);
        }
        return call;
    }

    /** A call past the card limit shows when it asks permission: the user must be able to answer. */
    showHiddenCall(call: AcpToolCallContent): void {
        if (!call.shown) {
            this.hiddenCalls?.statuses.delete(call.toolCallId);
            this.markDirty(this.hiddenCalls);
            this.showCall(call);
        }
    }

    private showCall(call: AcpToolCallContent): void {
        call.shown = true;
        this.markdown.interrupt();
        this.sink.add(call);
    }

    private countHidden(call: AcpToolCallContent): void {
        if (!this.hiddenCalls) {
            this.hiddenCalls = new AcpHiddenToolCallsContent();
            this.markdown.interrupt();
            this.sink.add(this.hiddenCalls);
        }
        this.hiddenCalls.statuses.set(call.toolCallId, call.status);
        this.markDirty(this.hiddenCalls);
    }

    private message(text: string): void {
        if (text === '') {
            return;
        }
        const kept = Math.max(0, Math.min(text.length, TURN_LIMITS.keptTextChars - this.text.length));
        this.text += text.slice(0, kept);
        const shown = text.slice(0, Math.max(0, TURN_LIMITS.shownTextChars - this.shownChars));
        if (shown) {
            this.shownChars += shown.length;
            if (this.batched) {
                this.batched.add(shown);
            } else {
                this.markdown.add(shown);
            }
        }
        if (shown.length < text.length) {
            this.truncate(text.length - shown.length, text.length - kept);
        }
    }

    /** Text past the shown limit: counted on one line after the answer, which opens the whole text in an editor. */
    private truncate(hidden: number, dropped: number): void {
        if (!this.truncated) {
            this.batched?.flush();
            this.markdown.interrupt();
            this.truncated = new AcpTruncatedTextContent(this.turnId, () => this.text);
            this.sink.add(this.truncated);
        }
        this.truncated.hiddenChars += hidden;
        this.truncated.droppedChars += dropped;
        this.markDirty(this.truncated);
    }

    private markDirty(content: AcpHiddenToolCallsContent | AcpTruncatedTextContent | undefined): void {
        if (!content) {
            return;
        }
        this.dirty.add(content);
        if (!this.schedule) {
            this.renderCounters();
        } else if (!this.cancelDirtyFrame) {
            this.cancelDirtyFrame = this.schedule(() => this.renderCounters());
        }
    }

    /**
     * A counter redraws only its own line: telling the response (`sink.changed`) re-rendered the whole chat
     * tree, every card of the turn, on each frame of a flood (the bench's profile: 40,000 calls spent most
     * of their long tasks in the cards' React render). The response hears it once, when the turn ends.
     */
    private renderCounters(): void {
        this.cancelDirtyFrame = undefined;
        const dirty = [...this.dirty];
        this.dirty.clear();
        dirty.forEach(content => content.changed());
        this.countersChanged ||= dirty.length > 0;
    }

    private thought(text: string): void {
        if (text.trim() === '') {
            return;
        }
        // gemini: "**Subject**\nDescription"; shown as markdown inside the thinking part.
        this.markdown.interrupt();
        this.sink.add(new ThinkingChatResponseContentImpl(capCardText(text), ''));
    }

    /** Each `plan` update replaces the whole plan. */
    private showPlan(entries: unknown): void {
        const items = (Array.isArray(entries) ? entries as unknown[] : []).slice(0, TURN_LIMITS.toolCards)
            .map(entry => entry as { content?: unknown; status?: unknown } | null)
            .map(entry => ({ content: capCardText(String(entry?.content ?? ''), 4096), status: String(entry?.status ?? '') }));
        if (!this.plan) {
            this.plan = new AcpPlanContent(items);
            this.markdown.interrupt();
            this.sink.add(this.plan);
        } else {
            this.plan.entries = items;
            this.plan.changed();
            this.sink.changed(this.plan);
        }
    }
}

function textOf(content: unknown): string {
    const block = content as { type?: unknown; text?: unknown } | null | undefined;
    return block?.type === 'text' && typeof block.text === 'string' ? block.text : '';
}

function toolContent(value: unknown): AcpToolContent | undefined {
    const item = (value ?? {}) as Record<string, unknown>;
    if (item.type === 'diff' && typeof item.path === 'string') {
        // The card's line diff is cut; the diff editor and the change set read the whole text.
        return { type: 'diff', path: item.path, oldText: typeof item.oldText === 'string' ? item.oldText : null, newText: typeof item.newText === 'string' ? item.newText : '' };
    }
    if (item.type === 'terminal' && typeof item.terminalId === 'string') {
        return { type: 'terminal', terminalId: item.terminalId };
    }
    if (item.type === 'content') {
        const text = capCardText(unfenced(textOf(item.content)));
        return text ? { type: 'text', text } : undefined;
    }
    return undefined;
}

/** One whole fenced block, as Zed's Claude Code adapter wraps a command's output: the card shows its inside. */
const WHOLE_FENCE = /^(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n?\1\s*$/;

function unfenced(text: string): string {
    const match = WHOLE_FENCE.exec(text);
    return match && !match[2].includes(match[1]) ? match[2] : text;
}
