import * as assert from 'assert';
import { terminalOutputOfMeta } from './terminal-meta';
import { AcpTerminalOutputs } from './terminal-outputs';

// The updates codex-acp 0.16.0 sent for `echo probe-out; sleep 0.5; echo second; exit 3` (trimmed).
const BEGIN = {
    sessionUpdate: 'tool_call', toolCallId: 'call_1_0', title: 'echo probe-out; sleep 0.5; echo second; exit 3', kind: 'execute',
    status: 'in_progress', content: [{ type: 'terminal', terminalId: 'call_1_0' }],
    _meta: { terminal_info: { terminal_id: 'call_1_0', cwd: '/ws' } }
};
const CHUNK = { sessionUpdate: 'tool_call_update', toolCallId: 'call_1_0', _meta: { terminal_output: { terminal_id: 'call_1_0', data: 'second\n' } } };
const EXIT = {
    sessionUpdate: 'tool_call_update', toolCallId: 'call_1_0', status: 'failed',
    _meta: { terminal_exit: { terminal_id: 'call_1_0', exit_code: 3, signal: null } }
};

describe('terminalOutputOfMeta (Zed\'s display-only terminal in tool-call _meta, as codex-acp sends it)', () => {
    it('reads the command from the tool call that opens it, then the output chunks, then the exit', () => {
        assert.deepEqual(terminalOutputOfMeta(BEGIN), { terminalId: 'call_1_0', command: BEGIN.title, text: '' });
        assert.deepEqual(terminalOutputOfMeta(CHUNK), { terminalId: 'call_1_0', command: '', text: 'second\n' });
        assert.deepEqual(terminalOutputOfMeta(EXIT), { terminalId: 'call_1_0', command: '', text: '', exitStatus: { exitCode: 3, signal: null } });
    });

    it('a tool card\'s view keeps the command named first while later chunks name none', () => {
        const outputs = new AcpTerminalOutputs();
        for (const update of [BEGIN, CHUNK, EXIT]) {
            outputs.apply('chat-1', terminalOutputOfMeta(update)!);
        }
        const view = outputs.view('call_1_0');
        assert.equal(view.command, BEGIN.title);
        assert.equal(view.text, 'second\n');
        assert.deepEqual(view.exitStatus, { exitCode: 3, signal: null });
    });

    it('ignores updates without it (other _meta, or none)', () => {
        assert.equal(terminalOutputOfMeta({ sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'completed' }), undefined);
        assert.equal(terminalOutputOfMeta({ sessionUpdate: 'agent_message_chunk', _meta: { usage: { inputTokens: 1 } } }), undefined);
    });
});
