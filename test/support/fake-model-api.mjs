import http from 'node:http';
import { AwaitableLog } from './ipc.mjs';

/**
 * What the loopback fakes of model APIs share: the server on 127.0.0.1, the log of requests to wait
 * on, held responses (a model that hangs), and reading a request's JSON body. Subclasses answer in
 * `respond(req, res, { raw, body, url })` and describe requests for the log in `describe(...)`.
 */
export class FakeModelApi {
    constructor(name) {
        this.name = name;
        this.held = new Set();
        /** Every request seen, as `describe` returns it. */
        this.log = new AwaitableLog();
        this.server = http.createServer((req, res) => this.handle(req, res));
    }

    listen() {
        return new Promise((resolve, reject) => {
            this.server.once('error', reject);
            this.server.listen(0, '127.0.0.1', () => resolve(this));
        });
    }

    get port() {
        return this.server.address().port;
    }

    get requests() {
        return this.log.items;
    }

    /** Resolves with the first request (seen or future) matching the predicate. */
    waitForRequest(predicate, timeoutMs = 60_000) {
        return this.log.waitFor(predicate, timeoutMs, () => `No matching request to the fake ${this.name} within ${timeoutMs} ms; ` +
            `saw: ${this.requests.map(r => `${r.method} ${r.url}`).join(', ') || 'none'}`);
    }

    /** Keeps a response open with headers only until `releaseHeld()`. */
    hold(res) {
        this.held.add(res);
        res.once('close', () => this.held.delete(res));
        res.flushHeaders();
    }

    /** Ends every response held open by a `{ hold: true }` reply. */
    releaseHeld() {
        for (const res of this.held) {
            res.destroy();
        }
        this.held.clear();
    }

    async close() {
        this.releaseHeld();
        this.server.closeAllConnections?.();
        await new Promise(resolve => this.server.close(() => resolve()));
    }

    async handle(req, res) {
        let raw = '';
        for await (const chunk of req) {
            raw += chunk;
        }
        let body;
        try {
            body = raw ? JSON.parse(raw) : undefined;
        } catch {
            body = raw;
        }
        const url = new URL(req.url, 'http://fake');
        const request = this.describe(req, url, body);
        this.log.push(request);
        return this.respond(req, res, { raw, body, url, request });
    }
}

export function sendJson(res, status, json) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
}
