// The Agent API driving the published `qwen --acp` (0.24.4) against a loopback fake of the
// OpenAI-compatible chat-completions API: streamed text, reasoning as thoughts, a confirmed and a
// refused write_file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { agentApiSuite, isAlive } from '../support/agent-api-process.mjs';
import { ChatStream } from '../support/agent-api-stream.mjs';
import { FakeOpenAiApi } from '../support/fake-openai-api.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('agent API with the real qwen --acp', function () {
    let fake, api, workspace;
    const suite = agentApiSuite('qwen', () => FakeOpenAiApi.start());
    before(() => ({ fake, api, workspace } = suite));

    it('streams a text answer; reasoning arrives as a thought; the empty usage chunk is dropped', async () => {
        fake.enqueue({ reasoning: 'I should greet.', chunks: ['Hello wo', 'rld.'] });
        const chat = await ChatStream.open(api, { message: 'Say hello' });
        assert.equal(chat.status, 200);
        await chat.done;
        assert.equal(chat.text(), 'Hello world.');
        const thought = await chat.waitFor('thought');
        assert.deepEqual(thought.data, { subject: '', description: 'I should greet.' });
        const contents = chat.list.filter(event => event.type === 'content');
        assert.ok(contents.slice(0, -1).every(event => event.data.isPartial && event.data.text !== ''));
        assert.deepEqual(contents.at(-1).data, { text: '', isPartial: false });
        assert.equal(chat.list.at(-1).type, 'complete');
        assert.equal(fake.chatRequests.at(-1).headers.authorization, 'Bearer fake-openai-key-0123456789');
    });

    it('write_file confirmed with proceed_once: announced once with its arguments, then executed and written', async () => {
        const target = path.join(workspace, 'hello.txt');
        fake.enqueue({ toolCalls: [{ name: 'write_file', args: { file_path: target, content: 'hello from fake\n' } }] },
            { text: 'Done writing.' });
        const chat = await ChatStream.open(api, { message: 'Write hello.txt' });
        const confirmation = await chat.waitFor('tool_confirmation');
        const calls = chat.list.filter(event => event.type === 'tool_call');
        assert.equal(calls.length, 1, 'qwen\'s early "pending" tool_call is not announced twice');
        assert.equal(calls[0].data.name, 'write_file');
        assert.equal(calls[0].data.requiresConfirmation, true);
        assert.deepEqual(calls[0].data.args, { file_path: target, content: 'hello from fake\n' });
        assert.ok(confirmation.data.options.some(option => option.outcome === 'proceed_once'));
        const answer = await api.json('/tool-confirmation', { method: 'POST', body: { callId: confirmation.data.callId, outcome: 'proceed_once' } });
        assert.equal(answer.status, 200);
        await chat.done;
        const result = await chat.waitFor('tool_result');
        assert.equal(result.data.success, true);
        assert.deepEqual(chat.list.filter(event => event.type === 'tool_execution').map(event => event.data.status),
            ['pending', 'executing', 'completed']);
        assert.equal(chat.text(), 'Done writing.');
        assert.equal(chat.list.at(-1).type, 'complete');
        assert.equal(fs.readFileSync(target, 'utf8'), 'hello from fake\n');
    });

    it('write_file refused with cancel: one failed result, the file untouched, the turn complete', async () => {
        const target = path.join(workspace, 'refused.txt');
        fake.enqueue({ toolCalls: [{ name: 'write_file', args: { file_path: target, content: 'x\n' } }] });
        const chat = await ChatStream.open(api, { message: 'Write refused.txt' });
        const { data: { callId } } = await chat.waitFor('tool_confirmation');
        assert.equal((await api.json('/tool-confirmation', { method: 'POST', body: { callId, outcome: 'proceed_always_server' } })).status, 400);
        assert.equal((await api.json('/tool-confirmation', { method: 'POST', body: { callId, outcome: 'cancel' } })).status, 200);
        await chat.done;
        const results = chat.list.filter(event => event.type === 'tool_result');
        assert.equal(results.length, 1);
        assert.equal(results[0].data.success, false);
        assert.equal(chat.list.at(-1).type, 'complete');
        assert.equal(fs.existsSync(target), false);
    });

    it('answers stream: false, and SIGTERM leaves no qwen process behind', async () => {
        fake.enqueue({ text: 'Plain.' });
        const { status, body } = await api.json('/chat', { method: 'POST', body: { message: 'Plainly' } });
        assert.equal(status, 200);
        assert.equal(body.response, 'Plain.');
        const pids = api.agentPids();
        assert.ok(pids.length > 0);
        const { code } = await api.stop();
        assert.equal(code, 0);
        await waitUntil(() => pids.every(pid => !isAlive(pid)), { what: 'every qwen process to be gone', timeout: 5000 });
    });
});
