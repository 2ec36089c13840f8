import * as assert from 'assert';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpAgentSideWrites, AgentWriteRecorder } from './agent-side-writes';

/** A file system of plain strings; reads wait for `release()` when `held`, recorded writes are listed. */
function recorder(files: Record<string, string>, held = false) {
    const recorded: Array<{ path: string; before: string | undefined }> = [];
    const edits: Array<{ path: string; hunks: number }> = [];
    const reads: string[] = [];
    let release: () => void = () => undefined;
    const gate = held ? new Promise<void>(resolve => { release = resolve; }) : Promise.resolve();
    const fs: AgentWriteRecorder = {
        read: async (_chatSessionId, _agentId, path) => {
            reads.push(path);
            await gate;
            return files[path];
        },
        recordAgentWrite: async (_chat, _agent, path, before) => { recorded.push({ path, before }); },
        recordAgentEdit: async (_chat, _agent, path, diffs) => { edits.push({ path, hunks: diffs.length }); }
    };
    return { fs, recorded, edits, reads, release: () => release() };
}

// As claude-agent-acp 0.23.1 asks before an Edit (measured): the diff holds only the changed text.
const editCall = (path: string, id = 'toolu_1'): AcpSessionUpdate & { toolCallId: string } => ({
    sessionUpdate: 'tool_call', toolCallId: id, kind: 'edit', title: 'Edit a.txt',
    content: [{ type: 'diff', path, oldText: 'alpha', newText: 'beta' }], locations: [{ path }]
});
const completed = (id = 'toolu_1', status = 'completed'): AcpSessionUpdate => ({ sessionUpdate: 'tool_call_update', toolCallId: id, status });

describe('AcpAgentSideWrites (files an agent writes itself join the change set)', () => {
    it('an asked edit that completes records the file with its content from before the answer', async () => {
        const { fs, recorded } = recorder({ '/ws/a.txt': 'alpha\n' });
        const writes = new AcpAgentSideWrites(fs, 'chat', 'Claude', ['/ws']);
        await writes.snapshot(editCall('/ws/a.txt'));
        await writes.onUpdate(completed());
        assert.deepStrictEqual(recorded, [{ path: '/ws/a.txt', before: 'alpha\n' }]);
    });

    it('a new file is recorded with no content before', async () => {
        const { fs, recorded } = recorder({});
        const writes = new AcpAgentSideWrites(fs, 'chat', 'Claude', ['/ws/']);
        await writes.snapshot({ ...editCall('/ws/new.txt'), content: [{ type: 'diff', path: '/ws/new.txt', oldText: null, newText: 'new file\n' }] });
        await writes.onUpdate(completed());
        assert.deepStrictEqual(recorded, [{ path: '/ws/new.txt', before: undefined }]);
    });

    it('the snapshot resolves only once the files are read, so the answer cannot let the agent write first', async () => {
        const { fs, release } = recorder({ '/ws/a.txt': 'alpha\n' }, true);
        const writes = new AcpAgentSideWrites(fs, 'chat', 'Claude', ['/ws']);
        let done = false;
        const snapshot = writes.snapshot(editCall('/ws/a.txt')).then(() => { done = true; });
        await new Promise(resolve => setImmediate(resolve));
        assert.strictEqual(done, false);
        release();
        await snapshot;
        assert.strictEqual(done, true);
    });

    it('records nothing for a failed call, an update before completion, or a call nobody was asked about', async () => {
        const { fs, recorded } = recorder({ '/ws/a.txt': 'alpha\n', '/ws/b.txt': 'b\n' });
        const writes = new AcpAgentSideWrites(fs, 'chat', 'Claude', ['/ws']);
        await writes.snapshot(editCall('/ws/a.txt'));
        await writes.onUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'toolu_1', status: 'in_progress' });
        await writes.onUpdate(completed('toolu_1', 'failed'));
        await writes.onUpdate(completed('toolu_1'));
        await writes.onUpdate(completed('toolu_unasked'));
        assert.deepStrictEqual(recorded, []);
    });

    it('never reads or lists a file outside the workspace roots (nor a root\'s sibling with the same prefix)', async () => {
        const { fs, recorded, reads } = recorder({ '/etc/hosts': 'x', '/ws-other/a.txt': 'y' });
        const writes = new AcpAgentSideWrites(fs, 'chat', 'Claude', ['/ws']);
        await writes.snapshot(editCall('/etc/hosts', 'toolu_1'));
        await writes.snapshot(editCall('/ws-other/a.txt', 'toolu_2'));
        await writes.onUpdate(completed('toolu_1'));
        await writes.onUpdate(completed('toolu_2'));
        assert.deepStrictEqual(reads, []);
        assert.deepStrictEqual(recorded, []);
    });

    it('a call whose permission is asked twice keeps the first snapshot', async () => {
        const files: Record<string, string> = { '/ws/a.txt': 'alpha\n' };
        const { fs, recorded } = recorder(files);
        const writes = new AcpAgentSideWrites(fs, 'chat', 'Claude', ['/ws']);
        await writes.snapshot(editCall('/ws/a.txt'));
        files['/ws/a.txt'] = 'beta\n';
        await writes.snapshot(editCall('/ws/a.txt'));
        await writes.onUpdate(completed());
        assert.deepStrictEqual(recorded, [{ path: '/ws/a.txt', before: 'alpha\n' }]);
    });

    it('an edit nobody was asked about is recorded from its diffs; one that was asked about only from its snapshot', async () => {
        const { fs, recorded, edits } = recorder({ '/ws/a.txt': 'alpha' });
        const writes = new AcpAgentSideWrites(fs, 'chat', 'agent', ['/ws']);
        const hunks = new Map([['/ws/b.txt', [{ oldText: 'x', newText: 'y' }, { oldText: 'p', newText: 'q' }]], ['/elsewhere/c.txt', [{ newText: 'z' }]]]);
        await writes.onEditCompleted('unasked', hunks);
        assert.deepEqual(edits, [{ path: '/ws/b.txt', hunks: 2 }], 'in the workspace only');
        await writes.snapshot(editCall('/ws/a.txt', 'asked'));
        await writes.onEditCompleted('asked', new Map([['/ws/a.txt', [{ oldText: 'alpha', newText: 'beta' }]]]));
        await writes.onUpdate(completed('asked'));
        assert.deepEqual(edits.length, 1, 'not recovered from diffs');
        assert.deepEqual(recorded, [{ path: '/ws/a.txt', before: 'alpha' }]);
    });
});
