// Property-based fuzzing of the Copilot CLI server (MCP Streamable HTTP on a Unix socket, in its own
// process): random request lines, headers and bodies, some with the lock's nonce. It may not crash, leave
// a request unanswered, or answer 2xx without the nonce. Bounded in runs and time so it fits a CI run.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

const CHILD = fileURLToPath(new URL('../support/copilot-server-child.mjs', import.meta.url));
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_MS ?? 20_000);
const ANSWER_DEADLINE_MS = 10_000;
const INITIALIZE = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}';

function startServer(root) {
    const child = spawn(process.execPath, [CHILD, root], { env: { PATH: process.env.PATH, HOME: root }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', chunk => { stderr += chunk; });
    return new Promise((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', chunk => {
            stdout += chunk;
            if (stdout.includes('\n')) {
                resolve({ child, ...JSON.parse(stdout.slice(0, stdout.indexOf('\n'))), stderr: () => stderr });
            }
        });
        child.once('exit', code => reject(new Error(`the server exited with ${code} before it listened: ${stderr}`)));
    });
}

/** Sends raw bytes on the socket; resolves with the first answer's status, or 'closed' if the server hung up without one. */
function exchange(socketPath, bytes) {
    return new Promise((resolve, reject) => {
        const socket = net.connect({ path: socketPath });
        let text = '';
        const timer = setTimeout(() => {
            socket.destroy();
            reject(new Error(`no answer within ${ANSWER_DEADLINE_MS} ms`));
        }, ANSWER_DEADLINE_MS);
        const settle = () => {
            clearTimeout(timer);
            socket.destroy();
            const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
            resolve(status ? Number(status) : 'closed');
        };
        socket.on('connect', () => socket.write(bytes));
        socket.setEncoding('latin1');
        socket.on('data', chunk => {
            text += chunk;
            if (text.includes('\r\n')) {
                settle();
            }
        });
        socket.on('end', settle);
        socket.on('error', settle);
    });
}

const printable = fc.string({ unit: fc.constantFrom(...'abcXYZ019/.%?#[]:@!$&\'()*+,;=-_~ "<>{}|\\^`'.split('')), maxLength: 40 });
const unicode = fc.string({ unit: 'grapheme', maxLength: 20 });

/** Biased towards what matters: /mcp, its methods, the nonce right and nearly right, MCP bodies. */
function requestArbitrary(nonce) {
    const target = fc.oneof(fc.constantFrom('/mcp', '/mcp?x=1', '//', '*', '/%', '/..', '/mcp/../mcp'), printable.map(text => `/${text}`), unicode.map(text => `/${encodeURI(text)}`));
    const method = fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE', 'OPTIONS', 'PUT'), fc.stringMatching(/^[A-Z]{1,8}$/));
    const auth = fc.constantFrom('none', 'right', 'wrong', 'bearer', 'empty', 'prefix', 'lower');
    const host = fc.constantFrom('localhost', '127.0.0.1:1', 'evil.example', '', undefined);
    const session = fc.constantFrom(undefined, 'nope', '00000000-0000-4000-8000-000000000000');
    const extra = fc.array(fc.tuple(fc.stringMatching(/^[a-z][a-z-]{0,15}$/), printable), { maxLength: 4 });
    const tool = fc.record({ name: fc.constantFrom('get_vscode_info', 'get_selection', 'get_diagnostics', 'close_diff', 'update_session_name', 'x'), arguments: fc.jsonValue({ maxDepth: 2 }) });
    const body = fc.oneof(
        fc.constant(''), printable, unicode,
        fc.jsonValue({ maxDepth: 3 }).map(value => JSON.stringify(value)),
        tool.map(params => JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params })),
        fc.constant(INITIALIZE)
    );
    const contentType = fc.constantFrom(undefined, 'application/json', 'text/plain');
    const accept = fc.constantFrom(undefined, 'application/json, text/event-stream', 'text/event-stream');
    return fc.record({ target, method, auth, host, session, extra, body, contentType, accept }).map(request => ({
        ...request,
        authorization: {
            none: undefined, right: `Nonce ${nonce}`, wrong: 'Nonce wrong-nonce-0123456789', bearer: `Bearer ${nonce}`,
            empty: 'Nonce', prefix: `Nonce ${nonce.slice(0, -1)}`, lower: `nonce ${nonce}`
        }[request.auth]
    }));
}

function toBytes(request) {
    const lines = [`${request.method} ${request.target} HTTP/1.1`];
    const add = (name, value) => value !== undefined && lines.push(`${name}: ${value}`);
    add('Host', request.host);
    add('Authorization', request.authorization);
    add('Content-Type', request.contentType);
    add('Accept', request.accept);
    add('Mcp-Session-Id', request.session);
    request.extra.filter(([name]) => !['host', 'content-length', 'transfer-encoding', 'authorization', 'connection', 'expect', 'accept', 'mcp-session-id'].includes(name))
        .forEach(([name, value]) => add(name, value.replace(/[\r\n]/g, '')));
    add('Connection', 'close');
    const body = Buffer.from(request.body, 'utf8');
    add('Content-Length', body.length);
    return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}

describe('fuzzing the Copilot CLI server (Unix socket)', function () {
    let server, root;
    before(async () => {
        root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-copilot-')));
        server = await startServer(root);
    });
    after(async () => {
        if (server && server.child.exitCode === null) {
            server.child.kill('SIGTERM');
            await new Promise(resolve => server.child.once('exit', resolve));
        }
        fs.rmSync(root, { recursive: true, force: true });
    });

    it('never crashes, never leaves a request unanswered, never answers 2xx without the nonce', async () => {
        const seen = new Map();
        let passed = 0;
        await fc.assert(fc.asyncProperty(requestArbitrary(server.nonce), async request => {
            const status = await exchange(server.socketPath, toBytes(request));
            seen.set(status, (seen.get(status) ?? 0) + 1);
            assert.equal(server.child.exitCode, null, `the server exited: ${server.stderr().slice(-2000)}`);
            passed += request.auth === 'right' && typeof status === 'number' && status !== 401 ? 1 : 0;
            if (request.auth !== 'right' && typeof status === 'number') {
                assert.ok(status < 200 || status >= 300, `${status} without the nonce for ${request.method} ${request.target}`);
            }
        }), { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false });
        assert.equal(server.child.exitCode, null);
        const after = await exchange(server.socketPath, toBytes({
            method: 'POST', target: '/mcp', host: 'localhost', authorization: `Nonce ${server.nonce}`, contentType: 'application/json',
            accept: 'application/json, text/event-stream', extra: [], body: INITIALIZE
        }));
        assert.equal(after, 200, `statuses seen: ${JSON.stringify([...seen])}`);
        assert.ok(passed > 0, `no request got past the nonce: ${JSON.stringify([...seen])}`);
    });
});
