import * as assert from 'assert';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig, AcpChatClient, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { manualFrames } from '../../test/manual-frames';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpChatServiceImpl } from './chat-service-impl';
import { SessionUpdateBatches, UPDATE_BATCHES, updateOrderedClient } from './update-batches';
import { specChatBackend } from '../../test/chat-backend';

const TINY_AGENT = path.resolve(__dirname, '../../../../../test/support/tiny-acp-agent.mjs');

const tool = (index: number): AcpSessionUpdate => ({ sessionUpdate: 'tool_call', toolCallId: `t${index}`, title: `Reading ${index}` });
const text = (value: string): AcpSessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: value } });
const ids = (updates: AcpSessionUpdate[]) => updates.map(update => String(update.toolCallId ?? update.sessionUpdate));

/** What reached the window, one entry per notification. */
type Sent = { batch: string[]; session: string } | { call: string };

function recordingClient(sent: Sent[]): AcpChatClient {
    return {
        onSessionUpdates: (chatSessionId, agentId, updates) => sent.push({ batch: ids(updates), session: `${chatSessionId}/${agentId}` }),
        onPermissionRequest: (_chat, _agent, request) => sent.push({ call: `permission ${request.permissionId}` }),
        onPermissionSettled: permissionId => sent.push({ call: `settled ${permissionId}` }),
        onTextFileWritten: async (_chat, _agent, file) => { sent.push({ call: `written ${file}` }); },
        readUnsavedText: async (_chat, file) => { sent.push({ call: `unsaved ${file}` }); return undefined; },
        onTerminalOutput: (_chat, output) => sent.push({ call: `terminal ${output.terminalId}` })
    } as Partial<AcpChatClient> as AcpChatClient;
}

describe('SessionUpdateBatches', () => {
    let frames: ReturnType<typeof manualFrames>;
    let sent: Sent[];
    let batches: SessionUpdateBatches;
    let client: AcpChatClient;

    beforeEach(() => {
        frames = manualFrames();
        sent = [];
        const raw = recordingClient(sent);
        batches = new SessionUpdateBatches((chatSessionId, agentId, updates) => raw.onSessionUpdates(chatSessionId, agentId, updates), frames.schedule);
        client = updateOrderedClient(raw, batches);
    });

    it('sends the first update of a quiet window at once, and what follows in the window as one notification', () => {
        client.onSessionUpdate('chat', 'agent', tool(1));
        assert.deepStrictEqual(sent, [{ batch: ['t1'], session: 'chat/agent' }], 'the first update waits for nothing');
        client.onSessionUpdate('chat', 'agent', tool(2));
        client.onSessionUpdate('chat', 'agent', tool(3));
        assert.strictEqual(sent.length, 1);
        frames.frame();
        assert.deepStrictEqual(sent.slice(1), [{ batch: ['t2', 't3'], session: 'chat/agent' }]);
        frames.frame(); // a window with nothing in it: quiet again
        assert.strictEqual(frames.pending(), 0);
        client.onSessionUpdate('chat', 'agent', tool(4));
        assert.deepStrictEqual(sent.slice(2), [{ batch: ['t4'], session: 'chat/agent' }], 'after a quiet window the next update goes at once again');
    });

    it('sends the waiting updates before a permission request, a file write, a read, terminal output and a settled question', () => {
        const request = { permissionId: 'p1', toolCall: { sessionUpdate: 'tool_call', toolCallId: 't3' }, options: [] } as AcpPermissionRequest;
        client.onSessionUpdate('chat', 'agent', tool(1));
        client.onSessionUpdate('chat', 'agent', tool(2));
        client.onSessionUpdate('chat', 'agent', tool(3));
        client.onPermissionRequest('chat', 'agent', request);
        client.onSessionUpdate('chat', 'agent', tool(4));
        void client.onTextFileWritten('chat', 'agent', '/w/a.txt', undefined, 'a');
        client.onSessionUpdate('chat', 'agent', tool(5));
        void client.readUnsavedText('chat', '/w/b.txt');
        client.onSessionUpdate('chat', 'agent', tool(6));
        client.onTerminalOutput('chat', { terminalId: 'term', command: 'ls', text: '' });
        client.onSessionUpdate('chat', 'agent', tool(7));
        client.onPermissionSettled('p1');
        assert.deepStrictEqual(sent, [
            { batch: ['t1'], session: 'chat/agent' }, { batch: ['t2', 't3'], session: 'chat/agent' }, { call: 'permission p1' },
            { batch: ['t4'], session: 'chat/agent' }, { call: 'written /w/a.txt' },
            { batch: ['t5'], session: 'chat/agent' }, { call: 'unsaved /w/b.txt' },
            { batch: ['t6'], session: 'chat/agent' }, { call: 'terminal term' },
            { batch: ['t7'], session: 'chat/agent' }, { call: 'settled p1' }
        ]);
    });

    it('keeps the order across sessions: one notification per run of the same session', () => {
        client.onSessionUpdate('a', 'agent', tool(1));
        client.onSessionUpdate('a', 'agent', tool(2));
        client.onSessionUpdate('b', 'agent', tool(3));
        client.onSessionUpdate('b', 'agent', tool(4));
        client.onSessionUpdate('a', 'other', tool(5));
        client.onSessionUpdate('a', 'agent', tool(6));
        frames.frame();
        assert.deepStrictEqual(sent, [
            { batch: ['t1'], session: 'a/agent' }, { batch: ['t2'], session: 'a/agent' }, { batch: ['t3', 't4'], session: 'b/agent' },
            { batch: ['t5'], session: 'a/other' }, { batch: ['t6'], session: 'a/agent' }
        ]);
    });

    it('caps a notification: a flood goes in batches of at most maxUpdates, in order, without waiting for the window', () => {
        const count = UPDATE_BATCHES.maxUpdates * 3 + 10;
        for (let i = 0; i < count; i++) {
            client.onSessionUpdate('chat', 'agent', tool(i));
        }
        const batchesBeforeWindow = sent.length;
        frames.frame();
        const sizes = sent.map(entry => 'batch' in entry ? entry.batch.length : 0);
        assert.ok(sizes.every(size => size <= UPDATE_BATCHES.maxUpdates), `batch sizes ${sizes}`);
        assert.strictEqual(batchesBeforeWindow, 4, 'the first update, then three full batches went before the window closed');
        assert.deepStrictEqual(sent.flatMap(entry => 'batch' in entry ? entry.batch : []), Array.from({ length: count }, (_, i) => `t${i}`));
    });

    it('caps the characters of a notification: a large update never joins others', () => {
        const big = 'x'.repeat(UPDATE_BATCHES.maxChars);
        client.onSessionUpdate('chat', 'agent', text('first'));
        client.onSessionUpdate('chat', 'agent', text('small 1'));
        client.onSessionUpdate('chat', 'agent', text(big));
        client.onSessionUpdate('chat', 'agent', text('small 2'));
        frames.frame();
        const sizes = sent.map(entry => 'batch' in entry ? entry.batch.length : 0);
        assert.deepStrictEqual(sizes, [1, 1, 1, 1], 'the first at once, the small one before the large one, the large one alone, then the rest');
    });

    it('sends nothing after dispose (the window is gone)', () => {
        client.onSessionUpdate('chat', 'agent', tool(1));
        client.onSessionUpdate('chat', 'agent', tool(2));
        batches.dispose();
        frames.frame();
        assert.deepStrictEqual(sent, [{ batch: ['t1'], session: 'chat/agent' }]);
        assert.strictEqual(frames.pending(), 0);
    });
});

