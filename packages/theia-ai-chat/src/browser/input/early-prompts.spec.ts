import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { permissionTurn } from '../permissions/permission-turn';
import { elicitationTurn } from '../elicitation/elicitation-turn';
import { MutableChatModel, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { ParsedChatRequest, ParsedChatRequestAgentPart } from '@theia/ai-chat/lib/common/parsed-chat-request';
import { AcpChatAgentDefinition } from '../../common/agents/acp-chat-agents';
import { AcpChatService, AcpSessionInfo, AcpTurnResult } from '../../common/acp-chat-protocol';
import { AcpChatAgent } from '../agents/chat-agent';
import type { AcpChatAgentServices } from '../agents/agent-services';
import type { SessionState } from '../session/chat-sessions';
import { TurnGate } from '../session/turn-gate';
import { AcpEarlyPrompts } from './early-prompts';
import { AcpPromptBuilder } from './prompt-builder';
import { AcpSessionListeners } from '../session/session-listeners';
import { AcpSessionConfigs } from './session-configs';
import { AcpAgentStarts } from '../agents/agent-starts';
import { AcpToolCallContent } from '../turn/tool-call-content';

const definition = {
    id: 'Early', displayName: 'Early Agent', description: 'an agent of the test', command: 'early-agent', args: [], modes: []
} as unknown as AcpChatAgentDefinition;

const opened = (modes: string[] = [], models: string[] = []): AcpSessionInfo => ({
    sessionId: 'acp-1', opened: true, modes: modes.map(id => ({ id, name: id })), currentModeId: modes[0],
    models: models.map(modelId => ({ modelId, name: modelId })), currentModelId: models[0], defaultModelId: models[0],
    promptCapabilities: {}, authMethods: []
} as AcpSessionInfo);

const flush = () => new Promise(resolve => setImmediate(resolve));

/** A turn the test ends when it likes. */
class Turn {
    end!: (result: AcpTurnResult) => void;
    readonly result = new Promise<AcpTurnResult>(resolve => { this.end = resolve; });
}

/**
 * AcpEarlyPrompts with the real frontend client, prompt builder and agent, on a recording backend whose
 * turns the test ends. Theia's chat service is reduced to what the early path asks it: the session, and
 * its agent choice (the mentioned agent, else the pinned one, as ChatServiceImpl.getAgent decides).
 */
function harness(session: AcpSessionInfo = opened()) {
    const calls: string[] = [];
    const turns: Turn[] = [];
    /** false: the agent answers a cancelled prompt only when the test ends it (behind a flood of updates). */
    const agentSide = { endsOnCancel: true };
    const backend = {
        prepare: async () => { calls.push('prepare'); return session; },
        setMode: async (_c: string, _a: string, modeId: string) => { calls.push(`setMode ${modeId}`); },
        setModel: async (_c: string, _a: string, modelId: string) => { calls.push(`setModel ${modelId}`); return undefined; },
        setConfigOption: async (_c: string, _a: string, configId: string, value: string) => {
            calls.push(`setConfigOption ${configId}=${value}`);
            return { configOptions: session.configOptions };
        },
        prompt: (_c: string, _a: string, blocks: Array<{ type: string; text?: string }>) => {
            calls.push(`prompt ${blocks.map(block => block.text ?? block.type).join(' + ')}`);
            const turn = new Turn();
            turns.push(turn);
            return turn.result;
        },
        cancel: async () => {
            calls.push('cancel');
            if (agentSide.endsOnCancel) {
                turns.at(-1)?.end({ stopReason: 'cancelled' });
            }
        }
    } as unknown as AcpChatService;
    const listeners = new AcpSessionListeners();
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    let modeId: string | undefined;
    const state = {
        chatSessionId: model.id, agentId: definition.id, session: undefined as AcpSessionInfo | undefined,
        modeId: (fallback?: string) => modeId ?? fallback, onMode: (id: string) => { modeId = id; },
        onCommands: () => undefined, onUpdate: () => undefined, onPermissionRequest: () => undefined, onPermissionSettled: () => undefined,
        turns: new TurnGate()
    } as unknown as SessionState;
    const early = new AcpEarlyPrompts();
    const configs = new AcpSessionConfigs();
    const services = {
        backend, listeners, earlyPrompts: early, configs, starts: new AcpAgentStarts(),
        sessions: { noteModels: () => undefined, stateFor: () => state, existingState: () => state.session ? state : undefined },
        prompt: new AcpPromptBuilder(),
        questions: { trackerFor: () => ({ asked: () => undefined, settled: () => undefined }) },
        turnContributions: { getContributions: () => [{ startTurn: permissionTurn }, { startTurn: elicitationTurn }] },
        workspaceRoots: () => ['/workspace']
    } as unknown as AcpChatAgentServices;
    const agent = new AcpChatAgent(definition, services);
    const chatSession = { id: model.id, model, pinnedAgent: undefined as AcpChatAgent | undefined };
    Object.assign(early, {
        backend, listeners, configs, sessions: services.sessions,
        logger: { warn: () => undefined },
        agents: { getAgents: () => [agent], getAgent: (id: string) => id === agent.id ? agent : undefined },
        chatService: {
            getSession: (id: string) => id === model.id ? chatSession : undefined,
            getAgent: (parsed: ParsedChatRequest) =>
                parsed.parts.some(part => part instanceof ParsedChatRequestAgentPart && part.agentId === agent.id) ? agent : chatSession.pinnedAgent
        }
    });
    const request = (text: string, modeSelected?: string): MutableChatRequestModel =>
        model.addRequest({ request: { text, modeId: modeSelected }, parts: [], toolRequests: new Map(), variables: [] }, definition.id);
    /** The first prompt opens the ACP session (no early prompt can go before that). */
    const openSession = async () => {
        const first = agent.invoke(request('@Early hello'));
        await flush();
        turns.at(-1)!.end({ stopReason: 'end_turn' });
        await first;
        chatSession.pinnedAgent = agent;
    };
    return { calls, turns, listeners, model, agent, early, state, chatSession, request, openSession, configs, agentSide };
}

describe('AcpEarlyPrompts: the prompt leaves at the click on Send', () => {
    it('is sent at once; the request adopts it, gets what the agent sent meanwhile, and sends no second prompt', async () => {
        const h = harness();
        await h.openSession();
        const sent = h.early.send(h.model.id, '@Early fix the test', undefined, false);
        assert.ok(sent, 'a plain prompt to an open, idle session goes early');
        assert.deepEqual(h.calls, ['prepare', 'prompt hello', 'prompt fix the test'], 'sent before any request exists');
        h.listeners.of(h.model.id, definition.id)?.onUpdate({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Reading the test', status: 'in_progress' });
        const request = h.request('@Early fix the test');
        const invoked = h.agent.invoke(request);
        await flush();
        h.listeners.of(h.model.id, definition.id)?.onUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed' });
        h.turns.at(-1)!.end({ stopReason: 'end_turn' });
        await invoked;
        h.early.release(sent);
        assert.deepEqual(h.calls, ['prepare', 'prompt hello', 'prompt fix the test']);
        const call = request.response.response.content.find((part): part is AcpToolCallContent => part instanceof AcpToolCallContent);
        assert.equal(call?.title, 'Reading the test', 'the update that came before the request is in its answer');
        assert.equal(call?.status, 'completed');
        assert.ok(request.response.isComplete && !request.response.isError);
    });

    it('without a mention, goes to the agent the session is pinned to', async () => {
        const h = harness();
        await h.openSession();
        assert.ok(h.early.send(h.model.id, 'and now the docs', undefined, false));
        assert.equal(h.calls.at(-1), 'prompt and now the docs');
    });

    it('a request with another prompt cancels it, waits for that turn to end, then sends its own', async () => {
        const h = harness();
        await h.openSession();
        h.early.send(h.model.id, '@Early one thing', undefined, false);
        const request = h.request('@Early another thing');
        const invoked = h.agent.invoke(request);
        await flush();
        assert.deepEqual(h.calls.slice(2), ['prompt one thing', 'cancel', 'prompt another thing']);
        h.turns.at(-1)!.end({ stopReason: 'end_turn' });
        await invoked;
        assert.ok(request.response.isComplete && !request.response.isError);
    });

    it('a request that cancels a running turn waits for the agent to answer it; the late updates stay in the cancelled answer (issue 29 part 11)', async () => {
        const h = harness();
        await h.openSession();
        h.agentSide.endsOnCancel = false;
        const flood = h.request('@Early flood');
        const flooding = h.agent.invoke(flood);
        await flush();
        // Theia's sendRequest cancels the running request before it adds the next one.
        flood.cancel();
        await flush();
        assert.equal(h.early.send(h.model.id, '@Early meanwhile', undefined, false), undefined, 'the cancelled prompt is not answered yet');
        const next = h.request('@Early after the flood');
        const invoked = h.agent.invoke(next);
        await flush();
        assert.deepEqual(h.calls.slice(2), ['prompt flood', 'cancel'], 'the next prompt waits for the cancelled one');
        h.listeners.of(h.model.id, definition.id)?.onUpdate({ sessionUpdate: 'tool_call', toolCallId: 'flood-1', title: 'Reading file 1', status: 'pending' });
        h.turns.at(-1)!.end({ stopReason: 'cancelled' });
        await flooding;
        await flush();
        assert.deepEqual(h.calls.slice(2), ['prompt flood', 'cancel', 'prompt after the flood']);
        h.listeners.of(h.model.id, definition.id)?.onUpdate({ sessionUpdate: 'tool_call', toolCallId: 'own-1', title: 'Its own', status: 'completed' });
        h.turns.at(-1)!.end({ stopReason: 'end_turn' });
        await invoked;
        const titles = (request: MutableChatRequestModel) => request.response.response.content
            .filter((part): part is AcpToolCallContent => part instanceof AcpToolCallContent).map(part => part.title);
        assert.deepEqual(titles(flood), ['Reading file 1']);
        assert.deepEqual(titles(next), ['Its own'], 'the next answer gets its own updates, none of the flood');
        assert.ok(next.response.isComplete && !next.response.isError && !next.response.isCanceled);
    });

    it('one that no request took (the chat chose otherwise, or failed) is cancelled on release', async () => {
        const h = harness();
        await h.openSession();
        const sent = h.early.send(h.model.id, '@Early orphan', undefined, false)!;
        h.early.release(sent);
        await flush();
        assert.deepEqual(h.calls.slice(2), ['prompt orphan', 'cancel']);
        assert.equal(h.early.take(h.model.id, definition.id), undefined, 'nothing waits any more');
    });

    it('is not sent when the outcome is not certain, and the request then prompts as before', async () => {
        const h = harness(opened(['default', 'yolo'], ['small', 'large']));
        assert.equal(h.early.send(h.model.id, '@Early before any session', undefined, false), undefined, 'no ACP session open yet');
        await h.openSession();
        const refused: Array<[string, string | undefined, boolean]> = [
            ['@Early explain #file:src/a.ts', undefined, false],
            ['@Early run ~someTool', undefined, false],
            ['/compress', undefined, false],
            ['@Early ask @Other too', undefined, false],
            ['@Early with a chip attached', undefined, true],
            ['@Early in yolo', 'yolo', false],
            ['@Unknown hello', undefined, false]
        ];
        for (const [text, mode, context] of refused) {
            assert.equal(h.early.send(h.model.id, text, mode, context), undefined, text);
        }
        h.model.setSettings({ ...h.model.settings, commonSettings: { modelId: 'large' } });
        assert.equal(h.early.send(h.model.id, '@Early on the large model', undefined, false), undefined, 'a model switch goes first');
        h.model.setSettings({ ...h.model.settings, commonSettings: {} });
        const running = h.agent.invoke(h.request('@Early a long turn'));
        await flush();
        assert.equal(h.early.send(h.model.id, '@Early while it runs', undefined, false), undefined, 'a turn is running');
        h.turns.at(-1)!.end({ stopReason: 'end_turn' });
        await running;
        assert.deepEqual(h.calls.filter(call => call.startsWith('prompt')), ['prompt hello', 'prompt a long turn']);
    });

    it('is not sent while a config option chosen in the input has to go first (issue 23 part 4)', async () => {
        const thinking = { type: 'select', id: 'thought_level', name: 'Thinking', currentValue: 'low', options: [{ value: 'low', name: 'Low' }, { value: 'high', name: 'High' }] };
        const h = harness({ ...opened(), configOptions: [thinking] });
        await h.openSession();
        h.configs.choose(h.model.id, definition.id, 'thought_level', 'high');
        assert.equal(h.early.send(h.model.id, '@Early think harder', undefined, false), undefined, 'set_config_option goes before the prompt');
        const invoked = h.agent.invoke(h.request('@Early think harder'));
        await flush();
        h.turns.at(-1)!.end({ stopReason: 'end_turn' });
        await invoked;
        assert.deepEqual(h.calls.slice(2), ['setConfigOption thought_level=high', 'prompt think harder']);
    });
});
