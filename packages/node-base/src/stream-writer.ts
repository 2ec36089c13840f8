import type { ServerResponse } from 'http';

export interface StreamWriterOptions {
    readonly contentType: string;
    /** Extra headers for the 200 answer (e.g. CORS). */
    readonly headers?: Record<string, string>;
    /** What to write when nothing else was written for `keepAliveMs`; none when undefined. */
    readonly keepAlive?: string;
    readonly keepAliveMs?: number;
    /** A client this far behind is cut off rather than buffered without bound. */
    readonly maxBufferedBytes?: number;
}

/**
 * A long-lived streamed answer. `write()` hands text to the socket while it keeps up; once
 * `response.write()` says the kernel buffer is full, later text waits for 'drain' (in order) and
 * keep-alives are skipped, and a client that falls `maxBufferedBytes` behind is disconnected.
 */
export class StreamWriter {
    private readonly waiting: string[] = [];
    private waitingBytes = 0;
    private blocked = false;
    private ended = false;
    private lastWrite = Date.now();
    private readonly keepAliveTimer: NodeJS.Timeout | undefined;
    private readonly closeListeners: Array<() => void> = [];
    private readonly drainWaiters: Array<() => void> = [];

    constructor(private readonly response: ServerResponse, private readonly options: StreamWriterOptions) {
        response.writeHead(200, {
            ...options.headers,
            'content-type': options.contentType,
            'cache-control': 'no-cache, no-transform',
            'x-accel-buffering': 'no',
            'connection': 'keep-alive'
        });
        response.flushHeaders();
        response.socket?.setNoDelay(true);
        response.on('drain', () => this.flush());
        response.once('close', () => this.finish());
        if (options.keepAlive !== undefined) {
            const every = options.keepAliveMs ?? 15_000;
            this.keepAliveTimer = setInterval(() => {
                if (!this.blocked && Date.now() - this.lastWrite >= every) {
                    this.write(options.keepAlive!);
                }
            }, Math.max(10, Math.floor(every / 2)));
            this.keepAliveTimer.unref();
        }
    }

    /** False once the client is gone or `end()` was called. */
    get isOpen(): boolean {
        return !this.ended;
    }

    /** True while the socket's buffer is full (`write()` returned false) until it drains. */
    get isBlocked(): boolean {
        return this.blocked && !this.ended;
    }

    /**
     * Calls `listener` once everything written so far has reached the socket (at once if nothing waits),
     * or the client left: lets a writer with its own queue (and its own dropping rules) write only then.
     */
    whenDrained(listener: () => void): void {
        if (!this.isBlocked) {
            listener();
        } else {
            this.drainWaiters.push(listener);
        }
    }

    /** Queues `text`; resolves when it has been handed to the socket (or dropped because the client left). */
    write(text: string): Promise<void> {
        if (this.ended) {
            return Promise.resolve();
        }
        this.lastWrite = Date.now();
        if (!this.blocked) {
            this.blocked = !this.response.write(text);
            return Promise.resolve();
        }
        this.waiting.push(text);
        this.waitingBytes += Buffer.byteLength(text);
        if (this.waitingBytes > (this.options.maxBufferedBytes ?? 8 * 1024 * 1024)) {
            this.response.destroy(new Error('client too slow'));
            return Promise.resolve();
        }
        return new Promise(resolve => this.drainWaiters.push(resolve));
    }

    onClose(listener: () => void): void {
        if (this.ended) {
            listener();
        } else {
            this.closeListeners.push(listener);
        }
    }

    /** Ends the answer once everything queued has been written. */
    end(): void {
        if (this.ended) {
            return;
        }
        const rest = this.waiting.splice(0).join('');
        this.response.end(rest);
        this.finish();
    }

    private flush(): void {
        this.blocked = false;
        while (this.waiting.length > 0 && !this.blocked) {
            const text = this.waiting.shift()!;
            this.waitingBytes -= Buffer.byteLength(text);
            this.blocked = !this.response.write(text);
        }
        if (this.waiting.length === 0) {
            this.drainWaiters.splice(0).forEach(resolve => resolve());
        }
    }

    private finish(): void {
        if (this.ended) {
            return;
        }
        this.ended = true;
        clearInterval(this.keepAliveTimer);
        this.waiting.length = 0;
        this.drainWaiters.splice(0).forEach(resolve => resolve());
        this.closeListeners.splice(0).forEach(listener => listener());
    }
}

export interface SseEvent {
    readonly id?: string | number;
    readonly event?: string;
    /** Serialised as JSON unless already a string; newlines become separate `data:` lines. */
    readonly data: unknown;
}

/** Server-Sent Events (`text/event-stream`) with `: keep-alive` comments. */
export class SseWriter extends StreamWriter {
    constructor(response: ServerResponse, options: Partial<StreamWriterOptions> = {}) {
        super(response, { keepAlive: ': keep-alive\n\n', ...options, contentType: 'text/event-stream; charset=utf-8' });
    }

    send(event: SseEvent): Promise<void> {
        return this.write(formatSseEvent(event));
    }

    comment(text: string): Promise<void> {
        return this.write(`: ${text.replace(/\n/g, ' ')}\n\n`);
    }
}

export function formatSseEvent({ id, event, data }: SseEvent): string {
    let frame = '';
    if (id !== undefined) {
        frame += `id: ${String(id).replace(/[\r\n]/g, '')}\n`;
    }
    if (event !== undefined) {
        frame += `event: ${event.replace(/[\r\n]/g, '')}\n`;
    }
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const line of text.split(/\r\n|\r|\n/)) {
        frame += `data: ${line}\n`;
    }
    return frame + '\n';
}

/** One JSON object per line (`application/x-ndjson`); no keep-alive, since every line must be JSON. */
export class NdjsonWriter extends StreamWriter {
    constructor(response: ServerResponse, options: Partial<StreamWriterOptions> = {}) {
        super(response, { ...options, keepAlive: undefined, contentType: 'application/x-ndjson; charset=utf-8' });
    }

    send(value: unknown): Promise<void> {
        return this.write(`${JSON.stringify(value)}\n`);
    }
}
