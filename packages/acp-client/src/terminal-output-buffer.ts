/** Without an `outputByteLimit` a terminal keeps this much (a runaway command must not fill the backend's memory). */
export const DEFAULT_TERMINAL_OUTPUT_LIMIT = 1024 * 1024;
/** The most a terminal keeps whatever the agent asks. */
export const MAX_TERMINAL_OUTPUT_LIMIT = 16 * 1024 * 1024;
/** Terminals one session may hold at once (running, or exited and not yet released). */
export const MAX_TERMINALS_PER_SESSION = 16;
/** The output one session's terminals may keep together: each keeps at most what is left of this when it starts. */
export const MAX_SESSION_OUTPUT_BYTES = 32 * 1024 * 1024;

/**
 * A terminal's output as ACP's `terminal/output` wants it: at most `limit` bytes, the newest kept,
 * cut at a UTF-8 character boundary (so the text is valid, even if slightly under the limit).
 * Chunks are kept as they came and only joined when read: appending stays cheap for chatty commands.
 */
export class TerminalOutputBuffer {
    private chunks: Buffer[] = [];
    private size = 0;
    private dropped = false;

    constructor(readonly limit: number) { }

    /** Bytes held now: the limit, plus at most part of one chunk (whole chunks are dropped; a pipe delivers at most 64 KiB). */
    get keptBytes(): number {
        return this.size;
    }

    append(chunk: Buffer): void {
        if (chunk.length === 0) {
            return;
        }
        this.chunks.push(chunk);
        this.size += chunk.length;
        // Whole chunks that lie entirely before the last `limit` bytes can go.
        while (this.chunks.length > 0 && this.size - this.chunks[0].length >= this.limit) {
            this.size -= this.chunks.shift()!.length;
            this.dropped = true;
        }
        // One huge chunk (or a zero limit): keep only its tail.
        if (this.size > 2 * this.limit + 65536) {
            const joined = Buffer.concat(this.chunks, this.size);
            this.chunks = [Buffer.from(joined.subarray(joined.length - this.limit))];
            this.size = this.chunks[0].length;
            this.dropped = true;
        }
    }

    /**
     * The retained output. While the command runs, a character whose bytes have not all arrived
     * yet is held back; once it has exited (`complete`), whatever is left is decoded as it is.
     */
    read(complete: boolean): { output: string; truncated: boolean } {
        let bytes = Buffer.concat(this.chunks, this.size);
        let truncated = this.dropped;
        if (bytes.length > this.limit) {
            bytes = bytes.subarray(bytes.length - this.limit);
            truncated = true;
        }
        if (truncated) {
            bytes = bytes.subarray(leadingContinuationBytes(bytes));
        }
        if (!complete) {
            bytes = bytes.subarray(0, completeCharactersEnd(bytes));
        }
        return { output: bytes.toString('utf8'), truncated };
    }
}

/** How many bytes at the start continue a character whose first bytes were cut off (at most 3). */
function leadingContinuationBytes(bytes: Buffer): number {
    let start = 0;
    while (start < bytes.length && start < 3 && isContinuation(bytes[start])) {
        start++;
    }
    return start;
}

/** Where the last complete character ends (before a multi-byte character still arriving). */
export function completeCharactersEnd(bytes: Buffer): number {
    let lead = bytes.length - 1;
    while (lead >= 0 && lead > bytes.length - 4 && isContinuation(bytes[lead])) {
        lead--;
    }
    if (lead < 0) {
        return bytes.length;
    }
    const expected = sequenceLength(bytes[lead]);
    return lead + expected > bytes.length ? lead : bytes.length;
}

function isContinuation(byte: number): boolean {
    return (byte & 0xc0) === 0x80;
}

function sequenceLength(lead: number): number {
    if ((lead & 0xe0) === 0xc0) {
        return 2;
    }
    if ((lead & 0xf0) === 0xe0) {
        return 3;
    }
    if ((lead & 0xf8) === 0xf0) {
        return 4;
    }
    return 1; // ASCII, or an invalid byte that decodes to U+FFFD on its own
}
