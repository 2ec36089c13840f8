import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { silentLogger, WorkspaceAgent } from '@ai-cli-companion/acp-client';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig, AcpChatClient, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AGENT_PROFILES, AgentProfile } from '@ai-cli-companion/acp-client/agent-profiles';
import { AGENTS_PREFERENCE, builtInAgentPreferences } from '../../common/acp-chat-preferences';
import { listedChatId } from '../../common/history/listed-chat-id';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpApiKeys } from '../auth/api-keys';
import { AcpAgentSecrets } from '../agents/agent-secrets';
import { AcpChatTerminals } from '../tool-calls/chat-terminals';
import { AcpChatServiceImpl } from '../session/chat-service-impl';
import { AcpChatSessionIds } from '../session/chat-session-ids';
import { AcpChatHistoryServiceImpl } from './chat-history-service-impl';
import { AcpAgentListOffers } from './list-offers';
import { REPLAY_LIMITS } from './replay-cap';

/** The ACP agent written for the tests whose sessions outlive its process (a JSON file each in --store). */
const SESSION_AGENT = path.resolve(__dirname, '../../../../../test/support/session-acp-agent.mjs');

describe('The agents\' own sessions for Browse all chats (session/list, load, delete) through the real test agent', function () {
    this.timeout(30_000);
    let root: string;
    let workspace: string;
    let store: string;
    let log: string;
    let noListLog: string;
    let hosts: AcpAgentHosts;
    let chat: AcpChatServiceImpl;
    let history: AcpChatHistoryServiceImpl;
    const updates: Array<{ chatSessionId: string; update: AcpSessionUpdate }> = [];
    const engines: WorkspaceAgent[] = [];

    const sent = (file = log) => fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
    const agentArgs = (caps: string, file: string) => [SESSION_AGENT, '--store', store, '--caps', caps, '--log', file];
    const sessionAgent: AcpChatAgentConfig = { id: 'SessionAgent', displayName: 'SessionAgent', command: process.execPath, args: [] };

    /** Conversations made outside Theia (as in qwen's own terminal UI): another process of the agent, then stopped. */
    async function madeOutside(...conversations: string[][]): Promise<string[]> {
        const agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env,
            profile: { id: 'outside', displayName: 'outside', command: process.execPath, args: agentArgs('load,resume,list,close,delete', path.join(root, 'outside.log')) }
        });
        engines.push(agent);
        const ids: string[] = [];
        for (const prompts of conversations) {
            const { sessionId } = await agent.openSession({ onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) });
            for (const prompt of prompts) {
                await agent.prompt(sessionId, [{ type: 'text', text: prompt }]);
            }
            ids.push(sessionId);
        }
        await agent.stop();
        return ids;
    }

    beforeEach(() => {
        root = tempFolder('acp-history-', { real: true });
        workspace = path.join(root, 'workspace');
        store = path.join(root, 'store');
        fs.mkdirSync(workspace);
        fs.mkdirSync(store);
        log = path.join(root, 'agent.log');
        noListLog = path.join(root, 'no-list.log');
        const user: Record<string, unknown> = {
            // Every built-in off, a CLI added to the agent table too: only the two test agents answer.
            ...Object.fromEntries(Object.keys(AGENT_PROFILES).map(id => [builtInAgentPreferences(id as AgentProfile['id']).enabled, false])),
            [AGENTS_PREFERENCE]: [
                { name: 'SessionAgent', command: process.execPath, args: agentArgs('load,resume,list,close,delete', log) },
                { name: 'NoList', command: process.execPath, args: agentArgs('load,resume,close', noListLog) }
            ]
        };
        const container = new Container();
        container.bind(PreferenceService).toConstantValue({
            inspect: (name: string) => ({ preferenceName: name, globalValue: user[name], value: user[name] })
        } as unknown as PreferenceService);
        container.bind(ILogger).toConstantValue({ info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as ILogger)
            .whenTargetNamed('ai-cli-acp-chat');
        container.bind(AcpApiKeys).toConstantValue({ environmentFor: async () => ({}), scrub: (text: string) => text, problem: async () => undefined } as unknown as AcpApiKeys);
        container.bind(AcpAgentSecrets).toService(AcpApiKeys);
        container.bind(AcpAgentHosts).toSelf().inSingletonScope();
        container.bind(AcpChatTerminals).toConstantValue({ handlersFor: () => ({}), release: () => undefined } as unknown as AcpChatTerminals);
        container.bind(AcpChatSessionIds).toConstantValue(new AcpChatSessionIds(path.join(root, 'ids.json')));
        container.bind(AcpChatServiceImpl).toSelf().inSingletonScope();
        container.bind(AcpAgentListOffers).toSelf().inSingletonScope();
        container.bind(AcpChatHistoryServiceImpl).toSelf().inSingletonScope();
        hosts = container.get(AcpAgentHosts);
        chat = container.get(AcpChatServiceImpl);
        chat.setClient({
            onSessionUpdate: (chatSessionId: string, _agentId: string, update: AcpSessionUpdate) => updates.push({ chatSessionId, update }),
            onSessionUpdates: (chatSessionId: string, _agentId: string, batch: AcpSessionUpdate[]) => batch.forEach(update => updates.push({ chatSessionId, update }))
        } as unknown as AcpChatClient);
        history = container.get(AcpChatHistoryServiceImpl);
        updates.length = 0;
    });

    afterEach(async () => {
        chat.dispose();
        await hosts.stopAll();
        await Promise.all(engines.splice(0).map(engine => engine.stop()));
        removeFolder(root);
    });

    it('lists every page of the folder\'s sessions made outside Theia, asks no agent that lacks list, and stops agents it started only for that', async () => {
        const made = await madeOutside(['fix the parser'], ['write docs', 'more docs'], ['rename things']);
        assert.equal(await history.mayList(), true);
        const listed = await history.listSessions([workspace]);
        assert.deepEqual(new Set(listed.map(session => session.sessionId)), new Set(made), 'all three, through the 2-per-page cursor');
        assert.deepEqual(listed.map(session => session.agentId), ['SessionAgent', 'SessionAgent', 'SessionAgent']);
        assert.deepEqual(new Set(listed.map(session => session.title)), new Set(['fix the parser', 'write docs', 'rename things']));
        assert.ok(listed.every(session => !Number.isNaN(Date.parse(session.updatedAt!)) && session.continuedBy.length === 0));
        assert.equal(sent().filter(method => method === 'session/list').length, 2, 'two pages');
        assert.deepEqual(sent(noListLog), ['initialize'], 'NoList was started to read its initialize, and asked nothing more');
        assert.deepEqual(hosts.pids, [], 'both agents stopped again');
        fs.rmSync(noListLog);
        await history.listSessions([workspace]);
        assert.deepEqual(sent(noListLog), [], 'an agent known to lack list is not started again');
        assert.deepEqual(await history.listSessions([]), [], 'no folder, no list');
    });

    it('says which agents run and which listed before; asked for its earlier list, one not running is not started (issue 31 part 4)', async () => {
        await madeOutside(['fix the parser']);
        const listable = async () => (await history.listableAgents([workspace]))
            .map(agent => `${agent.agentId}:${agent.running ? 'running' : 'stopped'}:${agent.listedBefore ? 'listed' : 'never'}`);
        assert.deepEqual(await listable(), ['SessionAgent:stopped:never', 'NoList:stopped:never']);
        assert.equal((await history.listSessions([workspace], ['SessionAgent'], true)).length, 1, 'no earlier list: started to ask');
        assert.deepEqual(sent(noListLog), [], 'only the agent asked for');
        assert.deepEqual(hosts.pids, [], 'stopped again');
        assert.deepEqual(await listable(), ['SessionAgent:stopped:listed', 'NoList:stopped:never']);
        await madeOutside(['write docs']);
        fs.rmSync(log);
        const earlier = await history.listSessions([workspace], ['SessionAgent'], true);
        assert.deepEqual(earlier.map(session => session.title), ['fix the parser'], 'its earlier list');
        assert.deepEqual(sent(), [], 'not started');
        const fresh = await history.listSessions([workspace], ['SessionAgent']);
        assert.deepEqual(new Set(fresh.map(session => session.title)), new Set(['fix the parser', 'write docs']), 'asked afresh');
        assert.deepEqual(await history.listableAgents([]), [], 'no folder, no agents to ask');
    });

    it('opens a listed session into the chat with the session/load replay; the next prompt continues that session', async () => {
        const [sessionId] = await madeOutside(['my name is Ada', 'I like tea']);
        const chatSessionId = listedChatId('SessionAgent', sessionId);
        const opened = await history.openSession(chatSessionId, sessionAgent, [workspace], sessionId);
        assert.ok(!('error' in opened));
        assert.equal(opened.how, 'loaded');
        const said = (kind: string) => opened.replay.filter(update => update.sessionUpdate === kind).map(update => (update.content as { text: string }).text);
        assert.deepEqual(said('user_message_chunk'), ['my name is Ada', 'I like tea']);
        assert.deepEqual(said('agent_message_chunk'), ['Echo: my name is Ada', 'Echo: I like tea']);
        // The session as the chat will prompt it, for the input to show its selectors before the first prompt.
        assert.deepEqual(opened.session.configOptions?.map(option => `${option.id}=${option.currentValue}`), ['model=small', 'mode=ask', 'brief=false']);
        assert.equal(opened.session.sessionId, sessionId);
        // The agent's slash commands follow its load answer: the session keeps them for a chat that prepares it later.
        let commands: string[] | undefined;
        await until(async () => {
            const again = await chat.prepare(chatSessionId, sessionAgent, [workspace], []);
            commands = 'error' in again ? undefined : again.commands?.map(command => command.name);
            return commands !== undefined;
        }, 'a prepare that returns the commands the agent sent after its load answer', 80);
        assert.deepEqual(commands, ['recall']);
        const result = await chat.prompt(chatSessionId, 'SessionAgent', [{ type: 'text', text: 'recall' }]);
        assert.deepEqual(result, { stopReason: 'end_turn' });
        const answer = updates.filter(entry => entry.chatSessionId === chatSessionId && entry.update.sessionUpdate === 'agent_message_chunk')
            .map(entry => (entry.update.content as { text: string }).text);
        assert.deepEqual(answer, ['History: my name is Ada | I like tea'], 'the same agent session, with its memory');
        assert.deepEqual(sent().filter(method => method.startsWith('session/')), ['session/load', 'session/prompt'], 'no session/new');
        const again = await history.listSessions([workspace]);
        assert.deepEqual(again.find(session => session.sessionId === sessionId)?.continuedBy, [chatSessionId], 'the chat continues it now');
        await chat.closeChatSession(chatSessionId);
        assert.equal(sent().filter(method => method === 'session/close').length, 1, 'deleting the chat closes its session');
    });

    it('a long conversation\'s replay reaches the window capped: its most recent part, after a line saying what was left out (issue 29 part 8)', async () => {
        const [sessionId] = await madeOutside(['hello']);
        const stored = path.join(store, `${sessionId}.json`);
        const session = JSON.parse(fs.readFileSync(stored, 'utf8'));
        session.history = Array.from({ length: 2_000 }, (_, i) => ({ user: `question ${i}`, agent: `answer ${i}` })); // 6,000 updates
        fs.writeFileSync(stored, JSON.stringify(session));
        const opened = await history.openSession(listedChatId('SessionAgent', sessionId), sessionAgent, [workspace], sessionId);
        assert.ok(!('error' in opened));
        const texts = opened.replay.map(update => (update.content as { text: string }).text);
        assert.equal(opened.replay.length, REPLAY_LIMITS.turns * 3 + 1, 'the last 500 turns (user, thought, answer each) and the note');
        assert.match(texts[0], /^\*4,500 earlier updates of this conversation \(\d+ kB\) were left out/);
        assert.equal(texts[1], 'question 1500');
        assert.deepEqual(texts.slice(-2), ['Thinking about: question 1999', 'answer 1999']);
    });

    it('refuses to open a session into a chat that does not stand for it', async () => {
        const [sessionId] = await madeOutside(['hello']);
        const opened = await history.openSession('some-other-chat', sessionAgent, [workspace], sessionId);
        assert.equal('error' in opened && opened.error.code, 'BAD_REQUEST');
        assert.deepEqual(sent(), []);
    });

    it('deletes a listed session with session/delete where offered; an agent without delete is not sent it', async () => {
        const [gone, kept] = await madeOutside(['delete me'], ['keep me']);
        assert.equal(await history.deleteSession('SessionAgent', gone, [workspace]), true);
        assert.equal(sent().filter(method => method === 'session/delete').length, 1);
        assert.deepEqual((await history.listSessions([workspace])).map(session => session.sessionId), [kept]);
        assert.deepEqual(hosts.pids, [], 'the agent started for the delete is stopped');
        assert.equal(await history.deleteSession('NoList', kept, [workspace]), false);
        assert.equal(sent(noListLog).includes('session/delete'), false);
        assert.equal(await history.deleteSession('NotMine', kept, [workspace]), false, 'only the user\'s agents');
    });
});
