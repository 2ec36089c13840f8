import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { MutableChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { permissionTurn } from '../permissions/permission-turn';
import { AcpChatTurn } from './chat-turn';
import { AcpToolCallContent } from './tool-call-content';
import { AcpTurnContribution } from './turn-contribution';

const REQUEST: AcpPermissionRequest = {
    permissionId: 'p1',
    toolCall: { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Write a.txt', kind: 'edit', locations: [{ path: '/w/a.txt' }] },
    options: [{ optionId: 'yes', name: 'Allow', kind: 'allow_once' }, { optionId: 'no', name: 'Reject', kind: 'reject_once' }]
};

/** A turn with the permissions' participant and one that holds the answer until `release` (as the side writes' snapshot). */
function turn(contributions?: AcpTurnContribution[]) {
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    const request = model.addRequest({ request: { text: '@Agent write' }, parts: [], toolRequests: new Map(), variables: [] }, 'Agent');
    const answers: Array<[string, string | undefined, string | undefined]> = [];
    const service = { answerPermission: async (id: string, optionId?: string, reason?: string) => { answers.push([id, optionId, reason]); return true; } } as unknown as AcpChatService;
    const waiting = new Map<string, string>();
    const tracker = { asked: (id: string, about: string) => waiting.set(id, about), settled: (id: string) => waiting.delete(id) };
    const rejections: string[] = [];
    let release = () => { };
    const held = new Promise<void>(resolve => release = resolve);
    const chatTurn = new AcpChatTurn(request, service, { onCommands: () => undefined, onMode: () => undefined }, tracker, contributions ?? [
        { startTurn: context => permissionTurn(context, message => rejections.push(message)) },
        { startTurn: () => ({ beforePermissionAnswer: () => held }) }
    ]);
    const call = () => request.response.response.content.find((part): part is AcpToolCallContent => part instanceof AcpToolCallContent);
    return { request, answers, waiting, rejections, release, chatTurn, call };
}

describe('AcpChatTurn with the permissions\' participant (AcpTurnContribution)', () => {
    it('asks on the tool call\'s card, waits for input and counts as pending; the answer leaves once every participant is ready', async () => {
        const t = turn();
        t.chatTurn.onPermissionRequest(REQUEST);
        assert.deepEqual([...t.waiting], [['p1', 'Write a.txt']]);
        assert.equal(t.request.response.isWaitingForInput, true);
        t.call()!.question!.choose('yes');
        assert.deepEqual([...t.waiting], []);
        assert.equal(t.request.response.isWaitingForInput, false);
        await new Promise(resolve => setTimeout(resolve));
        assert.deepEqual(t.answers, [], 'held until the participant is ready');
        t.release();
        await new Promise(resolve => setTimeout(resolve));
        assert.deepEqual(t.answers, [['p1', 'yes', undefined]]);
    });

    it('a rejection with a reason goes with the answer and to the chat\'s next message', async () => {
        const t = turn();
        t.release();
        t.chatTurn.onPermissionRequest(REQUEST);
        t.call()!.question!.choose('no', ' too risky ');
        await new Promise(resolve => setTimeout(resolve));
        assert.deepEqual(t.answers, [['p1', 'no', 'too risky']]);
        assert.deepEqual(t.rejections, ['I rejected Write a.txt on /w/a.txt: too risky']);
    });

    it('settled elsewhere or left open at the end: the buttons go, nothing is sent', async () => {
        const t = turn();
        t.chatTurn.onPermissionRequest(REQUEST);
        t.chatTurn.onPermissionSettled('p1');
        assert.equal(t.call()!.question!.answer, 'Cancelled');
        assert.deepEqual([...t.waiting], []);
        const u = turn();
        u.chatTurn.onPermissionRequest({ ...REQUEST, permissionId: 'p2' });
        u.chatTurn.end();
        assert.equal(u.call()!.question!.answer, 'Cancelled');
        assert.deepEqual([...u.waiting], []);
        assert.equal(u.request.response.isWaitingForInput, false);
        await new Promise(resolve => setTimeout(resolve));
        assert.deepEqual([...t.answers, ...u.answers], []);
    });

    it('a question no participant takes is answered cancelled', async () => {
        const t = turn([]);
        t.chatTurn.onPermissionRequest(REQUEST);
        await new Promise(resolve => setTimeout(resolve));
        assert.deepEqual(t.answers, [['p1', undefined, undefined]]);
        assert.equal(t.call(), undefined);
    });
});
