import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { permissionTurn } from '../permissions/permission-turn';
import { elicitationTurn } from '../elicitation/elicitation-turn';
import { MutableChatModel, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatAgentDefinition } from '../../common/agents/acp-chat-agents';
import { AcpChatService, AcpConfigOptionData, AcpSessionInfo, AcpTurnErrorData, AcpTurnResult } from '../../common/acp-chat-protocol';
import { sessionModels } from '../../common/session-config/acp-models';
import { AcpChatAgent } from './chat-agent';
import type { AcpChatAgentServices } from './agent-services';
import type { SessionState } from '../session/chat-sessions';
import { TurnGate } from '../session/turn-gate';
import { AcpPromptBuilder } from '../input/prompt-builder';
import { AcpSessionConfigs } from '../input/session-configs';
import { AcpAgentStarts } from './agent-starts';

const definition = {
    id: 'TestAgent', displayName: 'Test Agent', description: 'an agent of the test', command: 'test-agent', args: [], modes: []
} as unknown as AcpChatAgentDefinition;

const info = (sessionId: string): AcpSessionInfo => ({ sessionId, opened: true, modes: [], models: [], promptCapabilities: {}, authMethods: [] });

/** The agent on a recording backend: every call in order, and the prompt results it is told to give. */
function agentOnBackend(promptResults: AcpTurnResult[], opened: Partial<AcpSessionInfo> = {},
    setModel: (modelId: string) => { error: AcpTurnErrorData } | undefined = () => undefined,
    setConfigOption: (configId: string, value: string | boolean) => { configOptions: AcpConfigOptionData[] } | { error: AcpTurnErrorData } = () => ({ configOptions: [] })) {
    const calls: string[] = [];
    const configs = new AcpSessionConfigs();
    let sessions = 0;
    const backend = {
        prepare: async () => { calls.push('prepare'); return { ...info(`acp-${++sessions}`), ...opened }; },
        setMode: async (_chat: string, _agent: string, modeId: string) => { calls.push(`setMode ${modeId}`); },
        setModel: async (_chat: string, _agent: string, modelId: string) => { calls.push(`setModel ${modelId}`); return setModel(modelId); },
        setConfigOption: async (_chat: string, _agent: string, configId: string, value: string | boolean) => {
            calls.push(`setConfigOption ${configId}=${value}`);
            return setConfigOption(configId, value);
        },
        prompt: async (_chat: string, _agent: string, blocks: Array<{ text?: string }>) => {
            calls.push(`prompt ${blocks[0].text}`);
            return promptResults.shift() ?? { stopReason: 'end_turn' };
        },
        cancel: async () => undefined
    } as unknown as AcpChatService;
    const states = new Map<string, SessionState>();
    const services = {
        backend,
        listeners: { listen: () => undefined, replace: () => undefined },
        sessions: {
            noteModels: () => undefined,
            stateFor: (chatSessionId: string) => {
                let state = states.get(chatSessionId);
                if (!state) {
                    // What the agent uses of the session state (the real one needs the browser's file services).
                    let modeId: string | undefined;
                    state = {
                        session: undefined, modeId: (fallback?: string) => modeId ?? fallback, onMode: (id: string) => { modeId = id; },
                        onCommands: (commands: Array<{ name: string }>) => calls.push(`commands ${commands.map(command => command.name).join(' ')}`),
                        onUpdate: () => undefined, onPermissionRequest: () => undefined, onPermissionSettled: () => undefined, turns: new TurnGate()
                    } as unknown as SessionState;
                    states.set(chatSessionId, state);
                }
                return state;
            }
        },
        prompt: new AcpPromptBuilder(),
        questions: { trackerFor: () => ({ asked: () => undefined, settled: () => undefined }) },
        turnContributions: { getContributions: () => [{ startTurn: permissionTurn }, { startTurn: elicitationTurn }] },
        earlyPrompts: { take: () => undefined },
        configs,
        starts: new AcpAgentStarts(),
        workspaceRoots: () => ['/workspace']
    } as unknown as AcpChatAgentServices;
    return { agent: new AcpChatAgent(definition, services), calls, configs };
}

function request(model: MutableChatModel, text: string, modeId?: string): MutableChatRequestModel {
    return model.addRequest({ request: { text, modeId }, parts: [], toolRequests: new Map(), variables: [] }, definition.id);
}

