import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ChatSessionIndex, ChatSessionMetadata, ChatSessionStore } from '@theia/ai-chat/lib/common/chat-session-store';
import { ListedChatSessions } from '../../common/theia-patch-hooks/listed-chat-sessions';
import { AgentListedChatSessionStore } from './agent-listed-session-store';

const meta = (sessionId: string, title = sessionId): ChatSessionMetadata => ({ sessionId, title, saveDate: 1, location: ChatAgentLocation.Panel });
const data = (sessionId: string): SerializedChatData => ({ version: 1, saveDate: 1, model: { sessionId } } as unknown as SerializedChatData);

describe('AgentListedChatSessionStore: the agents\' own sessions in Theia\'s chat session index', () => {
    let deletedByTheia: string[];
    let deletedByAgent: string[];
    let knownAsked: Array<ReadonlySet<string>>;
    let theiaHas: boolean;
    let agentsMayHave: boolean;
    let store: AgentListedChatSessionStore;

    beforeEach(() => {
        deletedByTheia = [];
        deletedByAgent = [];
        knownAsked = [];
        theiaHas = false;
        agentsMayHave = false;
        const theia = {
            getSessionIndex: async (): Promise<ChatSessionIndex> => ({ 'theia-1': meta('theia-1'), 'acp-listed.A.b3Blbg': meta('acp-listed.A.b3Blbg', 'saved copy') }),
            readSession: async (id: string) => id.startsWith('theia-') || id === 'acp-listed.A.b3Blbg' ? data(id) : undefined,
            deleteSession: async (id: string) => { deletedByTheia.push(id); },
            hasPersistedSessions: async () => theiaHas
        } as unknown as ChatSessionStore;
        const listed: ListedChatSessions = {
            owns: id => id.startsWith('acp-listed.'),
            index: async known => {
                knownAsked.push(known);
                const all = [meta('acp-listed.A.b3Blbg', 'A: open'), meta('acp-listed.A.bmV3', 'A: new one'), meta('acp-listed.A.bGl2ZQ', 'A: live')];
                return Object.fromEntries(all.filter(entry => !known.has(entry.sessionId)).map(entry => [entry.sessionId, entry]));
            },
            read: async id => ({ ...data(id), title: 'from the agent' }),
            delete: async id => { deletedByAgent.push(id); },
            mayHaveSessions: async () => agentsMayHave
        };
        store = new AgentListedChatSessionStore(theia, () => listed, () => ['acp-listed.A.bGl2ZQ', 'theia-open']);
    });

    it('lists the agents\' sessions beside Theia\'s chats; a chat Theia has (stored or open) is listed once, as Theia\'s', async () => {
        const index = await store.getSessionIndex();
        assert.deepEqual(Object.keys(index).sort(), ['acp-listed.A.b3Blbg', 'acp-listed.A.bmV3', 'theia-1']);
        assert.equal(index['acp-listed.A.b3Blbg'].title, 'saved copy', 'Theia\'s file wins');
        assert.deepEqual([...knownAsked[0]].sort(), ['acp-listed.A.b3Blbg', 'acp-listed.A.bGl2ZQ', 'theia-1', 'theia-open']);
    });

    it('reads Theia\'s file first, else opens the agent\'s session; ids of neither are unknown', async () => {
        assert.equal((await store.readSession('theia-1'))?.title, undefined);
        assert.equal((await store.readSession('acp-listed.A.b3Blbg'))?.title, undefined, 'a saved listed chat is Theia\'s now');
        assert.equal((await store.readSession('acp-listed.A.bmV3'))?.title, 'from the agent');
        assert.equal(await store.readSession('nothing'), undefined);
    });

    it('deleting a listed entry deletes it at the agent too; Theia\'s own chats only in Theia', async () => {
        await store.deleteSession('theia-1');
        await store.deleteSession('acp-listed.A.bmV3');
        assert.deepEqual(deletedByTheia, ['theia-1', 'acp-listed.A.bmV3']);
        assert.deepEqual(deletedByAgent, ['acp-listed.A.bmV3']);
    });

    it('offers Browse all chats when Theia has chats or an agent may list some', async () => {
        assert.equal(await store.hasPersistedSessions(), false);
        agentsMayHave = true;
        assert.equal(await store.hasPersistedSessions(), true);
        agentsMayHave = false;
        theiaHas = true;
        assert.equal(await store.hasPersistedSessions(), true);
    });

    it('a failing listing leaves Theia\'s index as it is', async () => {
        const failing = new AgentListedChatSessionStore({ getSessionIndex: async () => ({ 'theia-1': meta('theia-1') }) } as unknown as ChatSessionStore,
            () => ({ index: async () => { throw new Error('agent gone'); } } as unknown as ListedChatSessions), () => []);
        assert.deepEqual(Object.keys(await failing.getSessionIndex()), ['theia-1']);
    });
});
