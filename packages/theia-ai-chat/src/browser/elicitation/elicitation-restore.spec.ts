import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { MutableChatModel, UnknownChatResponseContentImpl } from '@theia/ai-chat/lib/common/chat-model';
import { parseElicitationForm } from '../../common/elicitation/elicitation-request-reader';
import { deserializers } from '../../test/chat-deserializers';
import { AcpElicitationContent } from './elicitation-content';
import { readSavedElicitation } from './elicitation-restore';

const FORM = parseElicitationForm({ message: 'Which colour?', requestedSchema: { properties: { colour: { type: 'string', enum: ['red'] } }, required: ['colour'] } });

describe('A saved chat\'s questions restore settled (issue 29: "could not be fully restored")', () => {
    it('an answered and an open form come back as questions without buttons, saying what was answered', async () => {
        assert.ok('ok' in FORM);
        const model = new MutableChatModel(ChatAgentLocation.Panel);
        const request = model.addRequest({ request: { text: 'hi' }, parts: [], toolRequests: new Map(), variables: [] }, 'A');
        const answered = new AcpElicitationContent({ elicitationId: 'e1', mode: 'form', form: FORM.ok }, async () => undefined, () => undefined, () => undefined);
        await answered.submit({ action: 'accept', content: { colour: 'red' } });
        const open = new AcpElicitationContent({ elicitationId: 'e2', mode: 'url', message: 'Sign in', url: 'https://x.test/', host: 'x.test' },
            async () => undefined, () => undefined, () => undefined);
        request.response.response.addContent(answered);
        request.response.response.addContent(open);
        const saved = JSON.parse(JSON.stringify(model.toSerializable())).responses[0].content;
        assert.deepEqual(saved[0].data.request.form.fields, [], 'a form\'s fields are not kept');
        const registry = deserializers();
        const parts = await Promise.all(saved.map((part: never) => registry.deserialize(part)));
        assert.ok(parts.every(part => part instanceof AcpElicitationContent), parts.map(part => part.constructor.name).join());
        const [form, link] = parts as AcpElicitationContent[];
        assert.equal(form.open, false);
        assert.equal(form.isResolved, true);
        assert.equal(form.asString(), 'Which colour?\nSubmitted: colour: red');
        assert.equal(link.open, false);
        assert.equal(link.asString(), 'Sign in (x.test)\nNot answered');
        await link.submit({ action: 'accept' });
        assert.equal(link.answer, 'Not answered', 'a restored question sends nothing');
        assert.ok(!parts.some(part => part instanceof UnknownChatResponseContentImpl));
    });

    it('a saved question of the wrong shape restores as a note, never throwing', () => {
        assert.deepEqual(readSavedElicitation(null).request.mode, 'refused');
        assert.deepEqual(readSavedElicitation({ request: { mode: 'form', form: 7 }, answer: 3 }),
            { request: { elicitationId: '', mode: 'form', form: { message: '', fields: [] } }, answer: undefined });
        assert.equal(AcpElicitationContent.restored(readSavedElicitation({ request: { mode: 'url', message: 1 } })).open, false);
    });
});
