import { FakeModelApi, sendJson } from './fake-model-api.mjs';

/**
 * A loopback fake of the Anthropic Messages API, enough for Claude Code pointed at it with
 * ANTHROPIC_BASE_URL (see shared/protocol/claude-code.md §10). `POST /v1/messages` answers the chat
 * turns from a script queue, streamed as SSE (`message_start`, per block `content_block_start` /
 * `_delta` / `_stop`, `message_delta`, `message_stop`), or as one JSON message without `stream`.
 * Calls that are not chat turns (no tools offered: titles, summaries) get `defaultText` and never
 * eat a scripted reply.
 *
 * Replies:
 *   { text }                                 one text block, stop_reason end_turn
 *   { toolUse: { name, input, id? } }        one tool_use block (after `text` if given), stop_reason tool_use
 *   { error: { status, message } }           an HTTP error the CLI will see
 *   { hold: true }                           headers only, then nothing until `releaseHeld()`
 *   { delayMs, … }                           any of the above, after that long (a model that takes its time)
 */
export class FakeAnthropicApi extends FakeModelApi {
    static start({ defaultText = 'ok' } = {}) {
        return new FakeAnthropicApi(defaultText).listen();
    }

    constructor(defaultText) {
        super('Anthropic API');
        this.defaultText = defaultText;
        this.queue = [];
        this.counter = 0;
    }

    /** What to give the CLI as ANTHROPIC_BASE_URL. */
    get baseUrl() {
        return `http://127.0.0.1:${this.port}`;
    }

    /** The environment Claude Code needs to use this fake (the key is not checked). */
    env(apiKey = FAKE_ANTHROPIC_KEY) {
        return { ANTHROPIC_BASE_URL: this.baseUrl, ANTHROPIC_API_KEY: apiKey };
    }

    /** Scripts the next chat turns, in order. */
    enqueue(...replies) {
        this.queue.push(...replies);
        return this;
    }

    /** Chat turns: message requests that offer tools. */
    get turns() {
        return this.requests.filter(r => r.isTurn);
    }

    /** Waits for the n-th chat turn (1-based). */
    waitForTurn(n, timeoutMs) {
        let seen = 0;
        return this.waitForRequest(r => r.isTurn && ++seen === n, timeoutMs);
    }

    describe(req, url, body) {
        const isTurn = req.method === 'POST' && url.pathname === '/v1/messages' && Array.isArray(body?.tools) && body.tools.length > 0;
        return { method: req.method, url: url.pathname, body, headers: req.headers, isTurn };
    }

    async respond(req, res, { body, url, request }) {
        if (req.method !== 'POST' || url.pathname !== '/v1/messages') {
            return sendError(res, { status: 404, message: `fake Anthropic API has no ${req.method} ${url.pathname}` });
        }
        const reply = request.isTurn ? this.queue.shift() ?? { text: this.defaultText } : { text: this.defaultText };
        if (reply.delayMs) {
            await new Promise(resolve => setTimeout(resolve, reply.delayMs));
        }
        if (reply.error) {
            return sendError(res, reply.error);
        }
        const message = messageOf(reply, body?.model ?? 'claude-fake', ++this.counter);
        if (body?.stream !== true) {
            return sendJson(res, 200, message);
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        if (reply.hold) {
            this.hold(res);
            return;
        }
        for (const [event, data] of streamEvents(message)) {
            res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        }
        res.end();
    }
}

export const FAKE_ANTHROPIC_KEY = 'sk-ant-fake-key-for-tests-0123456789';

const USAGE = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

function messageOf(reply, model, n) {
    const content = [];
    if (reply.text !== undefined) {
        content.push({ type: 'text', text: reply.text });
    }
    if (reply.toolUse) {
        content.push({ type: 'tool_use', id: reply.toolUse.id ?? `toolu_fake_${n}`, name: reply.toolUse.name, input: reply.toolUse.input ?? {} });
    }
    return {
        id: `msg_fake_${n}`, type: 'message', role: 'assistant', model, content,
        stop_reason: reply.toolUse ? 'tool_use' : 'end_turn', stop_sequence: null, usage: USAGE
    };
}

/** The SSE events of one message, as the real API streams it (tool input as input_json_delta pieces). */
function* streamEvents(message) {
    yield ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...USAGE, output_tokens: 1 } } }];
    for (const [index, block] of message.content.entries()) {
        if (block.type === 'text') {
            yield ['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }];
            yield ['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } }];
        } else {
            yield ['content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } }];
            const json = JSON.stringify(block.input);
            const half = Math.ceil(json.length / 2);
            for (const piece of [json.slice(0, half), json.slice(half)].filter(Boolean)) {
                yield ['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } }];
            }
        }
        yield ['content_block_stop', { type: 'content_block_stop', index }];
    }
    yield ['message_delta', { type: 'message_delta', delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: USAGE.output_tokens } }];
    yield ['message_stop', { type: 'message_stop' }];
}

function sendError(res, { status = 500, message = 'fake error' }) {
    const types = { 400: 'invalid_request_error', 401: 'authentication_error', 404: 'not_found_error', 429: 'rate_limit_error', 529: 'overloaded_error' };
    sendJson(res, status, { type: 'error', error: { type: types[status] ?? 'api_error', message } });
}

/** The text of the last user message of a turn (the CLI may append a system message with the context after it). */
export function lastUserText(turn) {
    const messages = turn.body?.messages ?? [];
    const user = [...messages].reverse().find(m => m.role === 'user');
    const content = typeof user?.content === 'string' ? [{ type: 'text', text: user.content }] : user?.content ?? [];
    return content.filter(block => block.type === 'text').map(block => block.text).join('\n');
}

/** Everything the model saw in a turn (user, system-role context and tool results), as one string. */
export function turnText(turn) {
    return JSON.stringify(turn.body?.messages ?? []) + JSON.stringify(turn.body?.system ?? '');
}
