// Hostile and broken requests get a clear refusal, and nothing breaks for the good client after them.
import assert from 'node:assert/strict';
import { DEFAULT_MAX_BODY_BYTES } from '@ai-cli-companion/core/node';
import { startTestEndpoint } from '../support/test-endpoint.mjs';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { INITIALIZE, rawRequest } from '../support/raw-http.mjs';
import { CliHome } from '../support/cli-home.mjs';

describe('bad input', function () {
    let sandbox, endpoint, port, token, good;

    before(async () => {
        sandbox = CliHome.create();
        endpoint = await startTestEndpoint({ host: sandbox.host, roots: [sandbox.workspace] });
        port = endpoint.port;
        token = endpoint.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN;
        good = { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    });

    after(async () => {
        await endpoint.stop();
        sandbox.cleanup();
    });

    const send = (headers, body = INITIALIZE, extra = {}) => rawRequest({ port, headers, body, ...extra });

    it('a missing, malformed or wrong token gets 401 with a JSON reason', async () => {
        const { authorization, ...noAuth } = good;
        for (const headers of [noAuth, { ...good, authorization: 'Bearer' }, { ...good, authorization: `Token ${token}` },
            { ...good, authorization: `Bearer ${token} extra` }, { ...good, authorization: 'Bearer wrong-token' },
            { ...good, authorization: `Bearer ${token.slice(0, -1)}` }]) {
            const response = await send(headers);
            assert.equal(response.status, 401, JSON.stringify(headers.authorization ?? authorization === undefined));
            assert.match(response.json.error, /token|Authorization/i);
        }
    });

    it('a token of another client profile cannot use a gemini session', async () => {
        const init = await send(good);
        const sessionId = init.headers['mcp-session-id'];
        assert.ok(sessionId);
        const qwenToken = endpoint.status().files.length && await import('node:fs').then(fs =>
            JSON.parse(fs.readFileSync(endpoint.status().files.find(f => f.endsWith('.lock')), 'utf8')).authToken);
        const response = await send({ ...good, authorization: `Bearer ${qwenToken}`, 'mcp-session-id': sessionId },
            JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
        assert.equal(response.status, 404);
    });

    it('any Origin header gets 403', async () => {
        for (const origin of ['http://evil.example', `http://127.0.0.1:${port}`, 'null']) {
            const response = await send({ ...good, origin });
            assert.equal(response.status, 403);
            assert.match(response.json.error, /Origin/);
        }
    });

    it('a foreign Host gets 403 (DNS rebinding)', async () => {
        for (const host of ['evil.example:' + port, `127.0.0.1:${port + 1}`, 'localhost']) {
            const response = await send({ ...good, host });
            assert.equal(response.status, 403, host);
            assert.match(response.json.error, /Host/);
        }
    });

    it('a body over the limit gets 413, declared or streamed', async () => {
        const big = 'x'.repeat(DEFAULT_MAX_BODY_BYTES + 1);
        const declared = await send({ ...good, 'content-length': Buffer.byteLength(big) }, big);
        assert.equal(declared.status, 413);
        const chunked = await send({ ...good, 'transfer-encoding': 'chunked' }, big);
        assert.ok(chunked.status === 413 || chunked.status === 'reset', String(chunked.status));
    });

    it('a 10 MB proposal is accepted', async () => {
        const init = await send(good);
        const sessionId = init.headers['mcp-session-id'];
        const body = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'closeDiff', arguments: { filePath: '/x'.repeat(5 * 1024 * 1024) } } });
        const response = await send({ ...good, 'mcp-session-id': sessionId }, body);
        assert.equal(response.status, 200);
        assert.deepEqual(JSON.parse(response.json.result.content[0].text), {});
    });

    it('invalid JSON gets 400 with a JSON-RPC parse error; invalid JSON-RPC gets 400 invalid request', async () => {
        const parse = await send(good, '{"jsonrpc": "2.0", ');
        assert.equal(parse.status, 400);
        assert.equal(parse.json.error.code, -32700);
        for (const body of ['[]', '42', '{"id":1,"method":"x"}', '{"jsonrpc":"2.0","id":{},"method":"x"}', '[{"jsonrpc":"2.0","method":"a"},"x"]']) {
            const invalid = await send(good, body);
            assert.equal(invalid.status, 400, body);
            assert.equal(invalid.json.error.code, -32600, body);
        }
    });

    it('requests without or with an unknown session are refused, as are wrong paths and methods', async () => {
        const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
        assert.equal((await send(good, list)).status, 400);
        assert.equal((await send({ ...good, 'mcp-session-id': 'no-such-session' }, list)).status, 404);
        assert.equal((await send(good, INITIALIZE, { path: '/other' })).status, 404);
        assert.equal((await send(good, undefined, { method: 'PUT' })).status, 405);
        assert.equal((await send({ ...good, 'content-type': 'text/plain' })).status, 415);
        assert.equal((await send({ ...good, accept: 'application/json' }, undefined, { method: 'GET' })).status, 406);
    });

    it('after 1,000 bad requests a good client still connects and works', async function () {
        this.timeout(120_000);
        const bad = [
            () => send({ ...good, authorization: 'Bearer nope' }),
            () => send({ ...good, origin: 'http://evil.example' }),
            () => send({ ...good, host: 'evil.example' }),
            () => send(good, '{broken'),
            () => send(good, '{"jsonrpc":"2.0"}'),
            () => send({ ...good, 'mcp-session-id': 'x' }, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
        ];
        for (let i = 0; i < 1000; i += 20) {
            const statuses = await Promise.all(Array.from({ length: 20 }, (_, j) => bad[(i + j) % bad.length]()).map(p => p.then(r => r.status)));
            assert.ok(statuses.every(status => status >= 400 && status < 500), statuses.join(','));
        }
        const client = await IdeClientProcess.start({ cwd: sandbox.workspace, env: sandbox.processEnv(endpoint.terminalEnv()) });
        try {
            const state = await client.request('connect');
            assert.equal(state.status, 'connected');
            assert.equal(state.diffing, true);
        } finally {
            await client.stop();
        }
    });
});
