/*
 * Codex's IPC framing: a 4-byte little-endian length, then that many bytes of UTF-8 JSON. Codex itself
 * refuses frames over 256 MiB; ours is lower because our side only relays what the Codex clients send
 * each other and answers small context requests.
 */

/** The largest frame we read or relay by default; a longer header ends the connection before anything is buffered. */
export const MAX_CODEX_FRAME_BYTES = 64 * 1024 * 1024;

const HEADER_BYTES = 4;

export type CodexFrameMessage = Record<string, unknown>;

export function encodeCodexFrame(message: CodexFrameMessage): Buffer {
    const payload = Buffer.from(JSON.stringify(message), 'utf8');
    const frame = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
    frame.writeUInt32LE(payload.length, 0);
    payload.copy(frame, HEADER_BYTES);
    return frame;
}

/** Why a connection's byte stream cannot be read any further. */
export class CodexFrameError extends Error { }

/**
 * Reassembles frames from arbitrary chunks. A frame that is not a JSON object is skipped (the stream is
 * still in step); a length over the cap throws, and the caller ends the connection.
 */
export class CodexFrameReader {
    private chunks: Buffer[] = [];
    private buffered = 0;
    private expected: number | undefined;

    constructor(private readonly onMessage: (message: CodexFrameMessage) => void, private readonly maxFrameBytes = MAX_CODEX_FRAME_BYTES) { }

    /** Bytes received but not yet part of a whole frame. */
    get pendingBytes(): number {
        return this.buffered;
    }

    push(chunk: Buffer): void {
        this.chunks.push(chunk);
        this.buffered += chunk.length;
        for (;;) {
            if (this.expected === undefined) {
                if (this.buffered < HEADER_BYTES) {
                    return;
                }
                const length = this.take(HEADER_BYTES).readUInt32LE(0);
                if (length > this.maxFrameBytes) {
                    throw new CodexFrameError(`frame of ${length} bytes exceeds the limit of ${this.maxFrameBytes}`);
                }
                this.expected = length;
            }
            if (this.buffered < this.expected) {
                return;
            }
            const payload = this.take(this.expected);
            this.expected = undefined;
            const message = parseObject(payload);
            if (message) {
                this.onMessage(message);
            }
        }
    }

    private take(count: number): Buffer {
        const joined = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.buffered);
        const taken = joined.subarray(0, count);
        const rest = joined.subarray(count);
        this.chunks = rest.length > 0 ? [rest] : [];
        this.buffered = rest.length;
        return taken;
    }
}

function parseObject(payload: Buffer): CodexFrameMessage | undefined {
    try {
        const value: unknown = JSON.parse(payload.toString('utf8'));
        return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as CodexFrameMessage : undefined;
    } catch {
        return undefined;
    }
}
