// Which of the real `qwen --acp` (0.24) file tools see an editor's unsaved text (docs/chat.md "Which agents see
// unsaved editor text", issue 23 part 9). The ACP engine (packages/acp-client) serves `fs/read_text_file` and
// `fs/write_text_file` from an "editor buffer" whose text differs from the file on disk, as the chat does with
// `files.autoSave` off; the loopback OpenAI fake has the model call `read_file`, `edit` and `write_file`. For
// each tool the spec asserts and prints which fs/* requests qwen sent and what the model got back in its next
// request (the tool result: the buffer's text or the disk's).
// Measured: `read_file` reads through fs/read_text_file (the model gets the buffer, unlike gemini 0.61's);
// `edit` and `write_file` refuse a file not read in the session, and after a `read_file` they read it again through
// fs/read_text_file and write through fs/write_text_file (the edit of text only the buffer held lands; the disk
// stays as it was).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { qwenAcpSettings } from '../support/agent-api-process.mjs';
import { cleanProcessEnv, CliHome } from '../support/cli-home.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { FakeOpenAiApi } from '../support/fake-openai-api.mjs';

const require = createRequire(import.meta.url);
const { WorkspaceAgent, agentProfile, silentLogger } = require('../../packages/acp-client/lib/index.js');

const said = text => [{ type: 'text', text }];
const DISK = 'const source = "DISK-ALPHA";\n';
const BUFFER = 'const source = "BUFFER-BETA";\n';

/** One session's handlers: an editor that holds `BUFFER` for the file while the disk holds `DISK`. */
function editor(file) {
    const reads = [];
    const writes = [];
    const buffers = new Map([[file, BUFFER]]);
    return {
        reads, writes, buffers,
        onUpdate: () => undefined,
        onPermission: async request => {
            const allow = request.options.find(option => option.kind === 'allow_once');
            return allow ? { outcome: { outcome: 'selected', optionId: allow.optionId } } : { outcome: { outcome: 'cancelled' } };
        },
        readTextFile: async request => {
            reads.push(request);
            const text = buffers.get(request.path) ?? fs.readFileSync(request.path, 'utf8');
            if (request.line === undefined && request.limit === undefined) {
                return { content: text };
            }
            const lines = text.split('\n');
            const start = Math.max(0, (request.line ?? 1) - 1);
            return { content: lines.slice(start, request.limit === undefined ? undefined : start + request.limit).join('\n') };
        },
        writeTextFile: async request => {
            writes.push(request);
            buffers.set(request.path, request.content);
            return {};
        }
    };
}

/** The tool results the model got in the request after the tool call. */
function toolResults(request) {
    return request.body.messages.filter(message => message.role === 'tool')
        .map(message => typeof message.content === 'string' ? message.content : JSON.stringify(message.content)).join('\n');
}

describe('qwen --acp 0.24: which file tools see an editor\'s unsaved text (served through fs/read_text_file)', function () {
    let fake, home, agent, file;

    before(async () => {
        fake = await FakeOpenAiApi.start({ defaultText: 'Done.' });
        home = CliHome.create('qwen-unsaved-');
        home.setUpQwen(qwenAcpSettings());
        file = path.join(home.workspace, 'source.js');
        agent = new WorkspaceAgent({
            workspace: home.workspace, logger: silentLogger, scrub: text => text, serveFileSystem: true,
            profile: agentProfile('qwen'), command: findCliBinary('qwen', '@qwen-code/qwen-code'),
            environment: async () => ({ ...cleanProcessEnv(), ...home.env, ...fake.env('fake-openai-key-0123456789') })
        });
    });

    after(async () => {
        await agent?.stop();
        await new Promise(resolve => fake.server.close(resolve));
        home?.cleanup();
    });

    /** A fresh session and file, the model's tool calls (one per turn), then the request after the last one. */
    async function call(...calls) {
        fs.writeFileSync(file, DISK);
        const session = editor(file);
        const { sessionId } = await agent.openSession(session);
        const before = fake.chatRequests.length;
        fake.enqueue(...calls.map(([name, args]) => ({ toolCalls: [{ name, args }] })), { text: 'Done.' });
        const tools = calls.map(([name]) => name).join(' then ');
        const { stopReason } = await agent.prompt(sessionId, said(`Use ${tools} on source.js.`));
        assert.equal(stopReason, 'end_turn');
        const sent = fake.chatRequests.slice(before);
        assert.equal(sent.length, calls.length + 1, 'one model request per tool call, and the last one answered');
        const finding = {
            tools, reads: session.reads.map(r => ({ line: r.line, limit: r.limit })),
            writes: session.writes.map(w => w.content), disk: fs.readFileSync(file, 'utf8'),
            results: sent.slice(1).map(toolResults)
        };
        console.log(`      qwen ${JSON.stringify(finding)}`);
        return { ...finding, session };
    }

    it('read_file asks fs/read_text_file: the model gets the editor\'s unsaved text, not the disk', async () => {
        const { session, results, disk } = await call(['read_file', { file_path: file }]);
        assert.deepEqual(session.reads.map(read => read.path), [file], 'read_file read through fs/read_text_file');
        assert.match(results[0], /BUFFER-BETA/, 'the model got the buffer');
        assert.doesNotMatch(results[0], /DISK-ALPHA/);
        assert.equal(disk, DISK);
    });

    it('edit and write_file refuse a file not read in the session; after read_file they act on the buffer and write through fs/write_text_file', async () => {
        const unread = await call(['edit', { file_path: file, old_string: 'BUFFER-BETA', new_string: 'BUFFER-GAMMA' }]);
        assert.match(unread.results[0], /has not been read in this session/);
        assert.deepEqual([unread.session.reads.length, unread.session.writes.length], [0, 0]);

        const edited = await call(['read_file', { file_path: file }],
            ['edit', { file_path: file, old_string: 'BUFFER-BETA', new_string: 'BUFFER-GAMMA' }]);
        assert.ok(edited.session.reads.length >= 2, 'edit read the file again through fs/read_text_file');
        assert.ok(edited.session.reads.every(read => read.path === file));
        assert.deepEqual(edited.writes, ['const source = "BUFFER-GAMMA";\n'], 'the edit of text only the buffer held, written through fs/write_text_file');
        assert.doesNotMatch(edited.results[1], /has not been read|0 occurrences|Failed/);
        assert.equal(edited.disk, DISK, 'the disk is the editor\'s to save');

        const written = await call(['read_file', { file_path: file }],
            ['write_file', { file_path: file, content: 'const source = "WRITTEN-DELTA";\n' }]);
        assert.deepEqual(written.writes, ['const source = "WRITTEN-DELTA";\n'], 'write_file wrote through fs/write_text_file');
        assert.doesNotMatch(written.results[1], /has not been read|Failed/);
        assert.equal(written.disk, DISK);
    });
});
