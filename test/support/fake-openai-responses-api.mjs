import { FakeOpenAiBase, sendOpenAiError as sendError } from './fake-openai-base.mjs';

/**
 * A loopback fake of OpenAI's Responses API (`POST /v1/responses`, streamed as server-sent events),
 * enough for Codex (Zed's `codex-acp`), which speaks nothing else: its `wire_api = "chat"` is gone.
 * Codex is pointed at it by a `model_providers` entry with `base_url = <baseUrl>` (see `codexConfig`).
 *
 * Answers come from a script queue; unscripted calls answer `defaultText`.
 * Replies:
 *   { text } / { chunks: ['Hel', 'lo.'] }   an assistant message, as one or several text deltas
 *   { reasoning }                            a reasoning summary first (Codex shows it as a thought)
 *   { toolCalls: [{ name, args, id? }] }     function calls (args as an object or a JSON string)
 *   { toolCalls: [{ name, input, id? }] }    a freeform (custom) tool call, e.g. Codex's `apply_patch` patch text
 *   { error: { status, message } }           an HTTP error the agent will see
 *   { hold: true }                           headers only, then nothing until `releaseHeld()`
 *   { delayMs, … }                           any of the above, after that long
 */
export class FakeOpenAiResponsesApi extends FakeOpenAiBase {
    constructor(defaultText, model) {
        super('OpenAI Responses API', '/responses', defaultText, model);
        this.responseCounter = 0;
    }

    get responseRequests() {
        return this.requests.filter(r => r.method === 'POST' && r.url.endsWith('/responses'));
    }

    /**
     * A Codex `config.toml` that uses this fake as its only model provider, reading the key from
     * `envKey`, with no update check, no history file and no analytics (nothing may leave loopback).
     */
    codexConfig({ envKey = 'FAKE_OPENAI_API_KEY', approvalPolicy = 'on-request', sandboxMode = 'workspace-write' } = {}) {
        return [
            `model = "${this.model}"`,
            'model_provider = "fake"',
            `approval_policy = "${approvalPolicy}"`,
            `sandbox_mode = "${sandboxMode}"`,
            'check_for_update_on_startup = false',
            '',
            '[history]',
            'persistence = "none"',
            '',
            '[analytics]',
            'enabled = false',
            '',
            '[model_providers.fake]',
            'name = "Fake OpenAI"',
            `base_url = "${this.baseUrl}"`,
            `env_key = "${envKey}"`,
            'wire_api = "responses"',
            'request_max_retries = 0',
            'stream_max_retries = 0',
            ''
        ].join('\n');
    }

    /** One response, streamed as server-sent events. */
    async answer(res, reply, body) {
        if (reply.delayMs) {
            await new Promise(resolve => setTimeout(resolve, reply.delayMs));
        }
        if (reply.error) {
            return sendError(res, reply.error);
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        if (reply.hold) {
            this.hold(res);
            return;
        }
        const id = `resp_fake_${++this.responseCounter}`;
        for (const event of responseEvents(id, body?.model ?? this.model, reply, this.responseCounter)) {
            res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        }
        res.end();
    }
}

const USAGE = {
    input_tokens: 10, input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15
};

/** The event sequence of one streamed response: created, each output item (deltas, then done), completed. */
function* responseEvents(id, model, reply, turn) {
    const response = { id, object: 'response', model, status: 'in_progress', output: [] };
    yield { type: 'response.created', response };
    let outputIndex = 0;
    if (reply.reasoning !== undefined) {
        const item = { type: 'reasoning', id: `rs_${turn}`, summary: [{ type: 'summary_text', text: reply.reasoning }] };
        yield { type: 'response.output_item.added', output_index: outputIndex, item: { ...item, summary: [] } };
        yield { type: 'response.reasoning_summary_part.added', item_id: item.id, output_index: outputIndex, summary_index: 0 };
        yield { type: 'response.reasoning_summary_text.delta', item_id: item.id, output_index: outputIndex, summary_index: 0, delta: reply.reasoning };
        yield { type: 'response.output_item.done', output_index: outputIndex++, item };
    }
    const pieces = reply.chunks ?? (reply.text !== undefined ? [reply.text] : []);
    if (pieces.length > 0) {
        const itemId = `msg_${turn}`;
        const done = { type: 'message', id: itemId, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: pieces.join(''), annotations: [] }] };
        yield { type: 'response.output_item.added', output_index: outputIndex, item: { ...done, status: 'in_progress', content: [] } };
        for (const delta of pieces) {
            yield { type: 'response.output_text.delta', item_id: itemId, output_index: outputIndex, content_index: 0, delta };
        }
        yield { type: 'response.output_item.done', output_index: outputIndex++, item: done };
    }
    for (const [index, call] of (reply.toolCalls ?? []).entries()) {
        const callId = call.id ?? `call_${turn}_${index}`;
        const item = call.input !== undefined
            ? { type: 'custom_tool_call', id: `ctc_${turn}_${index}`, status: 'completed', name: call.name, call_id: callId, input: call.input }
            : {
                type: 'function_call', id: `fc_${turn}_${index}`, status: 'completed', name: call.name, call_id: callId,
                arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? {})
            };
        yield { type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress' } };
        yield { type: 'response.output_item.done', output_index: outputIndex++, item };
    }
    yield { type: 'response.completed', response: { ...response, status: 'completed', usage: USAGE } };
}
