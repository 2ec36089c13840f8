import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { MarkdownChatResponseContentImpl, MutableChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { AcpElicitationAnswer } from '../../common/elicitation/acp-elicitation';
import { parseElicitationForm } from '../../common/elicitation/elicitation-request-reader';
import { AcpElicitationContent } from '../elicitation/elicitation-content';
import { elicitationTurn } from '../elicitation/elicitation-turn';
import { AcpChatTurn } from './chat-turn';
import { AcpMarkdownPart } from './markdown-parts';

const FORM = parseElicitationForm({ message: 'Which colour?', requestedSchema: { properties: { colour: { type: 'string', enum: ['red'] } }, required: ['colour'] } });

function turn() {
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    const request = model.addRequest({ request: { text: '@Agent ask' }, parts: [], toolRequests: new Map(), variables: [] }, 'Agent');
    const answers: Array<[string, AcpElicitationAnswer]> = [];
    const service = { answerElicitation: async (id: string, answer: AcpElicitationAnswer) => { answers.push([id, answer]); return undefined; } } as unknown as AcpChatService;
    const waiting = new Map<string, string>();
    const tracker = { asked: (id: string, about: string) => waiting.set(id, about), settled: (id: string) => waiting.delete(id) };
    const chatTurn = new AcpChatTurn(request, service, { onCommands: () => undefined, onMode: () => undefined }, tracker, [{ startTurn: elicitationTurn }]);
    const form = () => request.response.response.content.find((part): part is AcpElicitationContent => part instanceof AcpElicitationContent);
    return { request, answers, waiting, chatTurn, form };
}

describe('AcpChatTurn: a form the agent asks about waits like a permission question', () => {
    it('is a part of the answer that waits for input and counts in the pending questions until answered', async () => {
        assert.ok('ok' in FORM);
        const t = turn();
        t.chatTurn.onElicitationRequest({ elicitationId: 'e1', mode: 'form', form: FORM.ok });
        assert.deepEqual([...t.waiting], [['e1', 'Which colour?']]);
        assert.equal(t.request.response.isWaitingForInput, true);
        await t.form()!.submit({ action: 'accept', content: { colour: 'red' } });
        assert.deepEqual(t.answers, [['e1', { action: 'accept', content: { colour: 'red' } }]]);
        assert.deepEqual([...t.waiting], []);
        assert.equal(t.request.response.isWaitingForInput, false);
    });

    it('ends the text before a form: the text after it is agent markdown of its own, never Theia\'s markdown part (issue 29)', () => {
        assert.ok('ok' in FORM);
        const form = FORM.ok;
        // The turn batches text per animation frame: frames that never come here (end() shows the text).
        const page = globalThis as { requestAnimationFrame?: unknown; cancelAnimationFrame?: unknown };
        const { requestAnimationFrame, cancelAnimationFrame } = page;
        Object.assign(page, { requestAnimationFrame: () => 0, cancelAnimationFrame: () => undefined });
        try {
            for (const request of [{ elicitationId: 'r', mode: 'refused', problem: 'cannot show' } as const, { elicitationId: 'e', mode: 'form', form } as const]) {
                const t = turn();
                t.chatTurn.onUpdate({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Before the form.' } });
                t.chatTurn.onElicitationRequest(request);
                t.chatTurn.onUpdate({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: '[run](command:aiCliChat.anything)' } });
                t.chatTurn.end();
                const parts = t.request.response.response.content;
                assert.deepEqual(parts.map(part => part.kind), ['acpMarkdown', 'acpElicitation', 'acpMarkdown']);
                assert.ok(parts[2] instanceof AcpMarkdownPart && !(parts[2] instanceof MarkdownChatResponseContentImpl));
                assert.deepEqual(parts.map(part => part.asString?.()), ['Before the form.', parts[1].asString?.(), '[run](command:aiCliChat.anything)']);
            }
        } finally {
            Object.assign(page, { requestAnimationFrame, cancelAnimationFrame });
        }
    });

    it('settled elsewhere or at the end of the turn, the form closes unanswered and leaves the count', () => {
        assert.ok('ok' in FORM);
        const t = turn();
        t.chatTurn.onElicitationRequest({ elicitationId: 'e1', mode: 'form', form: FORM.ok });
        t.chatTurn.onElicitationSettled('e1');
        assert.equal(t.form()!.answer, 'Cancelled');
        t.chatTurn.onElicitationRequest({ elicitationId: 'e2', mode: 'url', message: 'Go', url: 'https://x.test/', host: 'x.test' });
        t.chatTurn.end();
        assert.deepEqual([...t.waiting], []);
        assert.deepEqual(t.answers, [], 'nothing was sent for the user');
        t.chatTurn.onElicitationRequest({ elicitationId: 'r', mode: 'refused', problem: 'cannot show' });
        assert.deepEqual([...t.waiting], [], 'a refusal is only said, nobody waits for it');
    });
});
