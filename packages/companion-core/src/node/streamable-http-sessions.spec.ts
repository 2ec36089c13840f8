import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { CompanionEndpoint } from './companion-endpoint';
import { McpHttpServer } from './mcp-http-server';
import { ManualClock } from '../test/manual-clock';
import { RawMcpClient } from '../test/raw-mcp-client';

/** Raw Streamable HTTP against the endpoint: what the CLIs' SDK transport does, step by step. */
describe('Streamable HTTP sessions', () => {
    let root: string;
    let endpoint: CompanionEndpoint;
    let clock: ManualClock;

    beforeEach(async () => {
        root = tempFolder('mcp-http-spec-');
        clock = new ManualClock();
        endpoint = new CompanionEndpoint({
            ideInfo: { name: 'theia', displayName: 'Spec IDE' },
            host: { env: {}, homedir: root, tmpdir: root },
            http: { keepAliveMs: 50, reconnectGraceMs: 100, clock }
        });
        await endpoint.start();
        endpoint.setWorkspace({ roots: [root] });
    });

    afterEach(async () => {
        await endpoint.stop();
        removeFolder(root);
    });

    const client = () => new RawMcpClient(endpoint.port, endpoint.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN);
    const post = (body: unknown, extra: Record<string, string> = {}) => client().post(body, extra);
    const initialize = (protocolVersion: string) => client().initialize(protocolVersion);
    const openStream = async (session: string) => {
        const stream = await client().openStream(session);
        return { response: stream.response, text: () => stream.raw, close: stream.close, waitFor: stream.waitFor.bind(stream), waitForText: stream.waitForText.bind(stream) };
    };

    it('negotiates the protocol versions Gemini CLI and Qwen Code send', async () => {
        assert.strictEqual((await initialize('2025-06-18')).version, '2025-06-18');
        assert.strictEqual((await initialize('2025-11-25')).version, '2025-11-25');
    });

    it('lists both tools with object input schemas', async () => {
        const { session } = await initialize('2025-06-18');
        const tools = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': session });
        assert.deepStrictEqual(tools.json.result.tools.map((t: { name: string }) => t.name).sort(), ['closeDiff', 'openDiff']);
        assert.ok(tools.json.result.tools.every((t: { inputSchema: { type: string } }) => t.inputSchema.type === 'object'));
    });

    it('sends the current context first on the event stream, then keep-alives', async () => {
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: '/x/a.ts', timestamp: 1 }] } });
        const { session } = await initialize('2025-06-18');
        const stream = await openStream(session);
        await stream.waitForText(': keepalive');
        const text = stream.text();
        assert.match(text.split('\n\n')[0], /^event: message\ndata: \{"jsonrpc":"2.0","method":"ide\/contextUpdate","params":\{"workspaceState":\{"openFiles":\[\{"path":"\/x\/a.ts"/);
        assert.ok(text.includes(': keepalive'), text);
        stream.close();
    });

    it('refuses a context the client would reject and keeps serving the last good one', async () => {
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: '/x/good.ts', timestamp: 1 }] } });
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: '/x/bad.ts', timestamp: 2, isActive: true, cursor: { line: 0, character: 0 } }] } });
        assert.match(endpoint.status().lastError ?? '', /schema/);
        const { session } = await initialize('2025-06-18');
        const stream = await openStream(session);
        await stream.waitFor(m => m.method === 'ide/contextUpdate');
        assert.match(stream.text(), /good\.ts/);
        assert.doesNotMatch(stream.text(), /bad\.ts/);
        stream.close();
    });

    it('allows one stream per session and drops the session once its stream is gone', async () => {
        const { session } = await initialize('2025-06-18');
        const stream = await openStream(session);
        const second = await openStream(session);
        assert.strictEqual(second.response.statusCode, 409);
        assert.strictEqual(endpoint.status().sessions.length, 1);
        stream.close();
        await until(() => endpoint.status().sessions[0]?.streaming === false, 'the endpoint to see the stream gone');
        clock.advance(99);
        assert.strictEqual(endpoint.status().sessions.length, 1, 'still within the reconnect grace');
        clock.advance(1);
        await until(() => endpoint.status().sessions.length === 0, 'the session dropped after the grace');
        const late = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-session-id': session });
        assert.strictEqual(late.status, 404);
    });

    it('answers a batch with one array and ping like any request', async () => {
        const { session } = await initialize('2025-06-18');
        const batch = await post([{ jsonrpc: '2.0', id: 'a', method: 'ping' }, { jsonrpc: '2.0', id: 'b', method: 'tools/list' }] as unknown as object,
            { 'mcp-session-id': session });
        assert.deepStrictEqual(batch.json.map((r: { id: string }) => r.id), ['a', 'b']);
    });

    it('reports the client port of the session\'s event stream, so the IDE can find the CLI process', async () => {
        const { session } = await initialize('2025-06-18');
        const stream = await openStream(session);
        assert.strictEqual(endpoint.status().sessions[0].remotePort, stream.response.socket.localPort);
        stream.close();
    });
});

