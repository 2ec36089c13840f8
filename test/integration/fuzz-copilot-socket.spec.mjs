// Property-based fuzzing of the Copilot CLI server (MCP Streamable HTTP on a Unix socket, in its own
// process): random request lines, headers and bodies, some with the lock's nonce. It may not crash, leave
// a request unanswered, or answer 2xx without the nonce. Bounded in runs and time so it fits a CI run.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { extraHeaders, fuzzServer, printable, requestBytes, startServerProcess, unicode } from '../support/http-fuzz.mjs';

const CHILD = fileURLToPath(new URL('../support/copilot-server-child.mjs', import.meta.url));
const INITIALIZE = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}';

/** Biased towards what matters: /mcp, its methods, the nonce right and nearly right, MCP bodies. */
function requestArbitrary(nonce) {
    const target = fc.oneof(fc.constantFrom('/mcp', '/mcp?x=1', '//', '*', '/%', '/..', '/mcp/../mcp'), printable.map(text => `/${text}`), unicode.map(text => `/${encodeURI(text)}`));
    const method = fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE', 'OPTIONS', 'PUT'), fc.stringMatching(/^[A-Z]{1,8}$/));
    const auth = fc.constantFrom('none', 'right', 'wrong', 'bearer', 'empty', 'prefix', 'lower');
    const host = fc.constantFrom('localhost', '127.0.0.1:1', 'evil.example', '', undefined);
    const session = fc.constantFrom(undefined, 'nope', '00000000-0000-4000-8000-000000000000');
    const tool = fc.record({ name: fc.constantFrom('get_vscode_info', 'get_selection', 'get_diagnostics', 'close_diff', 'update_session_name', 'x'), arguments: fc.jsonValue({ maxDepth: 2 }) });
    const body = fc.oneof(
        fc.constant(''), printable, unicode,
        fc.jsonValue({ maxDepth: 3 }).map(value => JSON.stringify(value)),
        tool.map(params => JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params })),
        fc.constant(INITIALIZE)
    );
    const contentType = fc.constantFrom(undefined, 'application/json', 'text/plain');
    const accept = fc.constantFrom(undefined, 'application/json, text/event-stream', 'text/event-stream');
    return fc.record({ target, method, auth, host, session, extra: extraHeaders, body, contentType, accept }).map(request => ({
        ...request,
        authorization: {
            none: undefined, right: `Nonce ${nonce}`, wrong: 'Nonce wrong-nonce-0123456789', bearer: `Bearer ${nonce}`,
            empty: 'Nonce', prefix: `Nonce ${nonce.slice(0, -1)}`, lower: `nonce ${nonce}`
        }[request.auth]
    }));
}

function toBytes(request) {
    return requestBytes(request, [
        ['Host', request.host], ['Authorization', request.authorization], ['Content-Type', request.contentType],
        ['Accept', request.accept], ['Mcp-Session-Id', request.session]
    ], ['accept', 'mcp-session-id']);
}

fuzzServer({
    title: 'fuzzing the Copilot CLI server (Unix socket)', tmpPrefix: 'fuzz-copilot-',
    start: root => startServerProcess([CHILD, root], { PATH: process.env.PATH, HOME: root }),
    address: server => ({ path: server.socketPath }),
    secret: 'nonce', wall: 'the nonce', refusals: [401],
    requests: server => requestArbitrary(server.nonce),
    toBytes,
    wellFormed: server => ({
        method: 'POST', target: '/mcp', host: 'localhost', authorization: `Nonce ${server.nonce}`, contentType: 'application/json',
        accept: 'application/json, text/event-stream', extra: [], body: INITIALIZE
    })
});