describe('AcpChatAgent: the prompt path', () => {
    it('prompts a session it already opened at once, without asking the backend to prepare it again', async () => {
        const { agent, calls } = agentOnBackend([]);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        const first = request(model, '@TestAgent hello');
        await agent.invoke(first);
        const second = request(model, 'again');
        await agent.invoke(second);
        assert.deepEqual(calls, ['prepare', 'prompt hello', 'prompt again']);
        assert.ok(first.response.isComplete && second.response.isComplete);
        assert.ok(!second.response.isError);
    });

    it('a session the backend lost meanwhile is prepared again and the prompt sent once more, with no error shown', async () => {
        const gone = { error: { code: 'NO_SESSION', message: 'The agent session is gone', details: '' } };
        const { agent, calls } = agentOnBackend([{ stopReason: 'end_turn' }, gone]);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.invoke(request(model, 'one'));
        const second = request(model, 'two');
        await agent.invoke(second);
        assert.deepEqual(calls, ['prepare', 'prompt one', 'prompt two', 'prepare', 'prompt two']);
        assert.ok(second.response.isComplete);
        assert.ok(!second.response.isError, 'the lost session is not the user\'s problem');
    });

    it('a failed turn forgets the session, so the next prompt prepares one', async () => {
        const failed = { error: { code: 'AGENT_EXITED', message: 'The agent stopped', details: '' } };
        const { agent, calls } = agentOnBackend([failed]);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        const first = request(model, 'one');
        await agent.invoke(first);
        assert.ok(first.response.isComplete && !first.response.isError, 'said once, in the chat: isError would add Theia\'s toast');
        assert.ok(first.response.response.content.some(part => part.kind === 'error'), 'the failure is an error part of the answer');
        await agent.invoke(request(model, 'two'));
        assert.deepEqual(calls, ['prepare', 'prompt one', 'prepare', 'prompt two']);
    });
});

describe('AcpChatAgent: a conversation opened from the agent\'s own history', () => {
    const modeOption: AcpConfigOptionData = {
        id: 'mode', name: 'Mode', category: 'mode', type: 'select', currentValue: 'ask',
        options: [{ value: 'ask', name: 'Ask' }, { value: 'code', name: 'Code' }]
    };
    const listedSession = { ...info('listed-1'), opened: false, configOptions: [modeOption], commands: [{ name: 'recall' }, { name: 'compress' }] };
    const replay = [{ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'hi' } }];

    it('offers the session\'s modes and options before the first prompt, which goes to that session without prepare', async () => {
        const { agent, calls, configs } = agentOnBackend([]);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        assert.deepEqual(agent.modes, [], 'nothing known of the agent yet');
        await agent.openedFromHistory(model.id, Promise.resolve({ how: 'loaded', replay, session: listedSession }));
        assert.deepEqual(agent.modes.map(mode => `${mode.id}${mode.isDefault ? '*' : ''}`), ['ask*', 'code'], 'the mode option fills the selector');
        assert.deepEqual(configs.modesFor(model.id, definition.id)?.modes.map(mode => mode.id), ['ask', 'code']);
        assert.deepEqual(calls, ['commands recall compress'], 'the session\'s slash commands are offered');
        await agent.invoke(request(model, 'continue'));
        assert.deepEqual(calls.slice(1), ['prompt continue'], 'the listed session itself, no prepare, and its commands not offered again');
    });

    it('one that could not be opened leaves the chat to prepare at its first prompt', async () => {
        const { agent, calls } = agentOnBackend([]);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.openedFromHistory(model.id, Promise.resolve(undefined));
        await agent.invoke(request(model, 'hello'));
        assert.deepEqual(calls, ['prepare', 'prompt hello']);
    });
});

describe('AcpChatAgent: the agent\'s modes', () => {
    const modes = [{ id: 'default', name: 'Default' }, { id: 'autoEdit', name: 'Auto Edit' }];

    it('a prompt with no mode (the selector had not caught up) goes back to the default mode, not the last one chosen', async () => {
        const { agent, calls } = agentOnBackend([], { modes, currentModeId: 'default' });
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.invoke(request(model, 'edit freely', 'autoEdit'));
        await agent.invoke(request(model, 'now ask me'));
        assert.deepEqual(calls, ['prepare', 'setMode autoEdit', 'prompt edit freely', 'setMode default', 'prompt now ask me']);
        assert.deepEqual(agent.modes.filter(mode => mode.isDefault).map(mode => mode.id), ['default'], 'the selector starts at Default');
    });

    it('the same mode twice is set once', async () => {
        const { agent, calls } = agentOnBackend([], { modes, currentModeId: 'default' });
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.invoke(request(model, 'one', 'default'));
        await agent.invoke(request(model, 'two'));
        assert.deepEqual(calls, ['prepare', 'prompt one', 'prompt two']);
    });
});

