// Diagnostic, not part of run-all: what one tools/call costs on the server, piece by piece and
// without HTTP, measured in this process (CPU time per call, µs). Helps to see where the
// companion endpoint spends the time the round-trip bench shows over a bare echo server.
//   node bench/support/roundtrip-breakdown.mjs [--n=20000]
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { REPO_DIR, fmt, loadCore, numberArg, table } from './common.mjs';

const n = numberArg('n', 20000);
const core = await loadCore();
const coreRequire = createRequire(path.join(REPO_DIR, 'packages/companion-core/package.json'));
const types = coreRequire('@modelcontextprotocol/sdk/types.js');

function fakeResponse(onEnd) {
    return {
        headersSent: false, destroyed: false,
        writeHead() { this.headersSent = true; return this; },
        end(text) { onEnd(text); return this; },
        once() { return this; }
    };
}

async function timeAsync(label, fn, count = n) {
    for (let i = 0; i < Math.min(2000, count); i++) { await fn(i); }
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < count; i++) { await fn(i); }
    return [label, fmt(Number(process.hrtime.bigint() - t0) / 1000 / count, 2)];
}
function timeSync(label, fn, count = n) {
    for (let i = 0; i < Math.min(2000, count); i++) { fn(i); }
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < count; i++) { fn(i); }
    return [label, fmt(Number(process.hrtime.bigint() - t0) / 1000 / count, 2)];
}

const tokens = new Map([['gemini', core.generateToken()], ['qwen', core.generateToken()]]);
const guard = new core.RequestGuard(4242, tokens);
const headers = { host: '127.0.0.1:4242', authorization: `Bearer ${tokens.get('gemini')}` };
const closeBody = id => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"closeDiff","arguments":{"filePath":"/workspace/src/example.ts"}}}`;
const message = JSON.parse(closeBody(1));

// One session: SessionTransport + the companion's McpServer, initialised.
const transport = new core.SessionTransport('bench-session');
const server = core.createCompanionMcpServer({
    session: { id: 'bench-session', owner: 'gemini' }, serverVersion: '0.0.0',
    diffHandler: () => ({ openDiff: async () => { }, closeDiff: async () => 'text' })
});
await server.connect(transport);
const post = (body) => new Promise(resolve => {
    const parsed = core.parseMessages(body);
    transport.handlePost(parsed.messages, parsed.kinds, parsed.batch, fakeResponse(resolve));
});
await post(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'b', version: '0' } } }));
transport.handlePost([{ jsonrpc: '2.0', method: 'notifications/initialized' }], ['notification'], false, fakeResponse(() => { }));

let id = 1;
const rows = [['step (per call)', 'µs']];
rows.push(timeSync('baseline: JSON.parse body + JSON.stringify reply (what the echo does)', i => JSON.stringify({ result: { content: [] }, jsonrpc: '2.0', id: JSON.parse(closeBody(i)).id })));
rows.push(timeSync('RequestGuard.check (sha256 of the bearer + timingSafeEqual × tokens)', () => guard.check(headers)));
rows.push(timeSync('parseMessages (JSON.parse + structural check)', i => core.parseMessages(closeBody(i))));
rows.push(timeSync('SDK guard isJSONRPCResultResponse (zod safeParse)', () => types.isJSONRPCResultResponse(message)));
rows.push(timeSync('SDK guard isJSONRPCErrorResponse (zod safeParse)', () => types.isJSONRPCErrorResponse(message)));
rows.push(timeSync('SDK guard isJSONRPCRequest (zod safeParse)', () => types.isJSONRPCRequest(message)));
rows.push(timeSync('zod CallToolRequestSchema.safeParse (done twice per call)', () => types.CallToolRequestSchema.safeParse(message)));
rows.push(timeSync('zod CallToolResultSchema.safeParse (reply check)', () => types.CallToolResultSchema.safeParse({ content: [{ type: 'text', text: '{"content":"text"}' }] })));
rows.push(timeSync('new AbortController() (one per request in Protocol._onrequest)', () => new AbortController()));
rows.push(await timeAsync('SessionTransport.handlePost → McpServer → reply: ping', () => post(`{"jsonrpc":"2.0","id":${id++},"method":"ping"}`)));
rows.push(await timeAsync('SessionTransport.handlePost → McpServer → reply: tools/call closeDiff', () => post(closeBody(id++))));
const big = 'x'.repeat(100 * 1024);
const openBody = i => JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'openDiff', arguments: { filePath: '/w/a.ts', newContent: big } } });
rows.push(await timeAsync('SessionTransport.handlePost → McpServer → reply: tools/call openDiff 100 KB (incl. parse)', () => post(openBody(id++)), 2000));
rows.push(timeSync('JSON.parse of the 100 KB openDiff body (the echo pays this too)', i => JSON.parse(openBody(i)), 2000));
console.log(table(rows));
await server.close();
