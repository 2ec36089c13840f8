// Hostile and broken requests against the Agent API (with the real gemini --acp behind it): each
// gets a clear JSON refusal with the spec's envelope, and the server keeps serving afterwards.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { agentApiSuite } from '../support/agent-api-process.mjs';
import { ChatStream } from '../support/agent-api-stream.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { rawRequest } from '../support/raw-http.mjs';

const ROUTES = [
    ['GET', '/status'], ['POST', '/auth/config'], ['POST', '/auth/google-login'], ['GET', '/auth/status'],
    ['POST', '/auth/logout'], ['POST', '/auth/clear'], ['POST', '/chat'], ['POST', '/tool-confirmation'],
    ['GET', '/list-directory'], ['POST', '/read-file'], ['POST', '/write-file'], ['POST', '/execute-command']
];

function assertRefusal(response, status, pattern) {
    assert.equal(response.status, status, response.text);
    assert.equal(response.json.success, false);
    assert.match(response.json.timestamp, /^\d{4}-\d\d-\d\dT/);
    if (pattern) {
        assert.match(response.json.message, pattern);
    }
}

function assertNoCors(headers) {
    assert.deepEqual(Object.keys(headers).filter(name => name.startsWith('access-control-')), []);
}

describe('agent API bad input', function () {
    let fake, api, workspace, outside, good;
    const suite = agentApiSuite('gemini', () => FakeGeminiApi.start());

    before(async () => {
        ({ fake, api, workspace, good } = suite);
        outside = path.join(api.home.root, 'outside');
        fs.mkdirSync(outside);
        fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside secret\n');
        fs.writeFileSync(path.join(workspace, 'inside.txt'), 'inside\n');
        fs.symlinkSync(outside, path.join(workspace, 'escape-dir'));
        fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(workspace, 'escape-file.txt'));
        fs.mkdirSync(path.join(workspace, 'real-sub'));
        fs.symlinkSync(path.join(workspace, 'real-sub'), path.join(workspace, 'inner-link'));
    });

    const send = (method, pathname, headers, body) => rawRequest({ port: api.port, method, path: pathname, headers, body });

    it('writes the token to a file only the user can read', () => {
        assert.equal(fs.statSync(api.tokenFile).mode & 0o777, 0o600);
        assert.ok(api.token.length >= 32);
    });

    it('no, malformed or wrong token → 401 on every route', async () => {
        const { authorization, ...noAuth } = good;
        for (const [method, route] of ROUTES) {
            for (const headers of [noAuth, { ...good, authorization: 'Bearer' }, { ...good, authorization: `Basic ${api.token}` },
                { ...good, authorization: 'Bearer wrong-token' }, { ...good, authorization: `Bearer ${api.token.slice(0, -1)}` }]) {
                const response = await send(method, route, headers, method === 'POST' ? '{}' : undefined);
                assertRefusal(response, 401);
                assert.equal(response.json.error, 'Unauthorized', `${method} ${route} ${headers.authorization ?? authorization === undefined}`);
            }
        }
    });

    it('a foreign Origin → 403 without any Access-Control-* header, even with the token; its preflight too', async () => {
        for (const origin of ['https://evil.example', 'http://localhost:3000', 'null', `http://127.0.0.1:${api.port}`]) {
            const response = await send('POST', '/read-file', { ...good, origin }, JSON.stringify({ path: 'inside.txt' }));
            assertRefusal(response, 403, /Origin/);
            assertNoCors(response.headers);
            const preflight = await send('OPTIONS', '/read-file', {
                host: good.host, origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type'
            });
            assert.equal(preflight.status, 403);
            assertNoCors(preflight.headers);
        }
    });

    it('a DNS-rebinding Host → 403', async () => {
        for (const host of ['evil.example', `evil.example:${api.port}`, `127.0.0.1:${api.port + 1}`, '127.0.0.1', `192.168.1.10:${api.port}`]) {
            assertRefusal(await send('GET', '/status', { ...good, host }), 403, /Host/);
        }
        assert.equal((await send('GET', '/status', { ...good, host: `localhost:${api.port}` })).status, 200);
    });

    it('../ and symlink escapes → 403 for read, write and list; links that stay inside work', async () => {
        const escapes = ['../outside/secret.txt', path.join(outside, 'secret.txt'), 'escape-dir/secret.txt', 'escape-file.txt',
            'real-sub/../../outside/secret.txt', '/etc/passwd'];
        for (const target of escapes) {
            assertRefusal(await send('POST', '/read-file', good, JSON.stringify({ path: target })), 403, /outside the workspace/);
            assertRefusal(await send('POST', '/write-file', good, JSON.stringify({ path: target, content: 'pwned' })), 403);
        }
        for (const dir of ['..', 'escape-dir', outside, '/']) {
            assertRefusal(await send('GET', `/list-directory?path=${encodeURIComponent(dir)}`, good), 403);
        }
        assertRefusal(await send('POST', '/write-file', good, JSON.stringify({ path: 'escape-dir/new.txt', content: 'pwned' })), 403);
        assert.equal(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'outside secret\n');
        assert.deepEqual(fs.readdirSync(outside), ['secret.txt']);
        const inner = await send('POST', '/write-file', good, JSON.stringify({ path: 'inner-link/ok.txt', content: 'fine' }));
        assert.equal(inner.status, 200);
        assert.equal(fs.readFileSync(path.join(workspace, 'real-sub', 'ok.txt'), 'utf8'), 'fine');
    });

    it('a 20 MB body → 413, declared or streamed, before it is read; the connection is closed', async () => {
        const huge = JSON.stringify({ path: 'big.txt', content: 'x'.repeat(20 * 1024 * 1024) });
        const declared = await send('POST', '/write-file', { ...good, 'content-length': Buffer.byteLength(huge) }, huge);
        assert.ok(declared.status === 413 || declared.status === 'reset', String(declared.status));
        if (declared.status === 413) {
            assert.equal(declared.json.success, false);
            assert.match(declared.json.message, /larger than/);
        }
        const streamed = await send('POST', '/write-file', { ...good, 'transfer-encoding': 'chunked' }, huge);
        assert.ok(streamed.status === 413 || streamed.status === 'reset', String(streamed.status));
        assert.equal(fs.existsSync(path.join(workspace, 'big.txt')), false);
    });

    it('malformed JSON → 400; a JSON non-object → 400; another content type → 415; bad fields → 400', async () => {
        for (const body of ['{"path": ', 'not json', '{"a":1}}']) {
            assertRefusal(await send('POST', '/read-file', good, body), 400, /not valid JSON/);
        }
        for (const body of ['[]', '"text"', '42', 'null']) {
            assertRefusal(await send('POST', '/chat', good, body), 400, /JSON object/);
        }
        assert.equal((await send('POST', '/chat', { ...good, 'content-type': 'text/plain' }, '{"message":"hi"}')).status, 415);
        assertRefusal(await send('POST', '/chat', good, '{"message": 42}'), 400, /message/);
        assertRefusal(await send('POST', '/chat', good, '{"message": "hi", "stream": "yes"}'), 400, /stream/);
        assertRefusal(await send('POST', '/chat', good, '{"message": "hi", "filePaths": "a.txt"}'), 400, /filePaths/);
        assertRefusal(await send('POST', '/tool-confirmation', good, '{"outcome": "proceed_once"}'), 400, /callId/);
        assertRefusal(await send('POST', '/write-file', good, '{"path": "a.txt"}'), 400, /content/);
        assertRefusal(await send('POST', '/read-file', good, '{}'), 400, /path/);
    });

    it('unknown routes → 404, wrong methods → 405, missing files → 404, directories → 400', async () => {
        assertRefusal(await send('GET', '/nope', good), 404);
        assertRefusal(await send('GET', '/chat', good), 405);
        assertRefusal(await send('POST', '/status', good, '{}'), 405);
        assertRefusal(await send('POST', '/read-file', good, JSON.stringify({ path: 'missing.txt' })), 404, /does not exist/);
        assertRefusal(await send('POST', '/read-file', good, JSON.stringify({ path: '.' })), 400, /directory/);
        assertRefusal(await send('GET', '/list-directory?path=inside.txt', good), 400);
    });

    it('reads, lists and writes atomically inside the workspace, keeping an existing file\'s mode', async () => {
        const listed = await send('GET', '/list-directory', good);
        assert.equal(listed.status, 200);
        assert.equal(listed.json.path, fs.realpathSync(workspace));
        assert.deepEqual(listed.json.items.find(item => item.name === 'real-sub'), { name: 'real-sub', type: 'directory', path: path.join(workspace, 'real-sub') });
        const read = await send('POST', '/read-file', good, JSON.stringify({ path: 'inside.txt' }));
        assert.equal(read.json.content, 'inside\n');
        assert.equal(read.json.success, true);
        const script = path.join(workspace, 'run.sh');
        fs.writeFileSync(script, '#!/bin/sh\necho old\n');
        fs.chmodSync(script, 0o750);
        const written = await send('POST', '/write-file', good, JSON.stringify({ path: 'run.sh', content: '#!/bin/sh\necho new\n' }));
        assert.equal(written.status, 200);
        assert.equal(written.json.content, '#!/bin/sh\necho new\n');
        assert.equal(fs.statSync(script).mode & 0o777, 0o750);
        assert.equal(fs.readFileSync(script, 'utf8'), '#!/bin/sh\necho new\n');
        const created = await send('POST', '/write-file', good, JSON.stringify({ path: 'new/dir/file.txt', content: 'ü ✓\n' }));
        assert.equal(created.status, 200);
        assert.equal(fs.readFileSync(path.join(workspace, 'new', 'dir', 'file.txt'), 'utf8'), 'ü ✓\n');
        assert.deepEqual(fs.readdirSync(workspace).filter(name => name.endsWith('.tmp')), [], 'no temp file is left behind');
    });

    it('refuses a file larger than the read limit with 413', async () => {
        fs.writeFileSync(path.join(workspace, 'large.bin'), Buffer.alloc(6 * 1024 * 1024, 65));
        assertRefusal(await send('POST', '/read-file', good, JSON.stringify({ path: 'large.bin' })), 413, /limit/);
    });

    it('/execute-command is 403 with how to enable it, unless enabled', async () => {
        const response = await send('POST', '/execute-command', good, JSON.stringify({ command: 'touch pwned' }));
        assertRefusal(response, 403, /--enable-execute-command/);
        assert.equal(fs.existsSync(path.join(workspace, 'pwned')), false);
    });

    it('keeps serving after all of it: a streamed chat still works', async () => {
        fake.enqueue({ chunks: ['Still ', 'here.'] });
        const chat = await ChatStream.open(api, { message: 'Still alive?' });
        await chat.done;
        assert.equal(chat.text(), 'Still here.');
        assert.equal(chat.list.at(-1).type, 'complete');
        assert.ok(!api.stderr.includes(api.token), 'the token never appears in the log');
    });
});