describe('AcpChatAgent: the agent\'s models', () => {
    const withModels = sessionModels({ models: {
        currentModelId: 'small', availableModels: [{ modelId: 'small', name: 'Small' }, { modelId: 'large', name: 'Large' }]
    } });
    /** The chat session's model choice, as Theia's model selector stores it. */
    const choose = (model: MutableChatModel, modelId: string | undefined) =>
        model.setSettings({ ...model.settings, commonSettings: { ...model.settings?.commonSettings, modelId } });

    it('the chosen model is set with session/set_model before the next prompt, once', async () => {
        const { agent, calls } = agentOnBackend([], withModels);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.invoke(request(model, 'one'));
        choose(model, 'large');
        await agent.invoke(request(model, 'two'));
        await agent.invoke(request(model, 'three'));
        choose(model, undefined);
        await agent.invoke(request(model, 'four'));
        assert.deepEqual(calls, ['prepare', 'prompt one', 'setModel large', 'prompt two', 'prompt three', 'setModel small', 'prompt four']);
    });

    it('a choice that is not one of the agent\'s models, or an agent with no models, sends no set_model', async () => {
        const listed = agentOnBackend([], withModels);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        choose(model, 'openai/gpt-4o');
        await listed.agent.invoke(request(model, 'one'));
        assert.deepEqual(listed.calls, ['prepare', 'prompt one']);
        const none = agentOnBackend([]);
        const other = new MutableChatModel(ChatAgentLocation.Panel);
        choose(other, 'large');
        await none.agent.invoke(request(other, 'one'));
        assert.deepEqual(none.calls, ['prepare', 'prompt one']);
    });

    it('a refused switch is a readable error in the answer, and the prompt still goes to the current model', async () => {
        const refused = { error: { code: 'AGENT_ERROR', message: 'large is not available to this account', details: '' } };
        const { agent, calls } = agentOnBackend([], withModels, () => refused);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        choose(model, 'large');
        const turn = request(model, 'hello');
        await agent.invoke(turn);
        assert.deepEqual(calls, ['prepare', 'setModel large', 'prompt hello']);
        const shown = turn.response.response.content.filter(part => part.kind === 'error').map(part => (part as unknown as { error: Error }).error.message);
        assert.deepEqual(shown, ['Test Agent could not switch to Large: large is not available to this account. This prompt went to Small.']);
        assert.ok(turn.response.isComplete && !turn.response.isError, 'the turn itself went through');
    });
});

describe('AcpChatAgent: the agent\'s config options (issue 23 part 4)', () => {
    const select = (id: string, category: string, current: string, values: string[]): AcpConfigOptionData =>
        ({ type: 'select', id, name: id === 'thought_level' ? 'Thinking' : id, category, currentValue: current, options: values.map(value => ({ value, name: value.toUpperCase() })) });
    const set = (model: string, mode: string, thinking: string) =>
        [select('model', 'model', model, ['small', 'big']), select('mode', 'mode', mode, ['ask', 'code']), select('thought_level', 'thought_level', thinking, ['low', 'high'])];
    const choose = (model: MutableChatModel, modelId: string | undefined) =>
        model.setSettings({ ...model.settings, commonSettings: { ...model.settings?.commonSettings, modelId } });

    it('a thinking level chosen in the input goes as session/set_config_option before the next prompt, once; the answer is the new set', async () => {
        const { agent, calls, configs } = agentOnBackend([], { configOptions: set('small', 'ask', 'low') }, undefined,
            (configId, value) => ({ configOptions: set('small', 'ask', configId === 'thought_level' ? String(value) : 'low') }));
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.invoke(request(model, 'one'));
        configs.choose(model.id, 'TestAgent', 'thought_level', 'high');
        await agent.invoke(request(model, 'two'));
        await agent.invoke(request(model, 'three'));
        assert.deepStrictEqual(calls, ['prepare', 'prompt one', 'setConfigOption thought_level=high', 'prompt two', 'prompt three']);
        assert.deepStrictEqual(configs.compactControls(model.id, 'TestAgent').map(({ value }) => value), ['high']);
    });

    it('the model and mode options fill Theia\'s selectors: their choices go as set_config_option, never set_model or set_mode', async () => {
        const { agent, calls } = agentOnBackend([], { configOptions: set('small', 'ask', 'low') }, undefined,
            (configId, value) => ({ configOptions: set(configId === 'model' ? String(value) : 'small', configId === 'mode' ? String(value) : 'ask', 'low') }));
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.invoke(request(model, 'one'));
        assert.deepStrictEqual(agent.modes.map(mode => `${mode.id}${mode.isDefault ? '*' : ''}`), ['ask*', 'code'], 'the mode selector offers the agent\'s modes');
        choose(model, 'big');
        await agent.invoke(request(model, 'two', 'code'));
        assert.deepStrictEqual(calls, ['prepare', 'prompt one', 'setConfigOption model=big', 'setConfigOption mode=code', 'prompt two']);
    });

    it('a refused choice is said in the answer and the prompt still goes', async () => {
        const refused = { error: { code: 'AGENT_ERROR', message: 'High thinking needs the big model', details: '' } };
        const { agent, calls, configs } = agentOnBackend([], { configOptions: set('small', 'ask', 'low') }, undefined, () => refused);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        await agent.invoke(request(model, 'one'));
        configs.choose(model.id, 'TestAgent', 'thought_level', 'high');
        const turn = request(model, 'two');
        await agent.invoke(turn);
        assert.deepStrictEqual(calls, ['prepare', 'prompt one', 'setConfigOption thought_level=high', 'prompt two']);
        const shown = turn.response.response.content.filter(part => part.kind === 'error').map(part => (part as unknown as { error: Error }).error.message);
        assert.deepStrictEqual(shown, ['Test Agent could not set Thinking to HIGH: High thinking needs the big model. This prompt went with LOW.']);
        assert.deepStrictEqual(configs.compactControls(model.id, 'TestAgent').map(({ value }) => value), ['low'], 'the input shows what the agent kept');
    });
});
