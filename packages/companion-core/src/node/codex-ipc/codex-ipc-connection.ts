import type { Socket } from 'net';
import { CodexFrameMessage, CodexFrameReader, MAX_CODEX_FRAME_BYTES, encodeCodexFrame } from './codex-ipc-frames';

export interface CodexIpcConnectionOptions {
    readonly maxFrameBytes?: number;
    /** A peer that stops reading is dropped once this much waits to be written to it. */
    readonly maxWriteBacklogBytes?: number;
    readonly onMessage: (message: CodexFrameMessage) => void;
    readonly onClose: (reason: string | undefined) => void;
}

/** One end of the Codex socket, framed: whole messages in, whole messages out, bounded both ways. */
export class CodexIpcConnection {
    private closed = false;
    private readonly reader: CodexFrameReader;
    private readonly maxBacklog: number;

    constructor(readonly socket: Socket, private readonly options: CodexIpcConnectionOptions) {
        const maxFrame = options.maxFrameBytes ?? MAX_CODEX_FRAME_BYTES;
        this.maxBacklog = options.maxWriteBacklogBytes ?? 2 * maxFrame;
        this.reader = new CodexFrameReader(message => this.deliver(message), maxFrame);
        socket.on('data', chunk => this.receive(chunk));
        socket.on('error', () => undefined); // 'close' follows and reports
        socket.on('close', () => this.finish(undefined));
        socket.on('end', () => socket.end());
    }

    get isClosed(): boolean {
        return this.closed;
    }

    send(message: CodexFrameMessage): void {
        if (this.closed || this.socket.destroyed) {
            return;
        }
        const frame = encodeCodexFrame(message);
        if (this.socket.writableLength + frame.length > this.maxBacklog) {
            this.close('the peer does not read its messages');
            return;
        }
        this.socket.write(frame);
    }

    close(reason?: string): void {
        this.finish(reason);
        this.socket.destroy();
    }

    private receive(chunk: Buffer): void {
        this.whileOpen(() => this.reader.push(chunk), error => error.message);
    }

    private deliver(message: CodexFrameMessage): void {
        this.whileOpen(() => this.options.onMessage(message), error => `message not handled: ${error.message}`);
    }

    /** Runs `step` unless the connection is closed; a step that throws (a bad frame, a handler's error) closes it, saying `why`. */
    private whileOpen(step: () => void, why: (error: Error) => string): void {
        if (this.closed) {
            return;
        }
        try {
            step();
        } catch (error) {
            this.close(why(error as Error));
        }
    }

    private finish(reason: string | undefined): void {
        if (!this.closed) {
            this.closed = true;
            this.options.onClose(reason);
        }
    }
}