describe('agent API options: allowed origins and execute-command', function () {
    let api, good;
    const ORIGIN = 'http://localhost:5173';
    const suite = agentApiSuite('gemini', () => FakeGeminiApi.start(), { args: ['--allow-origin', ORIGIN, '--enable-execute-command'] });
    before(() => ({ api, good } = suite));

    const send = (method, pathname, headers, body) => rawRequest({ port: api.port, method, path: pathname, headers, body });

    it('answers an allowed origin\'s preflight without a token, listing authorization', async () => {
        const preflight = await send('OPTIONS', '/chat', {
            host: good.host, origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type'
        });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers['access-control-allow-origin'], ORIGIN);
        assert.match(preflight.headers['access-control-allow-headers'], /\bauthorization\b/);
        assert.match(preflight.headers['access-control-allow-methods'], /POST/);
    });

    it('gives an allowed origin CORS headers, but still requires the token', async () => {
        const ok = await send('GET', '/status', { ...good, origin: ORIGIN });
        assert.equal(ok.status, 200);
        assert.equal(ok.headers['access-control-allow-origin'], ORIGIN);
        const { authorization, ...noToken } = good;
        assert.equal((await send('GET', '/status', { ...noToken, origin: ORIGIN })).status, 401);
        const foreign = await send('GET', '/status', { ...good, origin: 'http://localhost:5174' });
        assert.equal(foreign.status, 403);
        assertNoCors(foreign.headers);
    });

    it('runs a command inside the workspace without a shell unless asked, and audits it', async () => {
        const plain = await send('POST', '/execute-command', good, JSON.stringify({ command: 'echo "$HOME" \'two words\'' }));
        assert.equal(plain.status, 200);
        assert.equal(plain.json.output, '$HOME two words\n', 'no shell: nothing is expanded');
        assert.equal(plain.json.exitCode, 0);
        assert.equal(plain.json.stderr, null);
        assert.equal(plain.json.command, 'echo "$HOME" \'two words\'');
        const shell = await send('POST', '/execute-command', good, JSON.stringify({ command: 'echo $((6 * 7)) && pwd', shell: true }));
        assert.equal(shell.json.output, `42\n${fs.realpathSync(api.home.workspace)}\n`);
        const failing = await send('POST', '/execute-command', good, JSON.stringify({ command: 'ls /definitely-missing' }));
        assert.equal(failing.status, 200);
        assert.notEqual(failing.json.exitCode, 0);
        assert.equal(failing.json.success, false);
        assert.match(failing.json.stderr, /definitely-missing/);
        assertRefusal(await send('POST', '/execute-command', good, JSON.stringify({ command: 'pwd', cwd: '/' })), 403);
        assertRefusal(await send('POST', '/execute-command', good, JSON.stringify({ command: 'no-such-binary-xyz' })), 400, /Could not run/);
        assert.match(api.stderr, /audit: execute-command "echo \\"\$HOME\\" 'two words'"/);
    });
});
