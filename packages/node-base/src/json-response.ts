import type { IncomingMessage, ServerResponse } from 'http';

/** Sends `body` as JSON unless an answer already started; `headers` are added to the defaults. */
export function writeJson(response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
    respondRaw(response, status, JSON.stringify(body), headers);
}

/** Sends already-serialised JSON text. */
export function respondRaw(response: ServerResponse, status: number, text: string, headers?: Record<string, string>): void {
    if (response.headersSent || response.destroyed) {
        return;
    }
    response.writeHead(status, {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text)
    }).end(text);
}

/** Answers before the body is read; closing keeps a refused client from streaming a huge body at us. */
export function drainAndRespond(request: IncomingMessage, response: ServerResponse, status: number, body: unknown,
    headers?: Record<string, string>): void {
    if (!request.complete) {
        response.setHeader('connection', 'close');
    }
    writeJson(response, status, body, headers);
    request.resume();
}
