import { createParser } from 'eventsource-parser';
import { AwaitableLog } from './ipc.mjs';

/**
 * One streamed `/chat` as a client sees it: SSE parsed by `eventsource-parser` (a real SSE parser,
 * the one the Vercel AI SDK and OpenAI's SDK use), or NDJSON split by lines. Every event lands in
 * `events`; `frames` keeps the SSE framing (id, event name) and `comments` the keep-alives.
 */
export class ChatStream {
    static async open(api, body, { accept = 'text/event-stream', headers = {} } = {}) {
        const controller = new AbortController();
        const response = await api.fetch('/chat', {
            method: 'POST', body: { stream: true, ...body }, headers: { accept, ...headers }, signal: controller.signal
        });
        return new ChatStream(response, controller, accept.includes('ndjson') ? 'ndjson' : 'sse');
    }

    constructor(response, controller, format) {
        this.response = response;
        this.controller = controller;
        this.format = format;
        this.events = new AwaitableLog();
        this.frames = [];
        this.comments = [];
        this.done = response.ok ? this.read() : response.text().then(text => { this.errorBody = text; });
    }

    get status() {
        return this.response.status;
    }

    get contentType() {
        return this.response.headers.get('content-type');
    }

    get list() {
        return this.events.items;
    }

    types() {
        return this.list.map(event => event.type);
    }

    waitFor(type, predicate = () => true, timeoutMs = 90_000) {
        return this.events.waitFor(event => event.type === type && predicate(event), timeoutMs,
            () => `No "${type}" event within ${timeoutMs} ms; got: ${JSON.stringify(this.list)}`);
    }

    /** The turn's end: `complete` or `error`. */
    finished(timeoutMs = 120_000) {
        return this.events.waitFor(event => event.type === 'complete' || event.type === 'error', timeoutMs,
            () => `The stream did not finish within ${timeoutMs} ms; got: ${JSON.stringify(this.list)}`);
    }

    /** The client goes away mid-stream. */
    abort() {
        this.controller.abort();
    }

    text() {
        return this.list.filter(event => event.type === 'content').map(event => event.data.text).join('');
    }

    async read() {
        const decoder = new TextDecoder();
        const parser = createParser({
            onEvent: message => {
                this.frames.push({ id: message.id, event: message.event });
                this.events.push(JSON.parse(message.data));
            },
            onComment: comment => this.comments.push(comment)
        });
        let pending = '';
        try {
            for await (const chunk of this.response.body) {
                const text = decoder.decode(chunk, { stream: true });
                if (this.format === 'sse') {
                    parser.feed(text);
                    continue;
                }
                pending += text;
                let newline;
                while ((newline = pending.indexOf('\n')) >= 0) {
                    const line = pending.slice(0, newline);
                    pending = pending.slice(newline + 1);
                    if (line.trim()) {
                        this.events.push(JSON.parse(line));
                    }
                }
            }
        } catch (error) {
            if (error.name !== 'AbortError') {
                throw error;
            }
        }
    }
}
