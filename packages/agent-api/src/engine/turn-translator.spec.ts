import * as assert from 'assert';
import { TurnTranslator } from './turn-translator';

const text = (t: string) => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: t } });
const types = (events: Array<{ type: string }>) => events.map(event => event.type);

describe('TurnTranslator', () => {
    it('drops qwen\'s empty usage chunk (the engine drops gemini\'s [MODE_UPDATE] text); ends with an empty last chunk', () => {
        const turn = new TurnTranslator();
        assert.deepEqual(types(turn.update(text('Hello '))), ['content']);
        assert.deepEqual(turn.update(text('')), []);
        turn.update(text('world.'));
        const end = turn.end({ stopReason: 'end_turn' });
        assert.deepEqual(end.map(event => event.data), [{ text: '', isPartial: false }, { success: true, message: 'Conversation complete (end_turn)' }]);
        assert.equal(turn.responseText, 'Hello world.');
    });

    it('splits a thought into subject and description', () => {
        const turn = new TurnTranslator();
        const thought = (t: string) => turn.update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: t } })[0]?.data;
        assert.deepEqual(thought('**Planning**\nI should greet.'), { subject: 'Planning', description: 'I should greet.' });
        assert.deepEqual(thought('****\nplain reasoning'), { subject: '', description: 'plain reasoning' });
        assert.deepEqual(thought('qwen reasoning'), { subject: '', description: 'qwen reasoning' });
    });

    it('gemini: a permission request announces the call with arguments rebuilt from its diff', () => {
        const turn = new TurnTranslator();
        const events = turn.permission({
            toolCallId: 'write_file__write_file_17_0', status: 'pending', title: 'Writing to a.txt', kind: 'edit',
            content: [{ type: 'diff', path: '/ws/a.txt', oldText: '', newText: 'hi\n' }], locations: [{ path: '/ws/a.txt' }]
        }, [{ optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' }, { optionId: 'cancel', name: 'Reject', kind: 'reject_once' }]);
        assert.deepEqual(types(events), ['tool_call', 'tool_confirmation', 'tool_execution']);
        assert.deepEqual(events[0].data, {
            callId: 'write_file__write_file_17_0', name: 'write_file', displayName: 'Writing to a.txt', description: 'Writing to a.txt',
            args: { file_path: '/ws/a.txt', content: 'hi\n' }, requiresConfirmation: true
        });
        assert.equal((events[1].data as { command: string }).command, 'write_file /ws/a.txt');
        // gemini sends nothing for a refused call: the refusal itself is reported.
        const refused = turn.confirmed('write_file__write_file_17_0', 'cancel');
        assert.deepEqual(types(refused), ['tool_execution', 'tool_result']);
        assert.equal((refused[1].data as { success: boolean }).success, false);
        assert.deepEqual(turn.toolCalls.map(call => call.status), ['cancelled']);
    });

    it('qwen: the early pending tool_call waits; a call that runs without asking is announced as not needing confirmation', () => {
        const turn = new TurnTranslator();
        assert.deepEqual(turn.update({ sessionUpdate: 'tool_call', toolCallId: 'call_1', status: 'pending', title: 'ReadFile', kind: 'read',
            rawInput: {}, _meta: { toolName: 'read_file' } }), []);
        const running = turn.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'in_progress', rawInput: { absolute_path: '/ws/a' } });
        assert.deepEqual(types(running), ['tool_call', 'tool_execution']);
        assert.equal((running[0].data as { requiresConfirmation: boolean }).requiresConfirmation, false);
        assert.deepEqual((running[0].data as { args: object }).args, { absolute_path: '/ws/a' });
        const done = turn.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed',
            content: [{ type: 'content', content: { type: 'text', text: 'file text' } }] });
        assert.deepEqual(types(done), ['tool_execution', 'tool_result']);
        assert.equal((done[1].data as { result: string }).result, 'file text');
        assert.deepEqual(turn.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'failed' }), [], 'reported once');
    });

    it('a turn that ends with calls still pending reports them cancelled, then the error', () => {
        const turn = new TurnTranslator();
        turn.permission({ toolCallId: 'c', title: 'echo hi', kind: 'execute' }, []);
        const end = turn.end({ error: { code: 'AGENT_EXITED', message: 'gone', details: '' } });
        assert.deepEqual(types(end), ['tool_execution', 'tool_result', 'error']);
        assert.equal(turn.toolCalls[0].args.command, 'echo hi');
    });
});
