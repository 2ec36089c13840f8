import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { ChatResponseContent, MarkdownChatResponseContentImpl, MutableChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { CHAT_DATA_VERSION, SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { listedChatData } from '../history/listed-transcript';
import { deserializers } from '../../test/chat-deserializers';
import { AcpMarkdownPart } from './markdown-parts';
import { withAgentMarkdown } from './markdown-restore';

const LINK = '[Sign in](command:aiCliChat.anything?%5B%22x%22%5D)';

/** The answers' parts as Theia's chat service restores them: each deserialized, then added to the response in order. */
async function restored(data: SerializedChatData): Promise<ChatResponseContent[][]> {
    const registry = deserializers();
    const model = new MutableChatModel(data.model);
    const answers: ChatResponseContent[][] = [];
    for (const request of model.getRequests()) {
        const saved = data.model.responses.find(response => response.requestId === request.id)?.content ?? [];
        (await Promise.all(saved.map(part => registry.deserialize(part)))).forEach(part => request.response.response.addContent(part));
        answers.push(request.response.response.content);
    }
    return answers;
}

/** A chat as Theia saved it before agent markdown had its own kind: every answer in Theia's markdown parts. */
function oldChat(agentIds: string[]): SerializedChatData {
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    for (const agentId of agentIds) {
        const request = model.addRequest({ request: { text: 'hi' }, parts: [], toolRequests: new Map(), variables: [] }, agentId);
        request.response.response.addContent(new MarkdownChatResponseContentImpl(`${agentId}: ${LINK}`));
        request.response.complete();
    }
    return { version: CHAT_DATA_VERSION, title: 't', saveDate: 0, model: JSON.parse(JSON.stringify(model.toSerializable())) };
}

describe('Agent markdown restored as agent markdown (issue 29: command: links came back live)', () => {
    it('a part saved as agent markdown comes back as ours, sealed, never as Theia\'s markdown part', async () => {
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        const request = model.addRequest({ request: { text: 'hi' }, parts: [], toolRequests: new Map(), variables: [] }, 'GeminiCLI');
        request.response.response.addContent(new AcpMarkdownPart(`one ${LINK}\n\n`, true));
        request.response.response.addContent(new AcpMarkdownPart('two'));
        const data = { version: CHAT_DATA_VERSION, title: 't', saveDate: 0, model: JSON.parse(JSON.stringify(model.toSerializable())) };
        assert.deepEqual(data.model.responses[0].content.map((part: { kind: string }) => part.kind), ['acpMarkdown', 'acpMarkdown']);
        const [answer] = await restored(data);
        assert.ok(answer.every(part => part instanceof AcpMarkdownPart && part.sealed), answer.map(part => part.constructor.name).join());
        assert.deepEqual(answer.map(part => part.asString?.()), [`one ${LINK}\n\n`, 'two'], 'restored parts stay the parts they were');
    });

    it('a conversation opened from Browse all chats (a session/load replay) restores its answers as agent markdown', async () => {
        const chunk = (sessionUpdate: string, text: string): AcpSessionUpdate => ({ sessionUpdate, content: { type: 'text', text } });
        const data = listedChatData({
            chatSessionId: 'acp-listed.A.x', agentId: 'A', title: 't', saveDate: 0,
            replay: [chunk('user_message_chunk', 'hi'), chunk('agent_message_chunk', `Click ${LINK}`)]
        });
        const [answer] = await restored(JSON.parse(JSON.stringify(data)));
        assert.equal(answer.length, 1);
        assert.ok(answer[0] instanceof AcpMarkdownPart);
        assert.ok(!(answer[0] instanceof MarkdownChatResponseContentImpl));
        assert.equal(answer[0].asString?.(), `Click ${LINK}`);
    });

    it('a chat saved before: the ACP agents\' and unknown agents\' markdown becomes agent markdown, a known other agent\'s stays Theia\'s', async () => {
        const data = oldChat(['GeminiCLI', 'RemovedAgent', 'Coder']);
        const converted = withAgentMarkdown(data, agentId => agentId === 'Coder');
        const answers = await restored(converted);
        assert.deepEqual(answers.map(answer => answer.map(part => part.constructor.name)), [['AcpMarkdownPart'], ['AcpMarkdownPart'], ['MarkdownChatResponseContentImpl']]);
        assert.equal(answers[0][0].asString?.(), `GeminiCLI: ${LINK}`);
        assert.equal(data.model.responses[0].content[0].kind, 'markdownContent', 'the data read is not changed in place');
    });

    it('a chat with nothing to convert is returned as it was read', () => {
        const data = oldChat(['Coder']);
        assert.equal(withAgentMarkdown(data, () => true), data);
    });

    it('a saved agent markdown part of the wrong shape restores as an empty part', async () => {
        const registry = deserializers();
        const part = await registry.deserialize({ kind: 'acpMarkdown', data: { content: 42 } });
        assert.ok(part instanceof AcpMarkdownPart);
        assert.equal(part.asString(), '');
    });
});
