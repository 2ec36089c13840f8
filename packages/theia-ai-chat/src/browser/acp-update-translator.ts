import {
    ChatResponseContent, ThinkingChatResponseContentImpl
} from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../common/acp-chat-protocol';
import { FrameBatchedText, FrameScheduler } from './acp-frame-batched-text';
import { MarkdownPartStream } from './acp-markdown-parts';
import { AcpPlanContent, AcpToolCallContent, AcpToolContent } from './acp-tool-call-content';

/** What a translated update does to the response. */
export interface ResponseSink {
    add(content: ChatResponseContent): void;
    /** A part already shown changed in place. */
    changed(content: ChatResponseContent): void;
}

export interface TranslatorHooks {
    onCommands?(commands: Array<{ name: string; description?: string | null }>): void;
    onMode?(modeId: string): void;
    /** An edit tool call completed (once per call): its files are written. */
    onEditCompleted?(call: AcpToolCallContent): void;
}

/** gemini announces a mode switch as message text, e.g. "[MODE_UPDATE] autoEdit" (acp.md §3). */
const MODE_UPDATE_TEXT = /^\s*\[MODE_UPDATE\]/;

/**
 * Turns one turn's `session/update`s into Theia chat content parts: message chunks into streamed
 * markdown, thoughts into thinking parts, tool calls into one live part per call (updated in
 * place), the plan into a checklist. Commands and modes are not content: `onCommands` / `onMode`.
 */
export class AcpUpdateTranslator {
    readonly toolCalls = new Map<string, AcpToolCallContent>();
    private readonly completedEdits = new Set<string>();
    private plan: AcpPlanContent | undefined;
    /** Everything the agent said, for tests and the chat's text representation. */
    text = '';
    private readonly markdown: MarkdownPartStream;
    /** Message text on its way to the markdown parts, batched per frame when a scheduler is given. */
    private readonly batched: FrameBatchedText | undefined;

    constructor(private readonly sink: ResponseSink, private readonly hooks: TranslatorHooks = {}, schedule?: FrameScheduler) {
        this.markdown = new MarkdownPartStream(sink);
        this.batched = schedule && new FrameBatchedText(text => this.markdown.add(text), schedule);
    }

    /** The turn is over: batched text is shown now. */
    end(): void {
        this.batched?.end();
    }

    update(update: AcpSessionUpdate): void {
        if (update.sessionUpdate !== 'agent_message_chunk') {
            this.batched?.flush(); // what came before is shown before this
        }
        switch (update.sessionUpdate) {
            case 'agent_message_chunk': return this.message(textOf(update.content));
            case 'agent_thought_chunk': return this.thought(textOf(update.content));
            case 'tool_call':
            case 'tool_call_update': this.toolCall(update); return;
            case 'plan': return this.showPlan(update.entries as Array<{ content: string; status: string }> | undefined);
            case 'available_commands_update':
                this.hooks.onCommands?.((update.availableCommands as Array<{ name: string; description?: string }>) ?? []);
                return;
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
            call.title = update.title;
        }
        if (typeof update.kind === 'string') {
            call.toolKind = update.kind;
        }
        if (typeof update.status === 'string') {
            call.status = update.status;
        }
        if (Array.isArray(update.locations) && update.locations.length > 0) {
            call.locations = (update.locations as Array<{ path: string; line?: number }>).map(({ path, line }) => ({ path, line }));
        }
        if (Array.isArray(update.content) && update.content.length > 0) {
            call.content = (update.content as Array<Record<string, unknown>>).map(toolContent).filter((item): item is AcpToolContent => !!item);
        }
        if (isNew) {
            this.markdown.interrupt();
            this.sink.add(call);
        } else {
            call.changed();
            this.sink.changed(call);
        }
        if (call.toolKind === 'edit' && call.status === 'completed' && !this.completedEdits.has(id)) {
            this.completedEdits.add(id);
            this.hooks.onEditCompleted?.(call);
        }
        return call;
    }

    private message(text: string): void {
        if (text === '' || MODE_UPDATE_TEXT.test(text)) {
            return;
        }
        this.text += text;
        if (this.batched) {
            this.batched.add(text);
        } else {
            this.markdown.add(text);
        }
    }

    private thought(text: string): void {
        if (text.trim() === '') {
            return;
        }
        // gemini: "**Subject**\nDescription"; shown as markdown inside the thinking part.
        this.markdown.interrupt();
        this.sink.add(new ThinkingChatResponseContentImpl(text, ''));
    }

    /** Each `plan` update replaces the whole plan. */
    private showPlan(entries: Array<{ content: string; status: string }> | undefined): void {
        const items = (entries ?? []).map(({ content, status }) => ({ content: String(content), status: String(status) }));
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
    const block = content as { type?: string; text?: string } | undefined;
    return block?.type === 'text' ? block.text ?? '' : '';
}

function toolContent(item: Record<string, unknown>): AcpToolContent | undefined {
    if (item.type === 'diff' && typeof item.path === 'string') {
        return { type: 'diff', path: item.path, oldText: item.oldText as string | null | undefined, newText: String(item.newText ?? '') };
    }
    if (item.type === 'terminal' && typeof item.terminalId === 'string') {
        return { type: 'terminal', terminalId: item.terminalId };
    }
    if (item.type === 'content') {
        const text = unfenced(textOf(item.content));
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
