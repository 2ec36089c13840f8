import { sendJson } from './fake-model-api.mjs';
import { FakeOpenAiBase, sendOpenAiError as sendError } from './fake-openai-base.mjs';

/**
 * A loopback fake of the OpenAI-compatible chat-completions API, enough for Qwen Code pointed at it
 * with OPENAI_BASE_URL=<baseUrl> (which ends in /v1), OPENAI_API_KEY and OPENAI_MODEL.
 *
 * `POST /v1/chat/completions` answers from a script queue: streamed (`stream: true`) as `data:` chunks
 * ending in `data: [DONE]`, otherwise one JSON completion. Unscripted calls answer `defaultText`.
 *
 * Replies:
 *   { text }                       one content delta
 *   { chunks: ['Hel', 'lo.'] }     several content deltas (a streamed answer)
 *   { reasoning, text? }           `reasoning_content` delta(s) first (qwen shows them as thoughts)
 *   { toolCalls: [{ name, args, id? }] }   `tool_calls` deltas, finish_reason "tool_calls"
 *   { error: { status, message } } an HTTP error the CLI will see
 *   { hold: true }                 headers only, then nothing until `releaseHeld()` (a model that hangs)
 * Any reply may add `delayMs` before its first chunk.
 */
export class FakeOpenAiApi extends FakeOpenAiBase {
    constructor(defaultText, model) {
        super('OpenAI API', '/chat/completions', defaultText, model);
        this.callCounter = 0;
    }

    /** The environment Qwen Code needs to use this fake. */
    env(apiKey = 'fake-openai-key') {
        return { OPENAI_BASE_URL: this.baseUrl, OPENAI_API_KEY: apiKey, OPENAI_MODEL: this.model };
    }

    get chatRequests() {
        return this.requests.filter(r => r.method === 'POST' && r.url.endsWith('/chat/completions'));
    }

    /** One chat completion: JSON, or streamed as `data:` chunks when the request asks for a stream. */
    async answer(res, reply, body) {
        if (reply.delayMs) {
            await new Promise(resolve => setTimeout(resolve, reply.delayMs));
        }
        if (reply.error) {
            return sendError(res, reply.error);
        }
        const id = `chatcmpl-fake-${++this.callCounter}`;
        const model = body?.model ?? this.model;
        if (body?.stream !== true) {
            return sendJson(res, 200, completion(id, model, reply, this.callCounter));
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        if (reply.hold) {
            this.hold(res);
            return;
        }
        const includeUsage = body?.stream_options?.include_usage === true;
        for (const chunk of streamChunks(id, model, reply, this.callCounter, includeUsage)) {
            res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        }
        res.end('data: [DONE]\n\n');
    }
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function toolCallsOf(reply, turn) {
    return (reply.toolCalls ?? []).map((call, index) => ({
        id: call.id ?? `call_${turn}_${index}`,
        type: 'function',
        function: { name: call.name, arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? {}) }
    }));
}

/** The streamed form: role first, then reasoning, content, tool calls, the finish reason and usage. */
function* streamChunks(id, model, reply, turn, includeUsage) {
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta, finishReason = null) => ({
        id, object: 'chat.completion.chunk', created, model,
        choices: [{ index: 0, delta, finish_reason: finishReason }]
    });
    yield chunk({ role: 'assistant', content: '' });
    for (const piece of [].concat(reply.reasoning ?? [])) {
        yield chunk({ reasoning_content: piece });
    }
    for (const piece of reply.chunks ?? (reply.text !== undefined ? [reply.text] : [])) {
        yield chunk({ content: piece });
    }
    const calls = toolCallsOf(reply, turn);
    // Real providers send the id and name first, then the arguments in pieces.
    for (const [index, call] of calls.entries()) {
        yield chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
        const args = call.function.arguments;
        const half = Math.ceil(args.length / 2);
        for (const piece of [args.slice(0, half), args.slice(half)].filter(Boolean)) {
            yield chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
        }
    }
    yield chunk({}, calls.length > 0 ? 'tool_calls' : 'stop');
    if (includeUsage) {
        yield { id, object: 'chat.completion.chunk', created, model, choices: [], usage: USAGE };
    }
}

function completion(id, model, reply, turn) {
    const calls = toolCallsOf(reply, turn);
    const text = reply.chunks ? reply.chunks.join('') : reply.text ?? '';
    const message = { role: 'assistant', content: calls.length > 0 && !text ? null : text };
    if (reply.reasoning) {
        message.reasoning_content = [].concat(reply.reasoning).join('');
    }
    if (calls.length > 0) {
        message.tool_calls = calls;
    }
    return {
        id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model,
        choices: [{ index: 0, message, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop' }],
        usage: USAGE
    };
}
