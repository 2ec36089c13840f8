import * as assert from 'assert';
import type * as acp from '@agentclientprotocol/sdk';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { elicitationHandler } from './elicitation-handler';
import { PendingElicitations } from './pending-elicitations';

const FORM: acp.CreateElicitationRequest = {
    sessionId: 's', mode: 'form', message: 'Which colour?',
    requestedSchema: { type: 'object', required: ['colour'], properties: { colour: { type: 'string', enum: ['red', 'blue'] }, shade: { type: 'number' } } }
};

function harness() {
    const pending = new PendingElicitations();
    const asked: AcpElicitationRequest[] = [];
    const settled: string[] = [];
    const handle = elicitationHandler(pending, 'chat-1', () => ({ ask: request => asked.push(request), settled: id => settled.push(id) }));
    return { pending, asked, settled, handle };
}

describe('elicitation/create in the chat backend (issue 23 part 7)', () => {
    it('shows a form and answers the agent accept with exactly the content that fits it', async () => {
        const { pending, asked, settled, handle } = harness();
        const answer = handle(FORM, new AbortController().signal);
        const [shown] = asked;
        assert.ok(shown.mode === 'form');
        assert.deepEqual(shown.form.fields.map(field => field.name), ['colour', 'shade']);
        assert.equal(pending.answer(shown.elicitationId, { action: 'accept', content: { shade: 2 } }), 'colour: colour is required.', 'a form without its required field is refused');
        assert.match(pending.answer(shown.elicitationId, { action: 'accept', content: { colour: 'green' } })!, /Choose one of the choices/);
        assert.match(pending.answer(shown.elicitationId, { action: 'accept', content: { colour: 'red', admin: true } as never })!, /admin: The form has no such field/);
        assert.equal(pending.answer(shown.elicitationId, { action: 'whatever' } as never), 'The answer is accept, decline or cancel.');
        assert.equal(pending.answer(shown.elicitationId, { action: 'accept', content: { colour: 'blue', shade: 3 } }), undefined);
        assert.deepEqual(await answer, { action: 'accept', content: { colour: 'blue', shade: 3 } });
        assert.deepEqual(settled, [shown.elicitationId]);
        assert.equal(pending.answer(shown.elicitationId, { action: 'decline' }), 'The question is no longer open.');
    });

    it('decline and cancel are sent as they are; Stop and a withdrawn request answer cancel', async () => {
        const { pending, asked, handle } = harness();
        const declined = handle(FORM, new AbortController().signal);
        pending.answer(asked[0].elicitationId, { action: 'decline' });
        assert.deepEqual(await declined, { action: 'decline' });
        const stopped = handle(FORM, new AbortController().signal);
        pending.cancelAll('chat-1');
        assert.deepEqual(await stopped, { action: 'cancel' });
        const withdrawn = new AbortController();
        const asking = handle(FORM, withdrawn.signal);
        withdrawn.abort();
        assert.deepEqual(await asking, { action: 'cancel' });
        assert.equal(pending.size, 0);
    });

    it('refuses a form or link it cannot show with an error that says why, and says so in the chat', async () => {
        const { asked, handle } = harness();
        const huge = { ...FORM, requestedSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, { type: 'string' }])) } };
        await assert.rejects(handle(huge as acp.CreateElicitationRequest, new AbortController().signal),
            (error: { code: number; message: string }) => error.code === -32602 && /the form has 500 fields; Theia shows at most 50/.test(error.message));
        await assert.rejects(handle({ sessionId: 's', mode: 'url', elicitationId: 'e', message: 'Go', url: 'javascript:alert(1)' } as acp.CreateElicitationRequest,
            new AbortController().signal), /Theia opens only http and https links/);
        await assert.rejects(handle({ sessionId: 's', mode: 'telepathy', message: 'x' } as acp.CreateElicitationRequest, new AbortController().signal), /mode "telepathy"/);
        assert.deepEqual(asked.map(request => request.mode), ['refused', 'refused', 'refused']);
    });

    it('a link is shown with its host; accept carries no content', async () => {
        const { pending, asked, handle } = harness();
        const answer = handle({ sessionId: 's', mode: 'url', elicitationId: 'e', message: 'Authorise', url: 'https://auth.example.test/a' } as acp.CreateElicitationRequest,
            new AbortController().signal);
        const [shown] = asked;
        assert.ok(shown.mode === 'url');
        assert.equal(shown.host, 'auth.example.test');
        pending.answer(shown.elicitationId, { action: 'accept', content: { sneaky: 'x' } });
        assert.deepEqual(await answer, { action: 'accept' });
    });

    it('with no window to ask, answers cancel at once', async () => {
        const handle = elicitationHandler(new PendingElicitations(), 'chat-1', () => undefined);
        assert.deepEqual(await handle(FORM, new AbortController().signal), { action: 'cancel' });
    });
});