describe('AcpChatServiceImpl batches a real agent\'s updates (the tiny agent of the tests)', () => {
    let workspace: string;
    let hosts: AcpAgentHosts;
    let service: AcpChatServiceImpl;
    let sent: Array<{ batch: AcpSessionUpdate[] } | { call: string }>;
    const agent: AcpChatAgentConfig = { id: 'TinyAgent', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT] };

    beforeEach(() => {
        workspace = tempFolder('acp-chat-batches-', { real: true });
        ({ hosts, service } = specChatBackend({ userAgent: () => agent }));
        sent = [];
        service.setClient({
            onSessionUpdates: (_chat, _agent, updates) => sent.push({ batch: updates }),
            onPermissionRequest: (_chat, _agent, request) => {
                sent.push({ call: `permission ${request.toolCall.toolCallId}` });
                void service.answerPermission(request.permissionId, 'reject');
            },
            onPermissionSettled: () => undefined
        } as Partial<AcpChatClient> as AcpChatClient);
    });

    afterEach(async () => {
        service.dispose();
        await hosts.stopAll();
        removeFolder(workspace);
    });

    async function prompt(textOfPrompt: string): Promise<string> {
        const prepared = await service.prepare('chat-1', agent, [workspace]);
        assert.ok(!('error' in prepared), JSON.stringify(prepared));
        return JSON.stringify(await service.prompt('chat-1', agent.id, [{ type: 'text', text: textOfPrompt }]));
    }

    it('sends a flood of tool calls in a few capped notifications, all in order before the turn\'s result', async () => {
        const count = 3000;
        assert.match(await prompt(`flood-tools ${count}`), /end_turn/);
        // Everything the turn sent is here when its result is.
        const updates = sent.flatMap(entry => 'batch' in entry ? entry.batch : []);
        const calls = updates.filter(update => update.sessionUpdate === 'tool_call').map(update => update.toolCallId);
        assert.deepStrictEqual(calls, Array.from({ length: count }, (_, i) => `flood-${i}`));
        assert.ok(sent.every(entry => 'batch' in entry && entry.batch.length <= UPDATE_BATCHES.maxUpdates));
        assert.ok(sent.length < count / 10, `${sent.length} notifications for ${updates.length} updates`);
    });

    it('sends the tool call the agent wrote before its permission request first', async () => {
        assert.match(await prompt(`write ${path.join(workspace, 'a.txt')} hello`), /end_turn/);
        const order = sent.flatMap(entry => 'batch' in entry ? entry.batch.map(update => `${update.sessionUpdate} ${update.toolCallId ?? ''}`.trim()) : [entry.call]);
        const permission = order.findIndex(line => line.startsWith('permission '));
        const toolCallId = order[permission].slice('permission '.length);
        assert.ok(order.indexOf(`tool_call ${toolCallId}`) >= 0 && order.indexOf(`tool_call ${toolCallId}`) < permission, order.join('\n'));
        assert.ok(order.indexOf(`tool_call_update ${toolCallId}`) > permission, order.join('\n'));
    });
});
