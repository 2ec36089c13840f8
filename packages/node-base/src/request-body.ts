import type { IncomingMessage } from 'http';

/** Reads the body as UTF-8; undefined as soon as it passes the limit (the rest is discarded). */
export function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const onData = (chunk: Buffer) => {
            size += chunk.length;
            if (size > limit) {
                request.off('data', onData);
                chunks.length = 0;
                // Keep reading into nothing so the socket is not stuck while the answer goes out.
                request.resume();
                resolve(undefined);
            } else {
                chunks.push(chunk);
            }
        };
        request.on('data', onData);
        request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        request.on('error', reject);
    });
}

/** True when the declared Content-Length already exceeds the limit: refuse before reading a byte. */
export function declaresTooLarge(request: IncomingMessage, limit: number): boolean {
    const declared = Number(request.headers['content-length']);
    return Number.isFinite(declared) && declared > limit;
}
