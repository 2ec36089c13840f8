import '../../test/jsdom';
import * as assert from 'assert';
import { Container } from '@theia/core/shared/inversify';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AcpChatHistoryService, AcpListableAgent, AcpListedSession } from '../../common/history/acp-chat-history-protocol';
import { AGENTS_PREFERENCE } from '../../common/acp-chat-preferences';
import { AcpSessionInfo } from '../../common/acp-chat-protocol';
import { listedChatId } from '../../common/history/listed-chat-id';
import { AcpAgentHistory, AcpHistoryBrowse } from './agent-history';

const SESSION: AcpSessionInfo = {
    sessionId: 'q-1', opened: false, modes: [{ id: 'plan', name: 'Plan' }], models: [], promptCapabilities: {}, authMethods: []
};

describe('AcpAgentHistory: the agents\' sessions as entries of Browse all chats', () => {
    let listed: AcpListedSession[];
    let agents: AcpListableAgent[];
    /** Each listSessions call's agent ids; `answer` settles the oldest unanswered one. */
    let asked: Array<{ agentIds: string[] | undefined; earlier: boolean | undefined; answer: () => void }>;
    let lists: number;
    let opened: Array<{ chatSessionId: string; sessionId: string; roots: string[] }>;
    let deleted: string[];
    let history: AcpAgentHistory;
    let browsing: AcpHistoryBrowse | undefined;
    /** Opens Browse all chats and lets every agent asked answer. */
    const browse = async () => {
        browsing?.dispose();
        browsing = history.browse();
        await answered();
    };
    const answered = async () => {
        await new Promise(resolve => setTimeout(resolve, 0));
        asked.splice(0).forEach(call => call.answer());
        await new Promise(resolve => setTimeout(resolve, 0));
    };

    beforeEach(() => {
        listed = [
            { agentId: 'QwenCode', agentName: 'Qwen Code', sessionId: 'q-1', title: 'fix the parser', updatedAt: '2026-11-25T10:00:00.000Z', continuedBy: [] },
            { agentId: 'QwenCode', agentName: 'Qwen Code', sessionId: 'q-2', continuedBy: ['theia-chat'] },
            { agentId: 'QwenCode', agentName: 'Qwen Code', sessionId: 'q-3', continuedBy: [] }
        ];
        agents = [{ agentId: 'QwenCode', agentName: 'Qwen Code', running: true, listedBefore: false }];
        asked = [];
        lists = 0;
        opened = [];
        deleted = [];
        const backend: AcpChatHistoryService = {
            mayList: async () => true,
            listableAgents: async () => agents,
            listSessions: (_roots, agentIds, earlier) => new Promise(resolve => {
                lists++;
                asked.push({ agentIds, earlier, answer: () => resolve(listed.filter(session => !agentIds || agentIds.includes(session.agentId))) });
            }),
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
        container.bind(AcpAgentHistory).toSelf();
        history = container.get(AcpAgentHistory);
    });

    afterEach(() => browsing?.dispose());

    it('labels each session "<agent>: <title>" with its date, pinned to the agent; one a Theia chat continues is left to that chat', async () => {
        await browse();
        const index = await history.index(new Set(['theia-chat', listedChatId('QwenCode', 'q-3')]));
        assert.deepEqual(Object.values(index).map(({ sessionId, title, saveDate, pinnedAgentId }) => ({ sessionId, title, saveDate, pinnedAgentId })), [{
            sessionId: listedChatId('QwenCode', 'q-1'), title: 'Qwen Code: fix the parser', saveDate: Date.parse('2026-11-25T10:00:00.000Z'), pinnedAgentId: 'QwenCode'
        }]);
        await history.index(new Set());
        assert.equal(lists, 1, 'one listing per opening of Browse all chats');
    });

    it('asks the agents only when Browse all chats opens, each on its own; the index never waits for one', async () => {
        assert.deepEqual(await history.index(new Set()), {});
        assert.equal(lists, 0, 'deleting a chat before that (the index read for its children) asks none');
        agents = [{ agentId: 'QwenCode', agentName: 'Qwen Code', running: true, listedBefore: false }, { agentId: 'Slow', agentName: 'Slow Agent', running: true, listedBefore: true }];
        browsing = history.browse();
        const changes: number[] = [];
        browsing.onDidChange(() => changes.push(browsing!.waiting));
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.deepEqual(asked.map(call => [call.agentIds, call.earlier]), [[['QwenCode'], false], [['Slow'], false]], 'running agents are asked afresh');
        assert.deepEqual(await history.index(new Set()), {}, 'nothing answered yet, and the index does not wait');
        assert.equal(browsing.waiting, 2);
        asked.shift()!.answer();
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.equal(Object.keys(await history.index(new Set())).length, 3, 'the first answer is in while the other agent is still asked');
        assert.equal(browsing.waiting, 1);
        assert.deepEqual(changes, [2, 1]);
        await browse();
        assert.equal(lists, 4, 'each opening asks afresh');
    });

    it('an agent that is not running shows its earlier list of this backend run, and is asked afresh (started) only on load', async () => {
        agents = [
            { agentId: 'QwenCode', agentName: 'Qwen Code', running: false, listedBefore: true },
            { agentId: 'Never', agentName: 'Never Ran', running: false, listedBefore: false }
        ];
        browsing = history.browse();
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.deepEqual(asked.map(call => [call.agentIds, call.earlier]), [[['QwenCode'], true]], 'only for its earlier list');
        await answered();
        assert.equal(Object.keys(await history.index(new Set())).length, 3);
        assert.deepEqual(browsing.notLoaded.map(agent => agent.agentName), ['Qwen Code', 'Never Ran']);
        browsing.load();
        assert.deepEqual(browsing.notLoaded, []);
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.deepEqual(asked.map(call => [call.agentIds, call.earlier]), [[['QwenCode'], false], [['Never'], false]], 'afresh');
    });

    it('opens a listed session for the workspace folder as a chat with the replayed transcript', async () => {
        await browse();
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
        await browse();
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
        await browse();
        await history.delete(listedChatId('QwenCode', 'q-1'));
        await history.delete('theia-chat');
        assert.deepEqual(deleted, ['q-1']);
        assert.deepEqual(Object.keys(await history.index(new Set())), [listedChatId('QwenCode', 'q-2'), listedChatId('QwenCode', 'q-3')]);
        assert.equal(lists, 1);
    });
});
