import '../../test/jsdom';
import * as assert from 'assert';
import { Container } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { CommandRegistry, WillExecuteCommandEvent } from '@theia/core/lib/common/command';
import { moduleText } from '../../test/theia-source';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AcpChatHistoryService, AcpListedSession } from '../../common/acp-chat-history-protocol';
import { AGENTS_PREFERENCE } from '../../common/acp-chat-preferences';
import { AcpSessionInfo } from '../../common/acp-chat-protocol';
import { listedChatId } from '../../common/listed-chat-id';
import { AcpAgentHistory, BROWSE_ALL_CHATS } from './agent-history';

const SESSION: AcpSessionInfo = {
    sessionId: 'q-1', opened: false, modes: [{ id: 'plan', name: 'Plan' }], models: [], promptCapabilities: {}, authMethods: []
};

describe('AcpAgentHistory: the agents\' sessions as entries of Browse all chats', () => {
    let listed: AcpListedSession[];
    let lists: number;
    let opened: Array<{ chatSessionId: string; sessionId: string; roots: string[] }>;
    let deleted: string[];
    let history: AcpAgentHistory;
    let willExecute: Emitter<WillExecuteCommandEvent>;
    const browse = () => willExecute.fire({ commandId: BROWSE_ALL_CHATS, args: [], waitUntil: () => undefined } as unknown as WillExecuteCommandEvent);

    beforeEach(() => {
        listed = [
            { agentId: 'QwenCode', agentName: 'Qwen Code', sessionId: 'q-1', title: 'fix the parser', updatedAt: '2026-11-25T10:00:00.000Z', continuedBy: [] },
            { agentId: 'QwenCode', agentName: 'Qwen Code', sessionId: 'q-2', continuedBy: ['theia-chat'] },
            { agentId: 'QwenCode', agentName: 'Qwen Code', sessionId: 'q-3', continuedBy: [] }
        ];
        lists = 0;
        opened = [];
        deleted = [];
        const backend: AcpChatHistoryService = {
            mayList: async () => true,
            listSessions: async () => { lists++; return listed; },
            openSession: async (chatSessionId, _agent, roots, sessionId) => {
                opened.push({ chatSessionId, sessionId, roots });
                if (sessionId === 'q-3') {
                    return { error: { code: 'AGENT_ERROR', message: 'Session not found', details: '' } };
                }
                return { how: 'loaded', replay: [{ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'fix it' } }], session: SESSION };
            },
            deleteSession: async (_agentId, sessionId) => { deleted.push(sessionId); return true; }
        };
        const user: Record<string, unknown> = { [AGENTS_PREFERENCE]: [] };
        const container = new Container();
        container.bind(AcpChatHistoryService).toConstantValue(backend);
        container.bind(PreferenceService).toConstantValue({ inspect: (name: string) => ({ preferenceName: name, globalValue: user[name] }) } as unknown as PreferenceService);
        container.bind(WorkspaceService).toConstantValue({ tryGetRoots: () => [{ resource: { path: { fsPath: () => '/work/project' } } }] } as unknown as WorkspaceService);
        container.bind(MessageService).toConstantValue({ info: () => undefined, error: () => undefined } as unknown as MessageService);
        willExecute = new Emitter<WillExecuteCommandEvent>();
        container.bind(CommandRegistry).toConstantValue({ onWillExecuteCommand: willExecute.event } as unknown as CommandRegistry);
        container.bind(AcpAgentHistory).toSelf();
        history = container.get(AcpAgentHistory);
    });

    it('labels each session "<agent>: <title>" with its date, pinned to the agent; one a Theia chat continues is left to that chat', async () => {
        browse();
        const index = await history.index(new Set(['theia-chat', listedChatId('QwenCode', 'q-3')]));
        assert.deepEqual(Object.values(index).map(({ sessionId, title, saveDate, pinnedAgentId }) => ({ sessionId, title, saveDate, pinnedAgentId })), [{
            sessionId: listedChatId('QwenCode', 'q-1'), title: 'Qwen Code: fix the parser', saveDate: Date.parse('2026-11-25T10:00:00.000Z'), pinnedAgentId: 'QwenCode'
        }]);
        await history.index(new Set());
        assert.equal(lists, 1, 'one listing per opening of Browse all chats');
    });

    it('asks the agents only when Browse all chats opens: deleting a chat before that (the index read for its children) waits for none', async () => {
        assert.deepEqual(await history.index(new Set()), {});
        assert.equal(lists, 0);
        browse();
        assert.equal(Object.keys(await history.index(new Set())).length, 3);
        assert.equal(lists, 1);
        browse();
        await history.index(new Set());
        assert.equal(lists, 2, 'each opening asks afresh');
    });

    it('Theia\'s Browse all chats command has the id the listing waits for', () => {
        assert.ok(moduleText('@theia/ai-chat-ui/lib/browser/chat-view-commands').includes(`id: '${BROWSE_ALL_CHATS}'`));
    });

    it('opens a listed session for the workspace folder as a chat with the replayed transcript', async () => {
        browse();
        await history.index(new Set());
        const chatSessionId = listedChatId('QwenCode', 'q-1');
        const data = await history.read(chatSessionId);
        assert.deepEqual(opened, [{ chatSessionId, sessionId: 'q-1', roots: ['/work/project'] }]);
        assert.equal(data?.title, 'Qwen Code: fix the parser');
        assert.equal(data?.pinnedAgentId, 'QwenCode');
        assert.deepEqual(data?.model.requests.map(request => request.text), ['fix it']);
        assert.equal(await history.read(listedChatId('NotMine', 'x')), undefined, 'only the user\'s agents');
        assert.equal(await history.read('theia-chat'), undefined);
    });

    it('announces each open as its call leaves, with the session the backend opened (undefined when it could not)', async () => {
        browse();
        await history.index(new Set());
        const heard: Array<{ chatSessionId: string; agentId: string; callsSent: number; opened: Promise<unknown> }> = [];
        history.onWillOpen(({ chatSessionId, agentId, opened: result }) => heard.push({ chatSessionId, agentId, callsSent: opened.length, opened: result }));
        await history.read(listedChatId('QwenCode', 'q-1'));
        await history.read(listedChatId('QwenCode', 'q-3'));
        assert.deepEqual(heard.map(({ chatSessionId, agentId, callsSent }) => ({ chatSessionId, agentId, callsSent })), [
            { chatSessionId: listedChatId('QwenCode', 'q-1'), agentId: 'QwenCode', callsSent: 1 },
            { chatSessionId: listedChatId('QwenCode', 'q-3'), agentId: 'QwenCode', callsSent: 2 }
        ]);
        assert.deepEqual(((await heard[0].opened) as { session: AcpSessionInfo }).session, SESSION);
        assert.equal(await heard[1].opened, undefined, 'the agent could not open it');
    });

    it('deletes a listed session at its agent; the list shown loses it without asking the agents again', async () => {
        browse();
        await history.index(new Set());
        await history.delete(listedChatId('QwenCode', 'q-1'));
        await history.delete('theia-chat');
        assert.deepEqual(deleted, ['q-1']);
        assert.deepEqual(Object.keys(await history.index(new Set())), [listedChatId('QwenCode', 'q-2'), listedChatId('QwenCode', 'q-3')]);
        assert.equal(lists, 1);
    });
});
