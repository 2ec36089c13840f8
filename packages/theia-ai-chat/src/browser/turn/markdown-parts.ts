import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { SerializableChatResponseContentData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { MarkdownString, MarkdownStringImpl } from '@theia/core/lib/common/markdown-rendering/markdown-string';

/** Text per markdown part before a long answer is cut at the next clean paragraph end. */
export const MARKDOWN_PART_CHARS = 8 * 1024;
/**
 * Text per part past which it is cut even where no paragraph ends, inside a token if need be: one
 * whitespace-free run of 200 KB in one part kept the page in layout for tens of seconds (issue 21).
 */
export const HARD_PART_CHARS = 4 * MARKDOWN_PART_CHARS;
/** The longest opening line of a fence that a hard cut repeats in the next part. */
const MAX_FENCE_OPENER = 200;
/** Paragraph ends tried per cut (each check reads the part): a long fence is not searched to its end. */
const MAX_CUT_TRIES = 16;

/** The content kind of an agent's markdown: its own, so that however a chat is restored its links stay inert. */
export const ACP_MARKDOWN_KIND = 'acpMarkdown';

/**
 * An agent's message text as a part of the answer. Not Theia's `markdownContent`: Theia's markdown renderer
 * hands every link to the opener (a `command:` link runs that command), and Theia's deserializer restores
 * `markdownContent` as its own part, rendered by that renderer. This kind is rendered and restored only as
 * ours (AcpMarkdownRenderer, acpMarkdownDeserializer). It stops taking merges once sealed: Theia's response
 * then starts a new part.
 */
export class AcpMarkdownPart implements ChatResponseContent {
    readonly kind = ACP_MARKDOWN_KIND;
    protected readonly markdown = new MarkdownStringImpl();

    /** A part added whole (a restored one, a note of the chat's) is sealed: later text never merges into it. */
    constructor(text: string, public sealed = false) {
        this.markdown.appendMarkdown(text);
    }

    get content(): MarkdownString {
        return this.markdown;
    }

    asString(): string {
        return this.markdown.value;
    }

    asDisplayString(): string {
        return this.asString();
    }

    merge(next: ChatResponseContent): boolean {
        if (this.sealed || !(next instanceof AcpMarkdownPart)) {
            return false;
        }
        this.markdown.appendMarkdown(next.asString());
        return true;
    }

    toSerializable(): SerializableChatResponseContentData<{ content: string }> {
        return { kind: ACP_MARKDOWN_KIND, data: { content: this.markdown.value } };
    }
}

export interface MarkdownSink {
    add(content: ChatResponseContent): void;
}

/**
 * Streams message text into markdown parts. Theia's chat renders a markdown part whole (markdown-it,
 * DOMPurify, innerHTML) on every chunk merged into it, so one long answer in one part costs more per
 * chunk the longer it gets and blocks the page for hundreds of ms. Past MARKDOWN_PART_CHARS the text
 * is cut into a new part, only at a blank line where no fence, HTML comment, list, quote or table is
 * open, so the parts render as the same markdown in one piece would.
 */
export class MarkdownPartStream {
    private open: { part: AcpMarkdownPart; length: number } | undefined;
    /** The last cut point found was not at a clean paragraph end. */
    private hardCut = false;

    constructor(private readonly sink: MarkdownSink) { }

    /** Another kind of part was shown after the text: the next text starts a part of its own. */
    interrupt(): void {
        this.open = undefined;
    }

    add(text: string): void {
        // A frame's batch can hold many parts' worth of text: cut as often as it needs.
        for (let cut = this.cutPoint(text); cut >= 0; cut = this.cutPoint(text)) {
            let piece = text.slice(0, cut);
            text = text.slice(cut);
            // A hard cut inside a fenced block closes it in this part and opens it again in the next.
            // (Not for an opening line of absurd length: repeated, it would keep the text from getting shorter.)
            const fence = this.hardCut ? openFence((this.open?.part.asString() ?? '') + piece) : undefined;
            if (fence && fence.opener.length <= MAX_FENCE_OPENER) {
                piece += `${piece.endsWith('\n') ? '' : '\n'}${fence.marker}\n`;
                text = `${fence.opener}\n${text}`;
            }
            this.append(piece);
            this.open!.part.sealed = true;
            this.open = undefined;
        }
        if (text) {
            this.append(text);
        }
    }

    /**
     * Where in `text` the open part should end: after the first blank line that brings it to the
     * limit, else the last one before that, where no block is left open; -1 to keep going.
     */
    private cutPoint(text: string): number {
        const used = this.open?.length ?? 0;
        if (used + text.length < MARKDOWN_PART_CHARS) {
            return -1;
        }
        this.hardCut = false;
        const room = Math.max(0, MARKDOWN_PART_CHARS - used - 2);
        const candidates: number[] = [];
        for (let at = text.indexOf('\n\n', room); at >= 0 && candidates.length < MAX_CUT_TRIES; at = text.indexOf('\n\n', at + 2)) {
            candidates.push(at);
        }
        if (room > 0) {
            candidates.push(text.lastIndexOf('\n\n', room - 1));
        }
        const before = this.open?.part.asString() ?? '';
        const clean = candidates.find(at => at >= 0 && at + 2 + used <= HARD_PART_CHARS && endsCleanly(before + text.slice(0, at + 2)));
        if (clean !== undefined) {
            return clean + 2;
        }
        this.hardCut = used + text.length >= HARD_PART_CHARS;
        return this.hardCut ? hardCutPoint(text, HARD_PART_CHARS - used) : -1;
    }

    private append(text: string): void {
        const part = new AcpMarkdownPart(text);
        const open = this.open;
        const before = open?.part.asString().length;
        this.sink.add(part); // merged into the open part if that is still the last one
        if (open && open.part.asString().length !== before) {
            open.length += text.length;
            return;
        }
        // Something else was added since (a caller that did not interrupt): the text is a part of its own, still ours.
        this.open = { part, length: text.length };
    }
}

/** Where to cut a run with no clean paragraph end: the last line end in reach, else `at` itself (never inside a surrogate pair). */
function hardCutPoint(text: string, at: number): number {
    at = Math.max(1, at);
    const lineEnd = text.lastIndexOf('\n', at - 1);
    if (lineEnd >= at / 2) {
        return lineEnd + 1;
    }
    const code = text.charCodeAt(at - 1);
    return code >= 0xd800 && code <= 0xdbff ? at + 1 : at;
}

/** The fenced code block `markdown` leaves open, if any: its opening line and its marker. */
export function openFence(markdown: string): { opener: string; marker: string } | undefined {
    let fence: { opener: string; marker: string } | undefined;
    for (const line of markdown.split('\n')) {
        const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
        if (!marker) {
            continue;
        }
        if (!fence) {
            fence = { opener: line, marker };
        } else if (marker[0] === fence.marker[0] && marker.length >= fence.marker.length && line.trim() === marker) {
            fence = undefined;
        }
    }
    return fence;
}

/** Whether markdown ending in a blank line leaves no block open that the next text could continue. */
export function endsCleanly(markdown: string): boolean {
    if (openFence(markdown) || markdown.lastIndexOf('<!--') > markdown.lastIndexOf('-->')) {
        return false;
    }
    const last = markdown.trimEnd().split('\n').pop() ?? '';
    // An indented line, list item, quote, table row or HTML block could go on after the blank line.
    return /^\S/.test(last) && !/^([>|<]|[-*+](\s|$)|\d+[.)](\s|$))/.test(last);
}
