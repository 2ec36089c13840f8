import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type * as acp from '@agentclientprotocol/sdk';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { silentLogger } from './agent-logger';
import { AgentExitedError } from './agent-errors';
import { replayNotShown } from './replay-dedup';
import { SessionHandlers } from './session-routes';
import { WorkspaceAgent } from './workspace-agent';
import { WorkspaceAgentOptions } from './workspace-agent-options';
import { RecordedSession, sessionRecorder } from './test/session-recorder';

/** An ACP agent written for the tests whose sessions outlive its process (one JSON file each in --store). */
const SESSION_AGENT = path.resolve(__dirname, '../../../test/support/session-acp-agent.mjs');

const recorder = (overrides: Partial<SessionHandlers> = {}): RecordedSession => sessionRecorder(overrides, '\n');

const said = (text: string): acp.ContentBlock[] => [{ type: 'text', text }];

describe('WorkspaceAgent sessions that outlive the agent process (resume, load, list, close, delete, config options, usage, forms)', () => {
    let root: string;
    let workspace: string;
    let store: string;
    let log: string;
    const agents: WorkspaceAgent[] = [];

    function engine(caps = 'load,resume,list,close,delete', options: Partial<WorkspaceAgentOptions> = {}, extraArgs: string[] = []): WorkspaceAgent {
        const agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env, ...options,
            profile: { id: 'session', displayName: 'Session agent', command: process.execPath,
                args: [SESSION_AGENT, '--store', store, '--caps', caps, '--log', log, ...extraArgs] }
        });
        agents.push(agent);
        return agent;
    }

    /** The methods the client sent the agent, in order (what `--log` recorded). */
    const sent = () => fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];

    /** A session with two turns, made by one agent process that is then stopped: the store keeps it. */
    async function earlierSession(caps?: string): Promise<string> {
        const first = engine(caps);
        const { sessionId } = await first.openSession(recorder());
        await first.prompt(sessionId, said('my name is Ada'));
        await first.prompt(sessionId, said('I like tea'));
        await first.stop();
        fs.rmSync(log, { force: true });
        return sessionId;
    }

    beforeEach(() => {
        root = tempFolder('acp-sessions-', { real: true });
        workspace = path.join(root, 'workspace');
        store = path.join(root, 'store');
        log = path.join(root, 'methods.log');
        fs.mkdirSync(workspace);
    });

    afterEach(async () => {
        await Promise.all(agents.splice(0).map(agent => agent.stop()));
        removeFolder(root);
    });

    it('resumes where the agent offers session/resume: the same id, no replay, and the agent remembers', async () => {
        const sessionId = await earlierSession();
        const agent = engine();
        const session = recorder();
        const attached = await agent.attachSession(session, { sessionId, cwd: workspace });
        assert.equal(attached.how, 'resumed');
        assert.equal(attached.sessionId, sessionId);
        assert.equal(attached.replay, undefined);
        assert.deepEqual(sent(), ['initialize', 'session/resume']);
        await agent.prompt(sessionId, said('recall'));
        assert.equal(session.texts(), 'History: my name is Ada | I like tea');
    });

    it('loads where the agent offers only session/load: the replay comes back apart, never as new content for the listener', async () => {
        const sessionId = await earlierSession('load');
        const agent = engine('load');
        const session = recorder();
        const attached = await agent.attachSession(session, { sessionId, cwd: workspace });
        assert.equal(attached.how, 'loaded');
        assert.deepEqual(attached.replay!.filter(update => update.sessionUpdate !== 'agent_thought_chunk')
            .map(update => [update.sessionUpdate, (update as { content: { text: string } }).content.text]), [
            ['user_message_chunk', 'my name is Ada'], ['agent_message_chunk', 'Echo: my name is Ada'],
            ['user_message_chunk', 'I like tea'], ['agent_message_chunk', 'Echo: I like tea']]);
        await agent.prompt(sessionId, said('recall'));
        assert.deepEqual(session.updates.filter(update => update.sessionUpdate === 'user_message_chunk'), [], 'no replayed message reached the listener');
        assert.equal(session.texts(), 'History: my name is Ada | I like tea');
        // The SDK may settle the prompt's answer before it has handled a notification sent ahead of it: wait for it.
        await until(() => session.updates.some(update => update.sessionUpdate === 'available_commands_update'), 'state sent during the load to reach the listener');
        const shown = [{ role: 'user' as const, text: '@Agent my name is Ada' }, { role: 'agent' as const, text: 'Echo: my name is Ada' }];
        assert.deepEqual(replayNotShown(shown, attached.replay!).filter(update => update.sessionUpdate === 'user_message_chunk').length, 1,
            'a chat that shows the first turn adds only the second');
    });

    it('two attaches of one session at once send one session/resume: the second finds the session live and takes it over', async () => {
        const sessionId = await earlierSession();
        const agent = engine();
        const first = recorder();
        const second = recorder();
        const results = await Promise.all([agent.attachSession(first, { sessionId }), agent.attachSession(second, { sessionId })]);
        assert.deepEqual(results.map(result => result.how), ['resumed', 'live']);
        assert.deepEqual(sent(), ['initialize', 'session/resume']);
        await agent.prompt(sessionId, said('recall'));
        assert.equal(second.texts(), 'History: my name is Ada | I like tea');
        assert.equal(first.texts(), '');
    });

    it('prefer: "load" loads even where resume is offered (a listed session opened into an empty chat needs the transcript)', async () => {
        const sessionId = await earlierSession();
        const attached = await engine().attachSession(recorder(), { sessionId, cwd: workspace, prefer: 'load' });
        assert.equal(attached.how, 'loaded');
        assert.equal(attached.replay!.filter(update => update.sessionUpdate === 'user_message_chunk').length, 2);
    });

    it('an agent that can neither resume nor load gets session/new and a plain reason', async () => {
        const sessionId = await earlierSession('none');
        const agent = engine('none');
        const attached = await agent.attachSession(recorder(), { sessionId, cwd: workspace });
        assert.equal(attached.how, 'new');
        assert.notEqual(attached.sessionId, sessionId);
        assert.match(attached.reason!, /^Session agent cannot resume sessions: this conversation starts fresh/);
        assert.deepEqual(sent(), ['initialize', 'session/new']);
        assert.equal((await agent.prompt(attached.sessionId, said('hello'))).stopReason, 'end_turn');
    });

    it('a session the agent no longer knows falls back to session/new with the agent\'s error as the reason', async () => {
        const agent = engine();
        const attached = await agent.attachSession(recorder(), { sessionId: 's-forgotten', cwd: workspace });
        assert.equal(attached.how, 'new');
        assert.match(attached.reason!, /no longer knows this session \(Session not found: s-forgotten\)/);
        assert.deepEqual(sent(), ['initialize', 'session/resume', 'session/new']);
    });

    it('a load that never answers ends at the timeout with a fresh session and says why (never a hang)', async () => {
        const sessionId = await earlierSession('load');
        const agent = engine('load', { attachTimeoutMs: 300 }, ['--hang', 'session/load']);
        const attached = await agent.attachSession(recorder(), { sessionId, cwd: workspace });
        assert.equal(attached.how, 'new');
        assert.match(attached.reason!, /no answer to session\/load within 300 ms/);
    });

    it('after the agent process died, reattachSession continues the same session id with its handlers, and the agent remembers', async () => {
        const agent = engine();
        let exited: AgentExitedError | undefined;
        const session = recorder({ onAgentExit: error => { exited = error; } });
        const { sessionId } = await agent.openSession(session);
        await agent.prompt(sessionId, said('my name is Ada'));
        const pid = agent.pid;
        await assert.rejects(agent.prompt(sessionId, said('die')), (error: unknown) => error instanceof AgentExitedError);
        assert.ok(exited);
        assert.equal(agent.hasSession(sessionId), false);
        assert.equal(agent.canReattach(sessionId), true);
        const attached = await agent.reattachSession(sessionId);
        assert.notEqual(agent.pid, pid, 'a new agent process');
        assert.deepEqual([attached.how, attached.sessionId], ['resumed', sessionId]);
        assert.equal(agent.hasSession(sessionId), true);
        await agent.prompt(sessionId, said('recall'));
        assert.match(session.texts(), /History: my name is Ada$/, 'the same listener hears the continued session');
    });

    it('a session closed for good is not reattached, and session/close is sent only where offered', async () => {
        const agent = engine();
        const { sessionId } = await agent.openSession(recorder());
        assert.equal(await agent.closeSession(sessionId), true);
        assert.equal(agent.canReattach(sessionId), false);
        await assert.rejects(agent.reattachSession(sessionId), /closed or never opened/);
        assert.ok(sent().includes('session/close'));
        const without = engine('load');
        const other = await without.openSession(recorder());
        assert.equal(await without.closeSession(other.sessionId), false);
        assert.equal(sent().filter(method => method === 'session/close').length, 1);
    });

    it('lists the agent\'s sessions for the folder through every nextCursor page; asks no agent that lacks list', async () => {
        const agent = engine();
        const ids = new Set<string>();
        for (let i = 0; i < 5; i++) {
            const { sessionId } = await agent.openSession(recorder());
            await agent.prompt(sessionId, said(`conversation ${i}`));
            ids.add(sessionId);
        }
        await agent.openSession(recorder(), os.tmpdir());
        const first = await agent.listSessions();
        assert.equal(first.sessions.length, 2);
        assert.equal(first.nextCursor, '2');
        const all = await agent.listAllSessions();
        assert.equal(all.supported, true);
        assert.deepEqual(new Set(all.sessions.map(session => session.sessionId)), ids, 'only this folder\'s, each once');
        assert.ok(all.sessions.every(session => session.cwd === workspace && /^conversation \d$/.test(session.title ?? '') && session.updatedAt));
        assert.equal(sent().filter(method => method === 'session/list').length, 1 + 3);
        const unlisted = engine('load,resume');
        fs.rmSync(log);
        assert.deepEqual(await unlisted.listAllSessions(), { supported: false, sessions: [] });
        assert.equal(sent().includes('session/list'), false);
    });

    it('deletes with session/delete where offered; the deleted session is gone from the list and cannot be loaded', async () => {
        const sessionId = await earlierSession();
        const agent = engine();
        assert.equal(await agent.deleteSession(sessionId), true);
        assert.deepEqual((await agent.listAllSessions()).sessions, []);
        assert.equal((await agent.attachSession(recorder(), { sessionId })).how, 'new');
        const cannot = engine('load');
        assert.equal(await cannot.deleteSession('s-any'), false);
    });

    it('an agent started only to list or delete sessions is stopped once nothing uses it; one with an open session is kept', async () => {
        await earlierSession();
        const agent = engine();
        assert.equal((await agent.listAllSessions()).sessions.length, 1);
        const pid = agent.pid;
        assert.ok(pid, 'the listing started the agent');
        assert.equal(await agent.stopIfUnused(), true);
        assert.equal(agent.pid, undefined);
        assert.throws(() => process.kill(pid!, 0), 'its process is gone');
        const { sessionId } = await agent.openSession(recorder());
        assert.equal(await agent.stopIfUnused(), false, 'a session is open');
        assert.ok(agent.hasSession(sessionId));
        await agent.closeSession(sessionId);
        assert.equal(await agent.stopIfUnused(), true);
    });

    it('tracks configOptions from session/new, config_option_update and the set_config_option answer (which replaces the whole set)', async () => {
        const agent = engine();
        const session = recorder();
        const { sessionId, state } = await agent.openSession(session);
        const ids = (options?: acp.SessionConfigOption[]) => options?.map(option => `${option.id}=${String(option.currentValue)}`);
        assert.deepEqual(ids(state.configOptions ?? undefined), ['model=small', 'mode=ask']);
        assert.deepEqual(ids(agent.states.configOptionsOf(sessionId)), ['model=small', 'mode=ask']);
        assert.deepEqual(ids(await agent.setConfigOption(sessionId, 'model', 'big')), ['model=big', 'mode=ask', 'thought_level=low']);
        assert.deepEqual(ids(agent.states.configOptionsOf(sessionId)), ['model=big', 'mode=ask', 'thought_level=low'], 'the answer\'s new option is there');
        await agent.prompt(sessionId, said('config'));
        assert.deepEqual(ids(agent.states.configOptionsOf(sessionId)), ['model=big', 'mode=code', 'thought_level=low']);
        assert.ok(session.updates.some(update => update.sessionUpdate === 'config_option_update'), 'the update reaches the listener too');
        await assert.rejects(agent.setConfigOption(sessionId, 'model', 'huge'), /No such choice/);
        await agent.stop();
        const resumed = await engine().attachSession(recorder(), { sessionId });
        assert.deepEqual(ids(resumed.state.configOptions ?? undefined), ['model=big', 'mode=code', 'thought_level=low'], 'from the resume answer');
    });

    it('declares boolean config options only when asked to, and sends a boolean choice typed', async () => {
        const agent = engine(undefined, { booleanConfigOptions: true });
        const { sessionId } = await agent.openSession(recorder());
        assert.ok(agent.states.configOptionsOf(sessionId)!.some(option => option.id === 'brief' && option.type === 'boolean'));
        const options = await agent.setConfigOption(sessionId, 'brief', true);
        assert.equal(options.find(option => option.id === 'brief')!.currentValue, true);
    });

    it('passes usage_update through to the listener, typed, and keeps the last one', async () => {
        const agent = engine();
        const session = recorder();
        const { sessionId } = await agent.openSession(session);
        assert.equal(agent.states.usageOf(sessionId), undefined);
        await agent.prompt(sessionId, said('usage'));
        const usage = session.updates.find(update => update.sessionUpdate === 'usage_update');
        assert.ok(usage && usage.sessionUpdate === 'usage_update');
        assert.deepEqual([usage.used, usage.size, usage.cost?.amount, usage.cost?.currency], [53_000, 200_000, 0.12, 'USD']);
        assert.deepEqual(agent.states.usageOf(sessionId), { used: 53_000, size: 200_000, cost: { amount: 0.12, currency: 'USD' } });
    });

    it('keeps the session\'s last slash commands for whoever takes the session over later, until it is closed', async () => {
        const agent = engine();
        const { sessionId } = await agent.openSession(recorder());
        await until(() => agent.states.commandsOf(sessionId) !== undefined, 'the agent\'s available_commands_update');
        assert.deepEqual(agent.states.commandsOf(sessionId)?.map(command => command.name), ['recall']);
        const taken = await agent.attachSession(recorder(), { sessionId });
        assert.equal(taken.how, 'live');
        assert.deepEqual(agent.states.commandsOf(sessionId)?.map(command => command.name), ['recall'], 'still there for the new handlers');
        await agent.closeSession(sessionId);
        assert.equal(agent.states.commandsOf(sessionId), undefined);
    });

    it('declares elicitation and terminal sign-in only when the host opts in (the Agent API declares nothing new)', async () => {
        const plain = engine();
        const one = recorder();
        const first = await plain.openSession(one);
        await plain.prompt(first.sessionId, said('capabilities'));
        const declared = JSON.parse(one.texts());
        assert.equal(declared.elicitation, undefined);
        assert.equal(declared.auth, undefined);
        assert.equal(declared.session, undefined);
        const opted = engine(undefined, { formElicitation: true, terminalAuth: true, booleanConfigOptions: true });
        const two = recorder();
        const second = await opted.openSession(two);
        await opted.prompt(second.sessionId, said('capabilities'));
        const all = JSON.parse(two.texts());
        assert.deepEqual([all.elicitation, all.auth, all.session], [{ form: {} }, { terminal: true }, { configOptions: { boolean: {} } }]);
        const links = engine(undefined, { formElicitation: true, urlElicitation: true });
        const three = recorder();
        const third = await links.openSession(three);
        await links.prompt(third.sessionId, said('capabilities'));
        assert.deepEqual(JSON.parse(three.texts()).elicitation, { form: {}, url: {} }, 'URL mode is declared with the form mode');
    });

    it('routes a form elicitation to its session\'s hook and sends back accept with content, decline or cancel', async () => {
        const agent = engine(undefined, { formElicitation: true });
        const asked: acp.CreateElicitationRequest[] = [];
        const answers: acp.CreateElicitationResponse[] = [{ action: 'accept', content: { colour: 'blue', shade: 3 } }, { action: 'decline' }];
        const session = recorder({ onElicitation: async request => { asked.push(request); return answers.shift() ?? { action: 'cancel' }; } });
        const { sessionId } = await agent.openSession(session);
        await agent.prompt(sessionId, said('ask'));
        await agent.prompt(sessionId, said('ask'));
        await agent.prompt(sessionId, said('ask'));
        assert.equal(asked.length, 3);
        assert.equal(asked[0].message, 'Which colour?');
        assert.deepEqual((asked[0] as { requestedSchema: acp.ElicitationSchema }).requestedSchema.required, ['colour']);
        assert.deepEqual(session.texts().split('\n'), [
            'Answer: {"action":"accept","content":{"colour":"blue","shade":3}}', 'Answer: {"action":"decline"}', 'Answer: {"action":"cancel"}']);
        const without = engine(undefined, { formElicitation: true });
        const deaf = recorder();
        const other = await without.openSession(deaf);
        await without.prompt(other.sessionId, said('ask'));
        assert.equal(deaf.texts(), 'Answer: {"action":"cancel"}', 'a session without the hook answers cancel');
    });
});
