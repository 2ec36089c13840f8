import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { MutableChatModel, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatAgentDefinition } from '../common/acp-chat-agents';
import { AcpChatService, AcpSessionInfo, AcpTurnResult } from '../common/acp-chat-protocol';
import { AcpChatAgent } from './acp-chat-agent';
import type { AcpChatAgentServices } from './acp-chat-agent-services';
import type { SessionState } from './acp-chat-sessions';
import { AcpPromptBuilder } from './acp-prompt-builder';

const definition = {
    id: 'TestAgent', displayName: 'Test Agent', description: 'an agent of the test', command: 'test-agent', args: [], modes: []
} as unknown as AcpChatAgentDefinition;

const info = (sessionId: string): AcpSessionInfo => ({ sessionId, opened: true, modes: [], promptCapabilities: {}, authMethods: [] });

/** The agent on a recording backend: every call in order, and the prompt results it is told to give. */
function agentOnBackend(promptResults: AcpTurnResult[]) {
    const calls: string[] = [];
    let sessions = 0;
    const backend = {
        prepare: async () => { calls.push('prepare'); return info(`acp-${++sessions}`); },
        setMode: async () => { calls.push('setMode'); },
        prompt: async (_chat: string, _agent: string, blocks: Array<{ text?: string }>) => {
            calls.push(`prompt ${blocks[0].text}`);
            return promptResults.shift() ?? { stopReason: 'end_turn' };
        },
        cancel: async () => undefined
    } as unknown as AcpChatService;
    const states = new Map<string, SessionState>();
    const services = {
        backend,
        client: { listen: () => undefined },
        sessions: {
            stateFor: (chatSessionId: string) => {
                let state = states.get(chatSessionId);
                if (!state) {
                    // What the agent uses of the session state (the real one needs the browser's file services).
                    let modeId: string | undefined;
                    state = {
                        session: undefined, modeId: (fallback?: string) => modeId ?? fallback, onMode: (id: string) => { modeId = id; },
                        onCommands: () => undefined, onUpdate: () => undefined, onPermissionRequest: () => undefined, onPermissionSettled: () => undefined
                    } as unknown as SessionState;
                    states.set(chatSessionId, state);
                }
                return state;
            }
        },
        prompt: new AcpPromptBuilder(),
        questions: { trackerFor: () => ({ asked: () => undefined, settled: () => undefined }) },
        workspaceRoots: () => ['/workspace']
    } as unknown as AcpChatAgentServices;
    return { agent: new AcpChatAgent(definition, services), calls };
}

function request(model: MutableChatModel, text: string): MutableChatRequestModel {
    return model.addRequest({ request: { text }, parts: [], toolRequests: new Map(), variables: [] }, definition.id);
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
        assert.ok(first.response.isError);
        await agent.invoke(request(model, 'two'));
        assert.deepEqual(calls, ['prepare', 'prompt one', 'prepare', 'prompt two']);
    });
});