describe('McpHttpServer limits', () => {
    let server: McpHttpServer | undefined;
    let endpoint: CompanionEndpoint | undefined;
    let root: string;
    let clock: ManualClock;

    beforeEach(() => {
        root = tempFolder('mcp-limits-spec-');
        clock = new ManualClock();
    });
    afterEach(async () => {
        await server?.close();
        await endpoint?.stop();
        server = endpoint = undefined;
        removeFolder(root);
    });

    async function endpointClient(http: { maxSessions?: number; idleSessionMs?: number }): Promise<RawMcpClient> {
        endpoint = new CompanionEndpoint({ ideInfo: { name: 'theia', displayName: 'Spec IDE' }, host: { env: {}, homedir: root, tmpdir: root }, http: { ...http, clock } });
        await endpoint.start({ roots: [root] });
        return new RawMcpClient(endpoint.port, endpoint.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN);
    }

    const initializeBody = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'spec', version: '1' } } };

    it('evicts the oldest idle session past the cap, and refuses with 503 and a reason when every session has its stream', async () => {
        const client = await endpointClient({ maxSessions: 2 });
        const first = await client.post(initializeBody);
        const second = await client.post(initializeBody);
        const third = await client.post(initializeBody);
        assert.strictEqual(third.status, 200, 'the oldest idle session makes room');
        assert.deepStrictEqual(endpoint!.status().sessions.map(s => s.id).sort(), [second.session, third.session].sort());
        const streams = await Promise.all([second.session!, third.session!].map(id => client.openStream(id)));
        const refused = await client.post(initializeBody);
        assert.strictEqual(refused.status, 503);
        assert.match(refused.json.error.message, /Too many open sessions/);
        assert.strictEqual(endpoint!.status().sessions.length, 2);
        await new Promise<void>((resolve, reject) => {
            const request = http.request({ host: '127.0.0.1', port: client.port, method: 'DELETE', path: '/mcp', headers: { ...client.headers, 'mcp-session-id': second.session! } }, response => {
                response.resume();
                response.on('end', resolve);
            });
            request.on('error', reject);
            request.end();
        });
        assert.strictEqual((await client.post(initializeBody)).status, 200);
        streams.forEach(stream => stream.close());
        assert.ok(first.session);
    });

    it('caps sessions per token: 70 initialize calls with Qwen\'s token leave Gemini\'s room alone', async () => {
        await endpointClient({});
        // Qwen Code reads its token from its lock file (~/.qwen/ide/<port>.lock), as any program can that runs as the user.
        const lockFile = endpoint!.status().files.find(file => file.endsWith(`${endpoint!.port}.lock`))!;
        const qwen = new RawMcpClient(endpoint!.port, JSON.parse(fs.readFileSync(lockFile, 'utf8')).authToken);
        const gemini = new RawMcpClient(endpoint!.port, endpoint!.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN);
        for (let i = 0; i < 70; i++) {
            assert.strictEqual((await qwen.post(initializeBody)).status, 200, `qwen initialize ${i}`);
        }
        const sessions = endpoint!.status().sessions;
        assert.ok(sessions.filter(s => s.clientId === 'qwen').length <= 16, `qwen holds ${sessions.length} sessions`);
        for (let i = 0; i < 3; i++) {
            const answer = await gemini.post(initializeBody);
            assert.strictEqual(answer.status, 200, JSON.stringify(answer.json));
        }
    });

    it('drops sessions that never open a stream and stay idle', async () => {
        const client = await endpointClient({ idleSessionMs: 100 });
        await client.post(initializeBody);
        assert.strictEqual(endpoint!.status().sessions.length, 1);
        clock.advance(100);
        assert.strictEqual(endpoint!.status().sessions.length, 1, 'idle for exactly the limit is not over it');
        clock.advance(100);
        await until(() => endpoint!.status().sessions.length === 0, 'the idle session dropped');
    });

    it('forgets a session whose protocol fails to start, so it holds no place', async () => {
        const token = 'spec-token';
        server = new McpHttpServer({ tokens: new Map([['gemini', token]]), maxSessions: 1, connectSession: async () => { throw new Error('boom'); } });
        const client = new RawMcpClient(await server.listen(), token);
        for (let i = 0; i < 3; i++) {
            const refused = await client.post(initializeBody);
            assert.strictEqual(refused.status, 503);
            assert.match(refused.json.error.message, /boom/);
        }
        assert.strictEqual(server.sessionList.length, 0);
    });
});
