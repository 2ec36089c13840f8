import '../../test/jsdom';

import * as assert from 'assert';
import markdownit from '@theia/core/shared/markdown-it';
import { MutableChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { listedChatData, literalMarkdown } from './listed-transcript';

const chunk = (sessionUpdate: string, text: string): AcpSessionUpdate => ({ sessionUpdate, content: { type: 'text', text } });

describe('listedChatData: an agent-listed session\'s session/load replay as Theia\'s stored chat', () => {
    it('makes each user message a request and what the agent replayed after it its answer, pinned to the agent', () => {
        const data = listedChatData({
            chatSessionId: 'acp-listed.SessionAgent.czE', agentId: 'SessionAgent', title: 'SessionAgent: my name is Ada', saveDate: 1234,
            replay: [
                chunk('user_message_chunk', 'my name '), chunk('user_message_chunk', 'is Ada'),
                chunk('agent_thought_chunk', 'Thinking about it'), chunk('agent_message_chunk', 'Hello '), chunk('agent_message_chunk', 'Ada'),
                chunk('user_message_chunk', 'I like tea'), chunk('agent_message_chunk', 'Noted: tea'),
                chunk('user_message_chunk', 'unanswered')
            ]
        });
        assert.equal(data.title, 'SessionAgent: my name is Ada');
        assert.equal(data.pinnedAgentId, 'SessionAgent');
        assert.equal(data.saveDate, 1234);
        // Theia restores it as it restores its own files.
        const model = new MutableChatModel(data.model);
        assert.equal(model.id, 'acp-listed.SessionAgent.czE');
        const requests = model.getRequests();
        assert.deepEqual(requests.map(request => request.request.text), ['my name is Ada', 'I like tea', 'unanswered']);
        assert.deepEqual(requests.map(request => request.agentId), ['SessionAgent', 'SessionAgent', 'SessionAgent']);
        const answers = data.model.responses.map(response => response.content.filter(part => part.kind === 'acpMarkdown')
            .map(part => (part.data as { content: string }).content).join(''));
        assert.deepEqual(answers, ['Hello Ada', 'Noted: tea', '']);
        assert.ok(data.model.responses[0].content.some(part => part.kind === 'thinking'), 'the thought is kept');
        assert.ok(data.model.responses.every(response => response.isComplete));
    });

    it('an answer replayed before any user message still shows, and odd updates are skipped', () => {
        const data = listedChatData({
            chatSessionId: 'c', agentId: 'A', title: 't', saveDate: 0,
            replay: [chunk('agent_message_chunk', 'a greeting'), { sessionUpdate: 'user_message_chunk', content: 7 } as AcpSessionUpdate, null as unknown as AcpSessionUpdate]
        });
        assert.deepEqual(data.model.requests.map(request => request.text), ['', '']);
        assert.equal((data.model.responses[0].content[0].data as { content: string }).content, 'a greeting');
    });

    it('an empty replay is an empty chat', () => {
        assert.deepEqual(listedChatData({ chatSessionId: 'c', agentId: 'A', title: 't', saveDate: 0, replay: [] }).model.requests, []);
    });

    it('a replayed user message is shown as text: no link, HTML or markup of the agent\'s reaches Theia\'s request view (issue 29)', () => {
        const said = 'see [this](command:aiCliChat.anything?%5B1%5D) <a href="command:x">a</a> <command:y> **b** & 1.';
        const data = listedChatData({ chatSessionId: 'c', agentId: 'A', title: 't', saveDate: 0, replay: [chunk('user_message_chunk', said)] });
        assert.equal(data.model.requests[0].text, said, 'the request keeps what was said');
        const shown = (data.model.requests[0].parsedRequest!.parts[0] as { text: string }).text;
        assert.equal(shown, literalMarkdown(said));
        const host = document.createElement('div');
        host.innerHTML = markdownit({ html: true }).render(shown); // as Theia's request view renders it
        assert.equal(host.querySelector('a, strong'), null, host.innerHTML);
        assert.equal(host.textContent!.trim(), said);
    });
});
