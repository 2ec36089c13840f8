/** Longest line reported; npm's lines are short, a hostile agent's need not be. */
const MAX_LINE_CHARS = 200;
/** What is kept of the output to find its last line in. */
const MAX_TAIL_CHARS = 4096;

// eslint-disable-next-line no-control-regex
const TERMINAL_ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The last line of what an agent's start printed so far (e.g. npm's "npm warn …" or "npm error …" while
 * npx fetches the package), as plain text for one progress line: terminal escapes and control characters
 * dropped, a spinner's `\r` redraws counted as lines, at most 200 characters. Undefined while it printed
 * nothing but blanks.
 */
export class StartOutputTail {
    private tail = '';

    /** Adds a chunk; true when the last line changed. */
    push(chunk: string): boolean {
        const before = this.lastLine;
        this.tail = (this.tail + chunk).slice(-MAX_TAIL_CHARS);
        return this.lastLine !== before;
    }

    get lastLine(): string | undefined {
        return lastOutputLine(this.tail);
    }
}

export function lastOutputLine(text: string): string | undefined {
    const lines = text.replace(TERMINAL_ESCAPES, '').split(/\r\n|\r|\n/);
    for (let index = lines.length - 1; index >= 0; index--) {
        const line = lines[index].replace(CONTROL_CHARS, '').replace(/\s+/g, ' ').trim();
        if (line) {
            return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS - 1)}…` : line;
        }
    }
    return undefined;
}
