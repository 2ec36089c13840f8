import { MarkdownChatResponseContent, MarkdownChatResponseContentImpl } from '@theia/ai-chat/lib/common/chat-model';

/** Text per markdown part before a long answer is cut at the next clean paragraph end. */
export const MARKDOWN_PART_CHARS = 8 * 1024;
/** Paragraph ends tried per cut (each check reads the part): a long fence is not searched to its end. */
const MAX_CUT_TRIES = 16;

/** A markdown part that stops taking merges once sealed: Theia's response then starts a new part. */
export class AcpMarkdownPart extends MarkdownChatResponseContentImpl {
    sealed = false;

    override merge(next: MarkdownChatResponseContent): boolean {
        return !this.sealed && super.merge(next);
    }
}

export interface MarkdownSink {
    add(content: MarkdownChatResponseContent): void;
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

    constructor(private readonly sink: MarkdownSink) { }

    /** Another kind of part was shown after the text: the next text starts a part of its own. */
    interrupt(): void {
        this.open = undefined;
    }

    add(text: string): void {
        // A frame's batch can hold many parts' worth of text: cut as often as it needs.
        for (let cut = this.cutPoint(text); cut >= 0; cut = this.cutPoint(text)) {
            this.append(text.slice(0, cut));
            this.open!.part.sealed = true;
            this.open = undefined;
            text = text.slice(cut);
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
        const room = Math.max(0, MARKDOWN_PART_CHARS - used - 2);
        const candidates: number[] = [];
        for (let at = text.indexOf('\n\n', room); at >= 0 && candidates.length < MAX_CUT_TRIES; at = text.indexOf('\n\n', at + 2)) {
            candidates.push(at);
        }
        if (room > 0) {
            candidates.push(text.lastIndexOf('\n\n', room - 1));
        }
        const before = this.open?.part.asString() ?? '';
        const clean = candidates.find(at => at >= 0 && endsCleanly(before + text.slice(0, at + 2)));
        return clean === undefined ? -1 : clean + 2;
    }

    private append(text: string): void {
        if (this.open) {
            this.sink.add(new MarkdownChatResponseContentImpl(text)); // merged into the open part
            this.open.length += text.length;
            return;
        }
        const part = new AcpMarkdownPart(text);
        this.sink.add(part);
        this.open = { part, length: text.length };
    }
}

/** Whether markdown ending in a blank line leaves no block open that the next text could continue. */
export function endsCleanly(markdown: string): boolean {
    let fence: string | undefined;
    for (const line of markdown.split('\n')) {
        const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
        if (!marker) {
            continue;
        }
        if (!fence) {
            fence = marker;
        } else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
            fence = undefined;
        }
    }
    if (fence || markdown.lastIndexOf('<!--') > markdown.lastIndexOf('-->')) {
        return false;
    }
    const last = markdown.trimEnd().split('\n').pop() ?? '';
    // An indented line, list item, quote, table row or HTML block could go on after the blank line.
    return /^\S/.test(last) && !/^([>|<]|[-*+](\s|$)|\d+[.)](\s|$))/.test(last);
}
