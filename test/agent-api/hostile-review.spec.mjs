// What a hostile review of the Agent API found (issue 12), against the published bin driving the real
// gemini --acp behind a loopback fake Gemini API: each request is refused or bounded, and the server
// keeps serving.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { agentApiSuite, descendants } from '../support/agent-api-process.mjs';
import { ChatStream } from '../support/agent-api-stream.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { rawRequest } from '../support/raw-http.mjs';

/** Writes one raw request (no token, any target) and resolves with the status line, or 'closed'. */
function rawRequestLine(port, target) {
    return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', chunk => { text += chunk; });
        socket.on('end', () => resolve(text.split('\r\n')[0] || 'closed'));
        socket.on('error', error => error.code === 'ECONNRESET' ? resolve('closed') : reject(error));
    });
}

/** Direct children of the server: one per agent (each CLI's own helpers are below it). */
function agentProcesses(api) {
    return descendants(api.child.pid).filter(pid => {
        try {
            const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === api.child.pid;
        } catch {
            return false;
        }
    });
}

describe('agent API hostile review (issue 12)', function () {
    let api, workspace, good;
    const suite = agentApiSuite('gemini', () => FakeGeminiApi.start(), { args: ['--enable-execute-command'] });
    before(() => ({ api, workspace, good } = suite));

    const send = (method, pathname, headers, body) => rawRequest({ port: api.port, method, path: pathname, headers, body });

    it('survives request targets that new URL() throws on, sent without a token (part 1)', async () => {
        for (const target of ['//', '//[', '//a:99999/']) {
            const line = await rawRequestLine(api.port, target);
            assert.match(line, /^HTTP\/1\.1 (400|401|404) /, `${target}: ${line}`);
            const status = await send('GET', '/status', good);
            assert.equal(status.status, 200, `/status after ${target}`);
        }
        assert.equal(api.child.exitCode, null, 'the server is still running');
    });

    it('refuses a chat with 700,000 filePaths with 400 naming the limit, and /status answers meanwhile (part 2)', async () => {
        const filePaths = Array.from({ length: 700_000 }, (_, i) => `m${i % 100}`); // under the 10 MB body limit
        // The old server resolved every entry synchronously (64 s for this body); the cap refuses it before any
        // path is touched, which the 400 proves. No wall-clock bound here: CI machines are too noisy for one.
        const chat = send('POST', '/chat', good, JSON.stringify({ message: 'hi', filePaths }));
        const status = await send('GET', '/status', good);
        const refused = await chat;
        assert.equal(refused.status, 400, refused.text);
        assert.match(refused.json.message, /at most 100/);
        assert.equal(status.status, 200);
    });

    it('chats in 12 subfolders of one root leave at most 4 agent processes (part 3)', async () => {
        const folders = Array.from({ length: 12 }, (_, i) => path.join(workspace, 'packages', `p${i}`));
        folders.forEach(folder => fs.mkdirSync(folder, { recursive: true }));
        for (const folder of folders) {
            const answer = await api.json('/chat', { method: 'POST', body: { message: 'hello', workspacePath: folder } });
            assert.equal(answer.status, 200, JSON.stringify(answer.body));
        }
        const agents = agentProcesses(api);
        assert.ok(agents.length >= 1 && agents.length <= 4, `${agents.length} agent processes: ${agents}`);
    });

    it('refuses FIFOs in the workspace at once, however often, and keeps reading files (part 4)', async () => {
        execFileSync('mkfifo', [path.join(workspace, 'pipe')]);
        fs.writeFileSync(path.join(workspace, 'plain.txt'), 'plain\n');
        const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/read-file', good, JSON.stringify({ path: 'pipe' }))));
        answers.forEach(answer => {
            assert.equal(answer.status, 400, answer.text);
            assert.match(answer.json.message, /not a regular file/);
        });
        const plain = await send('POST', '/read-file', good, JSON.stringify({ path: 'plain.txt' }));
        assert.equal(plain.json.content, 'plain\n');
    });

    it('runs execute-command children without the API token or the model key, and keeps them out of the output and log (part 7)', async () => {
        const key = 'fake-gemini-key-0123456789';
        const answer = await send('POST', '/execute-command', good, JSON.stringify({ command: 'env' }));
        assert.equal(answer.status, 200, answer.text);
        assert.match(answer.json.output, /^PATH=/m, 'env did run');
        assert.doesNotMatch(answer.json.output, /AGENT_API_TOKEN|GEMINI_API_KEY/);
        assert.ok(!answer.json.output.includes(api.token), 'the token is not in the output');
        assert.ok(!answer.json.output.includes(key), 'the key is not in the output');
        const echoed = await send('POST', '/execute-command', good, JSON.stringify({ command: `echo ${api.token} ${key}` }));
        assert.equal(echoed.json.output, '[redacted] [redacted]\n');
        assert.ok(!api.stderr.includes(api.token) && !api.stderr.includes(key), 'neither is in the audit log');
        assert.match(api.stderr, /audit: execute-command "echo \[redacted\] \[redacted\]"/);
    });

    it('keeps serving a streamed chat after all of it', async () => {
        const chat = await ChatStream.open(api, { message: 'Still alive?' });
        await chat.done;
        assert.equal(chat.list.at(-1).type, 'complete');
    });
});
