// Property-based fuzzing of both loopback servers (the agent API's bin and the companion's MCP
// server, each in its own process on 127.0.0.1): random request lines, headers and bodies, some with
// the right token. Neither may crash, leave a request unanswered, or answer 2xx without the token.
// Bounded in runs and time so it fits a CI run.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { AGENT_API_BIN } from '../support/agent-api-process.mjs';

const COMPANION_CHILD = fileURLToPath(new URL('../support/companion-server-child.mjs', import.meta.url));
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_MS ?? 20_000);
/** An answer (or a closed connection) must come within this; generous for a loaded CI machine. */
const ANSWER_DEADLINE_MS = 10_000;

/** Starts a server process and resolves with it once its first stdout line (port and token) is out. */
function startServer(args, env) {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', chunk => { stderr += chunk; });
    return new Promise((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', chunk => {
            stdout += chunk;
            const parsed = parseStart(stdout);
            if (parsed) {
                resolve({ child, ...parsed, stderr: () => stderr });
            }
        });
        child.once('exit', code => reject(new Error(`the server exited with ${code} before it listened: ${stderr}`)));
    });
}

function parseStart(stdout) {
    if (stdout.startsWith('{') && stdout.includes('\n')) {
        return JSON.parse(stdout.slice(0, stdout.indexOf('\n')));
    }
    const url = /^listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(stdout);
    const tokenFile = /^token file: (.+)$/m.exec(stdout);
    return url && tokenFile ? { port: Number(url[1]), token: fs.readFileSync(tokenFile[1].trim(), 'utf8') } : undefined;
}

/** Sends raw bytes; resolves with the status code of the first answer, or 'closed' if the server hung up without one. */
function exchange(port, bytes) {
    return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
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

/** Request parts biased towards what matters: real routes and methods, loopback Hosts, tokens right and wrong. */
function requestArbitrary(routes, port, token) {
    const target = fc.oneof(
        fc.constantFrom(...routes, '//', '//[', '//a:99999/', '*', '/%', '/?%zz', '/..', '/mcp/../status', `http://127.0.0.1:${port}/status`),
        fc.tuple(fc.constantFrom(...routes), printable).map(([route, rest]) => route + rest),
        printable.map(text => `/${text}`),
        unicode.map(text => `/${encodeURI(text)}`)
    );
    const method = fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE', 'OPTIONS', 'PUT', 'HEAD'), fc.stringMatching(/^[A-Z]{1,8}$/));
    const auth = fc.constantFrom('none', 'right', 'wrong', 'basic', 'empty', 'prefix');
    const host = fc.constantFrom(`127.0.0.1:${port}`, `localhost:${port}`, 'evil.example', `127.0.0.1:${port + 1}`, '', undefined);
    const origin = fc.constantFrom(undefined, 'null', 'https://evil.example', `http://127.0.0.1:${port}`);
    const extra = fc.array(fc.tuple(fc.stringMatching(/^[a-z][a-z-]{0,15}$/), printable), { maxLength: 4 });
    const body = fc.oneof(
        fc.constant(''),
        printable,
        unicode,
        fc.jsonValue({ maxDepth: 3 }).map(value => JSON.stringify(value)),
        fc.record({ message: fc.string(), path: fc.string(), filePaths: fc.array(fc.string(), { maxLength: 5 }), command: fc.string() },
            { requiredKeys: [] }).map(value => JSON.stringify(value)),
        fc.constant('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}')
    );
    const contentType = fc.constantFrom(undefined, 'application/json', 'text/plain');
    return fc.record({ target, method, auth, host, origin, extra, body, contentType }).map(request => ({
        ...request,
        authorization: {
            none: undefined, right: `Bearer ${token}`, wrong: 'Bearer wrong-token-0123456789', basic: `Basic ${token}`,
            empty: 'Bearer', prefix: `Bearer ${token.slice(0, -1)}`
        }[request.auth]
    }));
}

function toBytes(request) {
    const lines = [`${request.method} ${request.target} HTTP/1.1`];
    const add = (name, value) => value !== undefined && lines.push(`${name}: ${value}`);
    add('Host', request.host);
    add('Origin', request.origin);
    add('Authorization', request.authorization);
    add('Content-Type', request.contentType);
    // Headers a client may not choose freely are left out: Content-Length is always the real one.
    request.extra.filter(([name]) => !['host', 'content-length', 'transfer-encoding', 'authorization', 'connection', 'expect'].includes(name))
        .forEach(([name, value]) => add(name, value.replace(/[\r\n]/g, '')));
    add('Connection', 'close');
    const body = Buffer.from(request.body, 'utf8');
    add('Content-Length', body.length);
    return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}

function fuzz(name, routes, start) {
    describe(`fuzzing ${name}`, function () {
        let server, root;
        before(async () => {
            root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-servers-')));
            server = await start(root);
        });
        after(async () => {
            if (server && server.child.exitCode === null) {
                server.child.kill('SIGTERM');
                await new Promise(resolve => server.child.once('exit', resolve));
            }
            fs.rmSync(root, { recursive: true, force: true });
        });

        it('never crashes, never leaves a request unanswered, never answers 2xx without the token', async () => {
            const seen = new Map();
            let passedTheWall = 0;
            await fc.assert(fc.asyncProperty(requestArbitrary(routes, server.port, server.token), async request => {
                const status = await exchange(server.port, toBytes(request));
                seen.set(status, (seen.get(status) ?? 0) + 1);
                assert.equal(server.child.exitCode, null, `the server exited: ${server.stderr().slice(-2000)}`);
                passedTheWall += request.auth === 'right' && typeof status === 'number' && status !== 401 && status !== 403 ? 1 : 0;
                if (request.auth !== 'right' && typeof status === 'number') {
                    assert.ok(status < 200 || status >= 300, `${status} without the token for ${request.method} ${request.target}`);
                }
            }), { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false });
            assert.equal(server.child.exitCode, null);
            // Still serving a well-formed request afterwards.
            const after = await exchange(server.port, toBytes({
                method: routes[0] === '/mcp' ? 'POST' : 'GET', target: routes[0], host: `127.0.0.1:${server.port}`,
                authorization: `Bearer ${server.token}`, contentType: 'application/json', extra: [],
                body: routes[0] === '/mcp' ? '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}' : ''
            }));
            assert.equal(after, 200, `statuses seen: ${JSON.stringify([...seen])}`);
            assert.ok(passedTheWall > 0, `no request got past the token and Host checks: ${JSON.stringify([...seen])}`);
        });
    });
}

fuzz('the agent API', ['/status', '/chat', '/read-file', '/write-file', '/list-directory', '/execute-command', '/auth/status', '/auth/config', '/tool-confirmation'],
    root => {
        fs.mkdirSync(path.join(root, 'workspace'));
        fs.writeFileSync(path.join(root, 'workspace', 'a.txt'), 'a\n');
        // An agent command that fails at once: a chat that gets through must not start a real CLI.
        return startServer([AGENT_API_BIN, 'serve', '--workspace', path.join(root, 'workspace'), '--port', '0',
            '--agent-command', path.join(root, 'no-such-agent'), '--token-file', path.join(root, 'token')],
        { PATH: process.env.PATH, HOME: root, XDG_CONFIG_HOME: path.join(root, 'config') });
    });

fuzz('the companion\'s MCP server', ['/mcp'], root => startServer([COMPANION_CHILD, root], { PATH: process.env.PATH, HOME: root }));
