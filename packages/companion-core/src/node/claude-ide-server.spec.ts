import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import WebSocket from 'ws';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { findProfile } from '../common/client-profiles';
import { CLAUDE_SUPERSEDED_CLOSE } from '../common/claude-ide-wire';
import { CompanionEndpoint } from './companion-endpoint';

/** The HTTP status a WebSocket upgrade gets, or 101 with the agreed subprotocol. */
function upgrade(port: number, headers: Record<string, string>, protocols: string[] = ['mcp']): Promise<{ status: number; protocol?: string; socket?: WebSocket }> {
    return new Promise(resolve => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/`, protocols, { headers });
        socket.once('unexpected-response', (_request, response: http.IncomingMessage) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0 });
        });
        socket.once('open', () => resolve({ status: 101, protocol: socket.protocol, socket }));
        socket.once('error', () => undefined);
    });
}

function closeOf(socket: WebSocket): Promise<{ code: number; reason: string }> {
    return new Promise(resolve => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

/** One request and its reply on an open socket. */
function call(socket: WebSocket, message: object): Promise<{ result?: unknown; error?: unknown }> {
    return new Promise(resolve => {
        socket.once('message', data => resolve(JSON.parse(data.toString())));
        socket.send(JSON.stringify({ jsonrpc: '2.0', ...message }));
    });
}

describe('Claude Code WebSocket transport (upgrade wall, handshake, one session per window)', () => {
    let home: string;
    let endpoint: CompanionEndpoint;
    let token: string;
    const sockets: WebSocket[] = [];

    beforeEach(async () => {
        home = tempFolder('claude-ws-');
        endpoint = new CompanionEndpoint({
            ideInfo: { name: 'theia', displayName: 'Eclipse Theia' },
            profiles: [findProfile('gemini')!, findProfile('claude')!],
            host: { env: {}, homedir: home, tmpdir: home },
            backendPid: process.pid, idePid: process.pid, inContainer: false
        });
        await endpoint.start({ roots: [home] });
        token = JSON.parse(fs.readFileSync(path.join(home, '.claude', 'ide', `${endpoint.port}.lock`), 'utf8')).authToken;
    });

    afterEach(async () => {
        sockets.splice(0).forEach(socket => socket.terminate());
        await endpoint.stop();
        removeFolder(home);
    });

    const auth = () => ({ 'x-claude-code-ide-authorization': token });

    it('refuses any Origin with 403 and a missing or wrong token with 401, before the handshake', async () => {
        assert.strictEqual((await upgrade(endpoint.port, { ...auth(), origin: 'http://127.0.0.1:3000' })).status, 403);
        assert.strictEqual((await upgrade(endpoint.port, { origin: 'https://evil.example' })).status, 403);
        assert.strictEqual((await upgrade(endpoint.port, {})).status, 401);
        assert.strictEqual((await upgrade(endpoint.port, { 'x-claude-code-ide-authorization': `${token}x` })).status, 401);
        // Gemini's token is not Claude's: one profile's token never opens another transport.
        const gemini = JSON.parse(fs.readFileSync(endpoint.status().files.find(f => f.endsWith('.json'))!, 'utf8')).authToken;
        assert.strictEqual((await upgrade(endpoint.port, { 'x-claude-code-ide-authorization': gemini })).status, 401);
        assert.strictEqual(endpoint.status().sessions.length, 0);
    });

    it('a client that resets the connection after its 401 (opencode 1.18.33 does) leaves the server up', async () => {
        const net = await import('net');
        const status = await new Promise<string>((resolve, reject) => {
            const socket = net.connect(endpoint.port, '127.0.0.1', () => socket.write(
                `GET / HTTP/1.1\r\nHost: 127.0.0.1:${endpoint.port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
                'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n'));
            socket.once('data', data => {
                // An RST, not a FIN, while the server still reads: its socket gets ECONNRESET.
                socket.resetAndDestroy();
                resolve(data.toString().split('\r\n')[0]);
            });
            socket.once('error', reject);
        });
        assert.strictEqual(status, 'HTTP/1.1 401 Unauthorized');
        // The reset reached the server before this second connection is answered; an unhandled error would have ended the process.
        assert.strictEqual((await upgrade(endpoint.port, {})).status, 401);
        assert.strictEqual((await upgrade(endpoint.port, auth())).status, 101);
    });

    it('echoes the mcp subprotocol, answers initialize and lists getDiagnostics for the model', async () => {
        const opened = await upgrade(endpoint.port, auth());
        sockets.push(opened.socket!);
        assert.strictEqual(opened.status, 101);
        assert.strictEqual(opened.protocol, 'mcp');
        const init = await call(opened.socket!, { id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'claude-code', version: '2.1.330' } } });
        assert.deepStrictEqual((init.result as { capabilities: unknown }).capabilities, { tools: { listChanged: true } });
        opened.socket!.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        const list = await call(opened.socket!, { id: 1, method: 'tools/list' });
        assert.ok((list.result as { tools: { name: string }[] }).tools.some(tool => tool.name === 'getDiagnostics'));
        assert.ok(!(list.result as { tools: { name: string }[] }).tools.some(tool => tool.name === 'executeCode'), 'executeCode is not offered');
        const diagnostics = await call(opened.socket!, { id: 2, method: 'tools/call', params: { name: 'getDiagnostics', arguments: { uri: 'not-a-url' } } });
        assert.strictEqual((diagnostics.result as { isError?: boolean }).isError, true, 'a bad uri is a clear error');
        assert.deepStrictEqual(endpoint.status().sessions.map(s => s.clientId), ['claude']);
    });

    it('a second Claude Code session supersedes the first with close code 4001 and the reason the CLI knows', async () => {
        const first = await upgrade(endpoint.port, auth());
        sockets.push(first.socket!);
        const firstClosed = closeOf(first.socket!);
        const second = await upgrade(endpoint.port, auth());
        sockets.push(second.socket!);
        assert.deepStrictEqual(await firstClosed, CLAUDE_SUPERSEDED_CLOSE);
        assert.strictEqual(second.status, 101);
        assert.strictEqual(endpoint.status().sessions.filter(s => s.clientId === 'claude').length, 1);
    });

    it('a frame that is not JSON-RPC gets a parse error and the session stays', async () => {
        const opened = await upgrade(endpoint.port, auth());
        sockets.push(opened.socket!);
        const reply = await new Promise<{ error?: { code: number } }>(resolve => {
            opened.socket!.once('message', data => resolve(JSON.parse(data.toString())));
            opened.socket!.send('{not json');
        });
        assert.strictEqual(reply.error?.code, -32700);
        const ping = await call(opened.socket!, { id: 7, method: 'ping' });
        assert.deepStrictEqual(ping.result, {});
    });

    it('writes the lock under CLAUDE_CONFIG_DIR too, and terminals get CLAUDE_CODE_SSE_PORT and ENABLE_IDE_INTEGRATION', async () => {
        const configDir = path.join(home, 'claude-config');
        const mirrored = new CompanionEndpoint({
            ideInfo: { name: 'theia', displayName: 'Eclipse Theia' }, profiles: [findProfile('claude')!],
            host: { env: { CLAUDE_CONFIG_DIR: configDir }, homedir: home, tmpdir: home }, backendPid: process.pid, idePid: process.pid, inContainer: false
        });
        await mirrored.start({ roots: [home] });
        try {
            const files = mirrored.status().files;
            assert.deepStrictEqual(files, [path.join(home, '.claude', 'ide', `${mirrored.port}.lock`), path.join(configDir, 'ide', `${mirrored.port}.lock`)]);
            files.forEach(file => assert.strictEqual(fs.statSync(file).mode & 0o777, 0o600));
            assert.deepStrictEqual(mirrored.terminalEnv(), { ENABLE_IDE_INTEGRATION: 'true', CLAUDE_CODE_SSE_PORT: String(mirrored.port) });
        } finally {
            await mirrored.stop();
        }
        assert.ok(!fs.existsSync(path.join(configDir, 'ide', `${mirrored.port}.lock`)), 'removed on stop');
    });
});
