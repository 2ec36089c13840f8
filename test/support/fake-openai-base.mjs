import { FakeModelApi, sendJson } from './fake-model-api.mjs';

/**
 * What the loopback fakes of OpenAI's two APIs (chat completions, Responses) share: the base URL (ending
 * in /v1), the script queue of replies (unscripted calls answer `defaultText`), the one model that
 * `GET /v1/models` lists, a 404 for anything but a POST to their `endpoint`, the request log's shape and
 * OpenAI's error body. Subclasses take `(defaultText, model)` and answer the endpoint in `answer`.
 */
export class FakeOpenAiBase extends FakeModelApi {
    static start({ defaultText = 'ok', model = 'fake-model' } = {}) {
        return new this(defaultText, model).listen();
    }

    constructor(name, endpoint, defaultText, model) {
        super(name);
        this.endpoint = endpoint;
        this.defaultText = defaultText;
        this.model = model;
        this.queue = [];
    }

    /** What to give the client as its base URL (OPENAI_BASE_URL, a provider's `base_url`). */
    get baseUrl() {
        return `http://127.0.0.1:${this.port}/v1`;
    }

    /** Scripts the next replies, in order. */
    enqueue(...replies) {
        this.queue.push(...replies);
        return this;
    }

    /** Logged as { method, url (the path), body, headers }. */
    describe(req, url, body) {
        return { method: req.method, url: url.pathname, body, headers: req.headers };
    }

    async respond(req, res, { body, url }) {
        if (req.method === 'GET' && url.pathname.endsWith('/models')) {
            return sendJson(res, 200, { object: 'list', data: [{ id: this.model, object: 'model', owned_by: 'fake' }] });
        }
        if (req.method !== 'POST' || !url.pathname.endsWith(this.endpoint)) {
            return sendOpenAiError(res, { status: 404, message: `fake ${this.name} has no ${req.method} ${url.pathname}` });
        }
        return this.answer(res, this.queue.shift() ?? { text: this.defaultText }, body);
    }
}

/** An HTTP error with OpenAI's body: `{ error: { message, type, code } }`. */
export function sendOpenAiError(res, { status = 500, message = 'fake error' }) {
    const types = { 400: 'invalid_request_error', 401: 'authentication_error', 404: 'not_found_error', 429: 'rate_limit_error' };
    sendJson(res, status, { error: { message, type: types[status] ?? 'server_error', code: null } });
}
