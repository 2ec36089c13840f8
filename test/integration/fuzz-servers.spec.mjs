// Property-based fuzzing of both loopback servers (the agent API's bin and the companion's MCP
// server, each in its own process on 127.0.0.1): random request lines, headers and bodies, some with
// the right token. Neither may crash, leave a request unanswered, or answer 2xx without the token.
// Bounded in runs and time so it fits a CI run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { AGENT_API_BIN } from '../support/agent-api-process.mjs';
import { extraHeaders, fuzzServer, printable, requestBytes, startServerProcess, unicode } from '../support/http-fuzz.mjs';

const COMPANION_CHILD = fileURLToPath(new URL('../support/companion-server-child.mjs', import.meta.url));
const INITIALIZE = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}';

/** The companion prints its port and token as a JSON line; the agent API's bin its URL and token file. */
function parseStart(stdout) {
    if (stdout.startsWith('{') && stdout.includes('\n')) {
        return JSON.parse(stdout.slice(0, stdout.indexOf('\n')));
    }
    const url = /^listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(stdout);
    const tokenFile = /^token file: (.+)$/m.exec(stdout);
    return url && tokenFile ? { port: Number(url[1]), token: fs.readFileSync(tokenFile[1].trim(), 'utf8') } : undefined;
}

const startServer = (args, env) => startServerProcess(args, env, parseStart);

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
    const body = fc.oneof(
        fc.constant(''),
        printable,
        unicode,
        fc.jsonValue({ maxDepth: 3 }).map(value => JSON.stringify(value)),
        fc.record({ message: fc.string(), path: fc.string(), filePaths: fc.array(fc.string(), { maxLength: 5 }), command: fc.string() },
            { requiredKeys: [] }).map(value => JSON.stringify(value)),
        fc.constant(INITIALIZE)
    );
    const contentType = fc.constantFrom(undefined, 'application/json', 'text/plain');
    return fc.record({ target, method, auth, host, origin, extra: extraHeaders, body, contentType }).map(request => ({
        ...request,
        authorization: {
            none: undefined, right: `Bearer ${token}`, wrong: 'Bearer wrong-token-0123456789', basic: `Basic ${token}`,
            empty: 'Bearer', prefix: `Bearer ${token.slice(0, -1)}`
        }[request.auth]
    }));
}

function toBytes(request) {
    return requestBytes(request, [
        ['Host', request.host], ['Origin', request.origin], ['Authorization', request.authorization], ['Content-Type', request.contentType]
    ]);
}

function fuzz(name, routes, start) {
    fuzzServer({
        title: `fuzzing ${name}`, tmpPrefix: 'fuzz-servers-', start,
        address: server => ({ port: server.port, host: '127.0.0.1' }),
        secret: 'token', wall: 'the token and Host checks', refusals: [401, 403],
        requests: server => requestArbitrary(routes, server.port, server.token),
        toBytes,
        wellFormed: server => ({
            method: routes[0] === '/mcp' ? 'POST' : 'GET', target: routes[0], host: `127.0.0.1:${server.port}`,
            authorization: `Bearer ${server.token}`, contentType: 'application/json', extra: [],
            body: routes[0] === '/mcp' ? INITIALIZE : ''
        })
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
