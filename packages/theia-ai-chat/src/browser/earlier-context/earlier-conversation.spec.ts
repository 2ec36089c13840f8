import { strict as assert } from 'assert';
import type { ChatResponseContent, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { UnknownChatResponseContentImpl } from '@theia/ai-chat/lib/common/chat-model';
import type { AcpSessionInfo } from '../../common/acp-chat-protocol';
import { AcpMarkdownPart } from '../turn/markdown-parts';
import { AcpToolCallContent } from '../turn/tool-call-content';
import { EARLIER_CONVERSATION_URI, freshStartCause, giveEarlierConversation } from './earlier-conversation';
import { AcpEarlierContextContent, restoredEarlierContext } from './earlier-context-view';

const GEMINI = { id: 'GeminiCLI', displayName: 'Gemini CLI' };
const REASON = 'Gemini CLI cannot resume sessions: this conversation starts fresh, and the agent does not remember the earlier messages.';

/** A chat with `earlier` turns (text, answer parts) and the request being prompted now, whose answer collects what is added. */
function chat(earlier: Array<{ text: string; answer: ChatResponseContent[]; agentId?: string }>) {
    const added: ChatResponseContent[] = [];
    const requests = earlier.map((turn, index) => ({
        id: `r${index}`, agentId: turn.agentId ?? GEMINI.id, request: { text: turn.text }, response: { response: { content: turn.answer } }
    }));
    const current = {
        id: 'now', agentId: GEMINI.id, request: { text: '@GeminiCLI Which bird?' },
        response: { response: { content: added, addContent: (part: ChatResponseContent) => added.push(part) } },
        session: { getRequests: () => [...requests, { id: 'now' }] }
    };
    return { request: current as unknown as MutableChatRequestModel, added };
}

const prepared = (attached: AcpSessionInfo['attached'], embeddedContext = true, opened = true) =>
    ({ opened, attached, promptCapabilities: { embeddedContext } }) as AcpSessionInfo;

function toolCall(title: string, status: string): AcpToolCallContent {
    const call = new AcpToolCallContent('t1');
    call.title = title;
    call.toolKind = 'edit';
    call.status = status;
    return call;
}

describe('giveEarlierConversation: a fresh session is given the chat\'s earlier conversation', () => {
    const earlier = [{ text: '@GeminiCLI Remember FLAMINGO', answer: [new AcpMarkdownPart('Hello from gemini, '), new AcpMarkdownPart('FLAMINGO noted.')] }];

    it('sends the transcript as an embedded resource ahead of the prompt, and says so in one line holding exactly what was sent', () => {
        const { request, added } = chat(earlier);
        const blocks = giveEarlierConversation(request, prepared({ how: 'new', reason: REASON }), GEMINI);
        assert.equal(blocks.length, 1);
        const resource = blocks[0].resource as { uri: string; text: string };
        assert.equal(blocks[0].type, 'resource');
        assert.equal(resource.uri, EARLIER_CONVERSATION_URI);
        assert.match(resource.text, /User: Remember FLAMINGO\n\nGemini CLI: Hello from gemini, FLAMINGO noted\./, 'the @agent address is not the user\'s words');
        assert.equal(added.length, 1);
        const note = added[0] as AcpEarlierContextContent;
        assert.ok(note instanceof AcpEarlierContextContent);
        assert.equal(note.sent, resource.text);
        assert.equal(note.line, 'Gemini CLI cannot resume sessions: Gemini CLI was given this chat\'s earlier conversation instead (1 turn).');
        assert.doesNotMatch(note.line, /does not remember/);
    });

    it('sends a text block to an agent without embeddedContext', () => {
        const { request } = chat(earlier);
        const [block] = giveEarlierConversation(request, prepared({ how: 'new', reason: REASON }, false), GEMINI);
        assert.equal(block.type, 'text');
        assert.match(String(block.text), /FLAMINGO noted/);
    });

    it('sums up tool calls, live or restored from the store, in one line each; thinking and the earlier note are left out', () => {
        const restored = new UnknownChatResponseContentImpl('acpToolCall', 'Tool call Writing to b.txt (edit): failed', undefined);
        const { request } = chat([{ text: 'write a and b', answer: [
            new AcpEarlierContextContent('an older note', 'OLDER TRANSCRIPT'), toolCall('Writing to a.txt', 'completed'), restored,
            { kind: 'thinking', asString: () => 'SECRET THOUGHT' } as unknown as ChatResponseContent, new AcpMarkdownPart('Both written.')
        ] }]);
        const [block] = giveEarlierConversation(request, prepared({ how: 'new', reason: REASON }), GEMINI);
        const text = (block.resource as { text: string }).text;
        assert.match(text, /- Tool call: Writing to a\.txt \(edit\): completed\n- Tool call: Writing to b\.txt \(edit\): failed\nBoth written\./);
        assert.doesNotMatch(text, /SECRET THOUGHT|OLDER TRANSCRIPT|an older note/);
    });

    it('gives nothing when the session continues, or was opened before (a reloaded window takes it over)', () => {
        for (const info of [prepared({ how: 'resumed' }), prepared({ how: 'loaded' }), prepared(undefined), prepared({ how: 'new', reason: REASON }, true, false)]) {
            const { request, added } = chat(earlier);
            assert.deepEqual(giveEarlierConversation(request, info, GEMINI), []);
            assert.equal(added.length, 0);
        }
    });

    it('keeps the plain fresh-start line when there was nothing earlier in the chat', () => {
        const { request, added } = chat([]);
        assert.deepEqual(giveEarlierConversation(request, prepared({ how: 'new', reason: REASON }), GEMINI), []);
        assert.equal(added.length, 1);
        assert.match(added[0].asString?.() ?? '', /cannot resume sessions: this conversation starts fresh/);
    });

    it('names the cause of a failed load, and restores a saved note', () => {
        assert.equal(freshStartCause('Tiny no longer knows this session (Session not found: s1): this conversation starts fresh, and the agent does not remember the earlier messages.'),
            'Tiny no longer knows this session (Session not found: s1)');
        const saved = new AcpEarlierContextContent('line', 'sent').toSerializable();
        const restored = restoredEarlierContext(saved.data);
        assert.deepEqual([restored.line, restored.sent], ['line', 'sent']);
        assert.deepEqual([restoredEarlierContext({ line: 3 }).line, restoredEarlierContext(null).sent], ['', '']);
    });
});
