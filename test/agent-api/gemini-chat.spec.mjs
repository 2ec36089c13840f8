// The Agent API driving the published `gemini --acp` (0.61.0) against a loopback fake Gemini API:
// streamed answers, thoughts, tool calls confirmed and refused, the non-streaming answer, NDJSON,
// cancel on disconnect, a killed agent, and a clean shutdown.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { agentApiSuite, isAlive } from '../support/agent-api-process.mjs';
import { ChatStream } from '../support/agent-api-stream.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { waitUntil } from '../support/wait.mjs';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('agent API with the real gemini --acp', function () {
    let fake, api, workspace;
    const suite = agentApiSuite('gemini', () => FakeGeminiApi.start());
    before(() => ({ fake, api, workspace } = suite));

    it('streams a text answer as Server-Sent Events: id, event = type, data = the spec object', async () => {
        fake.enqueue({ chunks: ['Hello ', 'world.'] });
        const chat = await ChatStream.open(api, { message: 'Say hello' });
        assert.equal(chat.status, 200);
        assert.match(chat.contentType, /^text\/event-stream/);
        await chat.done;
        assert.equal(chat.text(), 'Hello world.');
        assert.deepEqual(chat.types(), ['content', 'content', 'content', 'complete']);
        const contents = chat.list.filter(event => event.type === 'content');
        assert.deepEqual(contents.map(event => event.data.isPartial), [true, true, false], 'isPartial is false only on the last chunk');
        assert.deepEqual(chat.list.at(-1).data, { success: true, message: 'Conversation complete (end_turn)' });
        chat.frames.forEach((frame, index) => {
            assert.equal(frame.id, String(index + 1));
            assert.equal(frame.event, chat.list[index].type);
        });
        chat.list.forEach(event => assert.match(event.timestamp, ISO_8601));
    });

    it('turns a gemini thought "**Subject**\\nDescription" into {subject, description}', async () => {
        fake.enqueue({ thought: '**Planning** I should greet the user.', text: 'Hi.' });
        const chat = await ChatStream.open(api, { message: 'Greet me' });
        await chat.done;
        const thought = await chat.waitFor('thought');
        assert.deepEqual(thought.data, { subject: 'Planning', description: 'I should greet the user.' });
        assert.ok(chat.types().indexOf('thought') < chat.types().indexOf('content'));
    });

    it('write_file: tool_call → tool_confirmation → proceed_once → tool_execution → tool_result → file written → complete', async () => {
        const target = path.join(workspace, 'hello.txt');
        fake.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'hello from fake\n' } } },
            { text: 'Done writing.' });
        const chat = await ChatStream.open(api, { message: 'Write hello.txt' });
        const confirmation = await chat.waitFor('tool_confirmation');
        const call = chat.list.find(event => event.type === 'tool_call');
        assert.ok(call, 'a tool_call precedes the confirmation');
        assert.equal(call.data.callId, confirmation.data.callId);
        assert.equal(call.data.name, 'write_file');
        assert.equal(call.data.requiresConfirmation, true);
        assert.deepEqual(call.data.args, { file_path: target, content: 'hello from fake\n' });
        assert.deepEqual(confirmation.data.options.map(option => option.outcome).sort(), ['cancel', 'proceed_always', 'proceed_once']);
        assert.match(confirmation.data.command, /hello\.txt/);
        assert.equal(fs.existsSync(target), false, 'nothing is written before the confirmation');

        const answer = await api.json('/tool-confirmation', { method: 'POST', body: { callId: confirmation.data.callId, outcome: 'proceed_once' } });
        assert.equal(answer.status, 200);
        assert.equal(answer.body.success, true);
        assert.match(answer.body.timestamp, ISO_8601);

        await chat.done;
        const types = chat.types();
        const order = ['tool_call', 'tool_confirmation', 'tool_execution', 'tool_result', 'complete'].map(type => types.indexOf(type));
        assert.deepEqual([...order].sort((a, b) => a - b), order, `order of ${types.join(', ')}`);
        const statuses = chat.list.filter(event => event.type === 'tool_execution').map(event => event.data.status);
        assert.deepEqual(statuses, ['pending', 'executing', 'completed']);
        const result = await chat.waitFor('tool_result');
        assert.equal(result.data.success, true);
        assert.equal(result.data.error, null);
        assert.equal(chat.text(), 'Done writing.');
        assert.equal(fs.readFileSync(target, 'utf8'), 'hello from fake\n');
    });

    it('write_file refused with cancel: the file stays untouched and the model hears the refusal', async () => {
        const target = path.join(workspace, 'refused.txt');
        fs.writeFileSync(target, 'original\n');
        fake.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'overwritten\n' } } },
            { text: 'Understood, not writing.' });
        const chat = await ChatStream.open(api, { message: 'Overwrite refused.txt' });
        const confirmation = await chat.waitFor('tool_confirmation');
        const answer = await api.json('/tool-confirmation', { method: 'POST', body: { callId: confirmation.data.callId, outcome: 'cancel' } });
        assert.equal(answer.status, 200);
        await chat.done;
        const result = await chat.waitFor('tool_result');
        assert.equal(result.data.success, false);
        assert.match(result.data.error, /cancel/i);
        assert.equal(chat.list.at(-1).type, 'complete');
        assert.equal(fs.readFileSync(target, 'utf8'), 'original\n');
        const lastRequest = JSON.stringify(fake.chatRequests.at(-1).body.contents.at(-1));
        assert.match(lastRequest, /functionResponse/);
        assert.match(lastRequest, /cancel/i);
    });

    it('refuses an outcome the agent did not offer (400), an unknown callId (404) and an unknown outcome (400)', async () => {
        const target = path.join(workspace, 'guarded.txt');
        fake.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'x\n' } } }, { text: 'ok' });
        const chat = await ChatStream.open(api, { message: 'Write guarded.txt' });
        const { data: { callId } } = await chat.waitFor('tool_confirmation');
        for (const outcome of ['proceed_always_server', 'proceed_always_tool', 'proceed_always_and_save', 'modify_with_editor']) {
            const refused = await api.json('/tool-confirmation', { method: 'POST', body: { callId, outcome } });
            assert.equal(refused.status, 400, outcome);
            assert.equal(refused.body.success, false);
            assert.match(refused.body.message, /not offered/);
            assert.match(refused.body.timestamp, ISO_8601);
        }
        const unknownOutcome = await api.json('/tool-confirmation', { method: 'POST', body: { callId, outcome: 'yes please' } });
        assert.equal(unknownOutcome.status, 400);
        const unknownCall = await api.json('/tool-confirmation', { method: 'POST', body: { callId: 'no-such-call', outcome: 'proceed_once' } });
        assert.equal(unknownCall.status, 404);
        assert.equal(unknownCall.body.success, false);
        assert.equal(fs.existsSync(target), false, 'gemini would have written the file for proceed_always_server');
        // The call is still waiting: a real answer still works.
        assert.equal((await api.json('/tool-confirmation', { method: 'POST', body: { callId, outcome: 'cancel' } })).status, 200);
        await chat.done;
        assert.equal(chat.list.at(-1).type, 'complete');
        assert.equal(fs.existsSync(target), false);
        const again = await api.json('/tool-confirmation', { method: 'POST', body: { callId, outcome: 'proceed_once' } });
        assert.equal(again.status, 404, 'an answered call is no longer pending');
    });

    it('answers stream: false with {response, hasToolCalls, toolCalls}', async () => {
        fake.enqueue({ chunks: ['Plain ', 'answer.'] });
        const { status, body } = await api.json('/chat', { method: 'POST', body: { message: 'Answer plainly', stream: false } });
        assert.equal(status, 200);
        assert.equal(body.success, true);
        assert.equal(body.response, 'Plain answer.');
        assert.equal(body.hasToolCalls, false);
        assert.deepEqual(body.toolCalls, []);
        assert.match(body.timestamp, ISO_8601);
    });

    it('refuses a confirmation nobody can see without a stream, and lists the call', async () => {
        const target = path.join(workspace, 'unseen.txt');
        fake.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'x\n' } } }, { text: 'Not written.' });
        const { status, body } = await api.json('/chat', { method: 'POST', body: { message: 'Write unseen.txt' } });
        assert.equal(status, 200);
        assert.equal(body.hasToolCalls, true);
        assert.equal(body.toolCalls.length, 1);
        assert.equal(body.toolCalls[0].name, 'write_file');
        assert.equal(body.toolCalls[0].status, 'cancelled');
        assert.equal(body.response, 'Not written.');
        assert.equal(fs.existsSync(target), false);
    });

    it('sends the same events as NDJSON for Accept: application/x-ndjson (the original macOS client)', async () => {
        fake.enqueue({ chunks: ['One ', 'line each.'] });
        const chat = await ChatStream.open(api, { message: 'ndjson please' }, { accept: 'application/x-ndjson' });
        assert.match(chat.contentType, /^application\/x-ndjson/);
        await chat.done;
        assert.equal(chat.text(), 'One line each.');
        assert.equal(chat.list.at(-1).type, 'complete');
    });

    it('passes filePaths to the agent as @path references it reads, and selects a workspace by workspacePath', async () => {
        fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
        fs.writeFileSync(path.join(workspace, 'src', 'notes with space.txt'), 'CONTENT-7f3a\n');
        fake.enqueue({ text: 'Read it.' });
        const { status } = await api.json('/chat', { method: 'POST', body: { message: 'Summarise', filePaths: ['src/notes with space.txt'] } });
        assert.equal(status, 200);
        const sent = JSON.stringify(fake.chatRequests.at(-1).body.contents.at(-1));
        assert.match(sent, /@\/[^"]*notes with space\.txt/);
        assert.match(sent, /CONTENT-7f3a/);

        const outside = await api.json('/chat', { method: 'POST', body: { message: 'x', filePaths: ['../../etc/passwd'] } });
        assert.equal(outside.status, 403);
        const elsewhere = await api.json('/chat', { method: 'POST', body: { message: 'x', workspacePath: '/' } });
        assert.equal(elsewhere.status, 403);
        fake.enqueue({ text: 'In src.' });
        const sub = await api.json('/chat', { method: 'POST', body: { message: 'x', workspacePath: path.join(workspace, 'src') } });
        assert.equal(sub.status, 200);
        assert.equal(sub.body.response, 'In src.');
    });

    it('allows one turn per workspace: a concurrent /chat gets 409; closing the stream cancels the turn', async () => {
        fake.enqueue({ hold: true });
        const first = await ChatStream.open(api, { message: 'Think for a long time' });
        await waitUntil(() => fake.held.size === 1, { what: 'the model request to be held', timeout: 60_000 });
        const second = await api.json('/chat', { method: 'POST', body: { message: 'Me too' } });
        assert.equal(second.status, 409);
        assert.equal(second.body.success, false);
        assert.match(second.body.message, /already running/);
        first.abort();
        // gemini cancels its model request when the turn is cancelled.
        await waitUntil(() => fake.held.size === 0, { what: 'the held model request to be dropped', timeout: 30_000 });
        fake.enqueue({ text: 'Free again.' });
        await waitUntil(async () => (await api.json('/chat', { method: 'POST', body: { message: 'Now?' } })).body.response === 'Free again.',
            { what: 'the workspace to accept a turn again', timeout: 30_000 });
    });

    it('a client that leaves while a confirmation is pending cancels the turn; nothing is written', async () => {
        const target = path.join(workspace, 'abandoned.txt');
        fake.enqueue({ functionCall: { name: 'write_file', args: { file_path: target, content: 'x\n' } } });
        const chat = await ChatStream.open(api, { message: 'Write abandoned.txt' });
        const { data: { callId } } = await chat.waitFor('tool_confirmation');
        chat.abort();
        // An outcome never offered: 400 while the call waits, 404 once it is withdrawn (and never an approval).
        await waitUntil(async () => (await api.json('/tool-confirmation', { method: 'POST', body: { callId, outcome: 'modify_with_editor' } })).status === 404,
            { what: 'the pending confirmation to be withdrawn', timeout: 30_000 });
        fake.enqueue({ text: 'Next turn.' });
        await waitUntil(async () => (await api.json('/chat', { method: 'POST', body: { message: 'Next' } })).body.response === 'Next turn.',
            { what: 'the next turn', timeout: 30_000 });
        assert.equal(fs.existsSync(target), false);
    });

    it('a killed agent ends the turn with an error event; the next chat starts a fresh agent', async () => {
        fake.enqueue({ hold: true });
        const chat = await ChatStream.open(api, { message: 'Hang' });
        await waitUntil(() => fake.held.size === 1, { what: 'the model request to be held', timeout: 60_000 });
        const victims = api.agentPids();
        assert.ok(victims.length > 0, 'the agent runs under the server');
        victims.forEach(pid => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
        const error = await chat.finished();
        assert.equal(error.type, 'error');
        assert.equal(error.data.code, 'AGENT_EXITED');
        assert.match(error.data.message, /exited/);
        await chat.done;
        fake.releaseHeld();
        fake.enqueue({ text: 'Back.' });
        const next = await api.json('/chat', { method: 'POST', body: { message: 'Are you there?' } });
        assert.equal(next.status, 200);
        assert.equal(next.body.response, 'Back.');
    });

    it('a model error ends the turn with an error event naming it; the next chat works', async () => {
        fake.enqueue({ error: { status: 400, message: 'fake bad request' } });
        const chat = await ChatStream.open(api, { message: 'Fail please' });
        const error = await chat.finished();
        assert.equal(error.type, 'error');
        assert.equal(error.data.code, 'AGENT_ERROR');
        assert.match(`${error.data.message} ${error.data.details}`, /fake bad request/);
        assert.ok(!JSON.stringify(chat.list).includes('fake-gemini-key'), 'no secret in the error');
        fake.enqueue({ text: 'Recovered.' });
        assert.equal((await api.json('/chat', { method: 'POST', body: { message: 'Again' } })).body.response, 'Recovered.');
    });

    it('reports the package version in /status', async () => {
        const { status, body } = await api.json('/status');
        const { version } = JSON.parse(fs.readFileSync(new URL('../../packages/agent-api/package.json', import.meta.url), 'utf8'));
        assert.equal(status, 200);
        assert.equal(body.status, 'ok');
        assert.equal(body.success, true);
        assert.equal(body.version, version);
        assert.match(body.timestamp, ISO_8601);
    });

    it('SIGTERM stops the server within seconds and leaves no agent process behind', async () => {
        const pids = api.agentPids();
        assert.ok(pids.length > 0, 'an agent is running');
        const began = Date.now();
        const { code } = await api.stop();
        assert.equal(code, 0);
        assert.ok(Date.now() - began < 10_000, `stopped in ${Date.now() - began} ms`);
        await waitUntil(() => pids.every(pid => !isAlive(pid)), { what: 'every agent process to be gone', timeout: 5000 });
        assert.equal(fs.existsSync(api.tokenFile), false, 'the token file is removed');
    });
});
