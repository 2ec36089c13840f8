import { FakeModelApi, sendJson } from './fake-model-api.mjs';

/**
 * A loopback fake of the Gemini REST API (generativelanguage `v1beta`), enough for Gemini CLI pointed
 * at it with GOOGLE_GEMINI_BASE_URL. Chat turns (`:streamGenerateContent`) answer from a script queue;
 * the CLI's side calls (`:generateContent`: routing, next-speaker and loop checks) have their own queue
 * so they never eat a scripted tool call.
 *
 * Replies: `{ text }`, `{ functionCall: { name, args } }`, `{ functionCalls: [...] }`, `{ parts }`
 * (raw Gemini parts) or `{ error: { status, message } }` (an HTTP error the CLI will see).
 * Chat turns may also be `{ chunks: ['Hel', 'lo.'] }` (one SSE event per chunk, a streamed answer),
 * carry `thought: '**Subject** text'` (a thought part sent first), wait `delayMs` before answering,
 * or be `{ hold: true }` (headers only, then nothing until `releaseHeld()`: a model that hangs).
 */
export class FakeGeminiApi extends FakeModelApi {
    static start({ defaultText = 'ok' } = {}) {
        return new FakeGeminiApi(defaultText).listen();
    }

    constructor(defaultText) {
        super('Gemini API');
        this.defaultText = defaultText;
        this.chatQueue = [];
        this.sideQueue = [];
    }

    /** What to give the CLI as GOOGLE_GEMINI_BASE_URL. */
    get baseUrl() {
        return `http://127.0.0.1:${this.server.address().port}`;
    }

    /** Scripts the next chat turn (`streamGenerateContent`); unscripted turns answer `defaultText`. */
    enqueue(...replies) {
        this.chatQueue.push(...replies);
        return this;
    }

    /** Scripts the next `generateContent` call (the CLI's internal JSON helper calls). */
    enqueueSide(...replies) {
        this.sideQueue.push(...replies);
        return this;
    }

    /** The chat requests, e.g. to find the `functionResponse` the CLI sent back after a tool ran. */
    get chatRequests() {
        return this.requests.filter(r => r.action === 'streamGenerateContent');
    }

    /** Logged as { method, url, model, action, body, headers }. */
    describe(req, url, body) {
        // e.g. /v1beta/models/gemini-2.5-pro:streamGenerateContent
        const match = /\/models\/([^/:]+):(\w+)$/.exec(url.pathname);
        return { method: req.method, url: req.url, model: match?.[1], action: match?.[2], body, headers: req.headers };
    }

    async respond(req, res, { raw, body, url, request }) {
        if (req.method === 'POST' && request.action === 'countTokens') {
            return sendJson(res, 200, { totalTokens: Math.ceil(raw.length / 4) });
        }
        if (req.method === 'POST' && request.action === 'streamGenerateContent') {
            const reply = this.chatQueue.shift() ?? { text: this.defaultText };
            if (reply.delayMs) {
                await new Promise(resolve => setTimeout(resolve, reply.delayMs));
            }
            if (reply.error) {
                return sendError(res, reply.error);
            }
            // One SSE event is a valid stream; the CLI concatenates parts across events.
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            if (reply.hold) {
                this.hold(res);
                return;
            }
            const events = [];
            if (reply.thought) {
                events.push(response({ parts: [{ text: reply.thought, thought: true }] }, request.model, false));
            }
            if (reply.chunks) {
                reply.chunks.forEach((text, index) => events.push(response({ text }, request.model, index === reply.chunks.length - 1)));
            } else {
                events.push(response(reply, request.model));
            }
            res.end(events.map(event => `data: ${JSON.stringify(event)}\r\n\r\n`).join(''));
            return;
        }
        if (req.method === 'POST' && request.action === 'generateContent') {
            // JSON-mode helper calls get `{}`: their parsers reject it and fall back to defaults.
            const wantsJson = body?.generationConfig?.responseMimeType === 'application/json';
            const reply = this.sideQueue.shift() ?? { text: wantsJson ? '{}' : this.defaultText };
            return reply.error ? sendError(res, reply.error) : sendJson(res, 200, response(reply, request.model));
        }
        sendError(res, { status: 404, message: `fake Gemini API has no ${req.method} ${url.pathname}` });
    }
}

function response(reply, model, last = true) {
    const parts = reply.parts
        ?? (reply.functionCalls ?? (reply.functionCall ? [reply.functionCall] : undefined))?.map(functionCall => ({ functionCall }))
        ?? [{ text: reply.text ?? '' }];
    return {
        candidates: [{ content: { role: 'model', parts }, ...(last ? { finishReason: 'STOP' } : {}), index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
        modelVersion: model
    };
}


function sendError(res, { status = 500, message = 'fake error' }) {
    const codes = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED' };
    sendJson(res, status, { error: { code: status, message, status: codes[status] ?? 'INTERNAL' } });
}
