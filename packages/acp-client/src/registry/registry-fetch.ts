import * as fs from 'fs';
import * as path from 'path';
import { Readable } from 'stream';
import { fileURLToPath } from 'url';

export interface FetchLimits {
    /** The whole transfer is aborted when no byte arrives for this long (a slow but moving download goes on). */
    readonly timeoutMs: number;
    /** Bytes beyond this abort the transfer. */
    readonly maxBytes: number;
}

export class FetchError extends Error { }

/** What a source gave: its bytes (or `notModified` for an ETag that still matches) and its ETag. */
export type FetchResult = { readonly notModified: true } | { readonly notModified: false; readonly etag?: string };

/**
 * Reads an http(s) URL, a `file:` URL or an absolute path and hands each chunk to `onChunk`, within the
 * limits. `etag` makes the request conditional (If-None-Match): a 304 gives `notModified`.
 */
export async function fetchSource(source: string, limits: FetchLimits, onChunk: (chunk: Buffer) => void | Promise<void>, etag?: string): Promise<FetchResult> {
    const file = localPathOf(source);
    if (file !== undefined) {
        await readLocal(file, limits, onChunk);
        return { notModified: false };
    }
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(), limits.timeoutMs);
    };
    arm();
    try {
        let response: Response;
        try {
            response = await fetch(source, {
                signal: controller.signal, redirect: 'follow',
                headers: { 'user-agent': 'ai-cli-companion', accept: '*/*', ...(etag ? { 'if-none-match': etag } : {}) }
            });
        } catch (error) {
            throw new FetchError(controller.signal.aborted
                ? `${source} did not answer within ${limits.timeoutMs} ms.`
                : `${source} could not be reached: ${causeOf(error)}`);
        }
        if (response.status === 304 && etag) {
            await response.body?.cancel();
            return { notModified: true };
        }
        if (!response.ok) {
            await response.body?.cancel();
            throw new FetchError(`${source} answered ${response.status} ${response.statusText}.`);
        }
        const declared = Number(response.headers.get('content-length'));
        if (declared > limits.maxBytes) {
            await response.body?.cancel();
            throw new FetchError(`${source} is ${declared} bytes, more than the limit of ${limits.maxBytes}.`);
        }
        let received = 0;
        try {
            for await (const chunk of response.body ? Readable.fromWeb(response.body as import('stream/web').ReadableStream<Uint8Array>) : []) {
                arm();
                received += chunk.length;
                if (received > limits.maxBytes) {
                    controller.abort();
                    throw new FetchError(`${source} sent more than the limit of ${limits.maxBytes} bytes.`);
                }
                await onChunk(chunk as Buffer);
            }
        } catch (error) {
            if (error instanceof FetchError) {
                throw error;
            }
            throw new FetchError(controller.signal.aborted
                ? `${source} stopped sending for ${limits.timeoutMs} ms.`
                : `${source} broke off: ${causeOf(error)}`);
        }
        return { notModified: false, etag: response.headers.get('etag') ?? undefined };
    } finally {
        clearTimeout(timer);
    }
}

/** fetchSource into memory, for small things (the registry file, icons). */
export async function fetchBytes(source: string, limits: FetchLimits, etag?: string): Promise<{ notModified: true } | { notModified: false; body: Buffer; etag?: string }> {
    const chunks: Buffer[] = [];
    const result = await fetchSource(source, limits, chunk => { chunks.push(chunk); }, etag);
    return result.notModified ? result : { ...result, body: Buffer.concat(chunks) };
}

/** The local file a source names (`file:` URL or absolute path), or undefined for a remote URL. */
export function localPathOf(source: string): string | undefined {
    if (source.startsWith('file:')) {
        try {
            return fileURLToPath(source);
        } catch (error) {
            throw new FetchError(`${source} is not a usable file URL: ${(error as Error).message}`);
        }
    }
    if (path.isAbsolute(source)) {
        return source;
    }
    if (/^https?:\/\//i.test(source)) {
        return undefined;
    }
    throw new FetchError(`"${source}" is neither an http(s) URL, a file: URL nor an absolute path.`);
}

async function readLocal(file: string, limits: FetchLimits, onChunk: (chunk: Buffer) => void | Promise<void>): Promise<void> {
    let handle: fs.promises.FileHandle;
    try {
        handle = await fs.promises.open(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    } catch (error) {
        throw new FetchError(`${file} could not be read: ${causeOf(error)}`);
    }
    try {
        const stat = await handle.stat();
        // A FIFO or device would block or never end.
        if (!stat.isFile()) {
            throw new FetchError(`${file} is not a regular file.`);
        }
        if (stat.size > limits.maxBytes) {
            throw new FetchError(`${file} is ${stat.size} bytes, more than the limit of ${limits.maxBytes}.`);
        }
        let received = 0;
        for await (const chunk of handle.createReadStream({ autoClose: false })) {
            received += chunk.length;
            if (received > limits.maxBytes) {
                throw new FetchError(`${file} grew past the limit of ${limits.maxBytes} bytes while it was read.`);
            }
            await onChunk(chunk as Buffer);
        }
    } finally {
        await handle.close();
    }
}

function causeOf(error: unknown): string {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
