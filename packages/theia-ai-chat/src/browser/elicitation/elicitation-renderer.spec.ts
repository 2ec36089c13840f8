import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { WindowService } from '@theia/core/lib/browser/window/window-service';
import { ResponseNode } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { AcpElicitationAnswer, AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { parseElicitationForm } from '../../common/elicitation/elicitation-request-reader';
import { AcpElicitationContent } from './elicitation-content';
import { AcpElicitationRenderer } from './elicitation-renderer';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void } };

const FORM = parseElicitationForm({
    message: 'Which colour?', requestedSchema: { type: 'object', required: ['colour'], properties: {
        colour: { type: 'string', title: 'Colour', enum: ['red', 'blue'] }, shade: { type: 'number', title: 'Shade' },
        note: { type: 'string', title: 'Note' }, sure: { type: 'boolean', title: 'Sure' } } }
});

describe('AcpElicitationRenderer (an agent\'s form in the chat)', () => {
    const opened: string[] = [];
    const renderer = new AcpElicitationRenderer();
    Object.assign(renderer, { windowService: { openNewWindow: (url: string) => { opened.push(url); return undefined; } } as unknown as WindowService });

    function harness(request: AcpElicitationRequest, refuse?: string) {
        const sent: AcpElicitationAnswer[] = [];
        const host = document.createElement('div');
        document.body.appendChild(host);
        const root = createRoot(host);
        let settled = 0;
        const draw = () => root.render(renderer.render(content, {} as ResponseNode));
        const content: AcpElicitationContent = new AcpElicitationContent(request, async answer => { sent.push(answer); return refuse; }, () => draw(), () => settled++);
        return { sent, host, content, settled: () => settled, draw: () => act(async () => draw()) };
    }

    const button = (host: HTMLElement, label: string) => Array.from(host.querySelectorAll('button')).find(candidate => candidate.textContent?.startsWith(label))!;
    const input = (host: HTMLElement, field: string) => host.querySelector(`[data-field="${field}"] input, [data-field="${field}"] select`) as HTMLInputElement;
    function type(element: HTMLInputElement | HTMLSelectElement, value: string): void {
        const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
        const view = element.ownerDocument.defaultView as unknown as { Event: typeof Event };
        element.dispatchEvent(new view.Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    }

    it('draws the fields; Submit without a required field says so and sends nothing; filled in, it sends accept with the content', async () => {
        assert.ok('ok' in FORM);
        const h = harness({ elicitationId: 'e1', mode: 'form', form: FORM.ok });
        await h.draw();
        assert.match(h.host.textContent!, /Which colour\?/);
        assert.deepEqual(Array.from(h.host.querySelectorAll('[data-field]')).map(field => field.getAttribute('data-field')), ['colour', 'shade', 'note', 'sure']);
        await act(async () => button(h.host, 'Submit').click());
        assert.match(h.host.textContent!, /Colour is required\./);
        assert.deepEqual(h.sent, []);
        await act(async () => type(input(h.host, 'colour'), 'blue'));
        await act(async () => type(input(h.host, 'shade'), '3.5'));
        await act(async () => button(h.host, 'Submit').click());
        assert.deepEqual(h.sent, [{ action: 'accept', content: { colour: 'blue', shade: 3.5, sure: false } }]);
        assert.equal(h.settled(), 1);
        assert.match(h.host.textContent!, /Submitted: Colour: blue, Shade: 3\.5, Sure: no/);
        assert.equal(h.host.querySelector('button'), null, 'answered: no buttons left');
        assert.equal(h.content.isResolved, true);
    });

    it('the backend settles a question after every answer: an answer on its way still says what was submitted', async () => {
        assert.ok('ok' in FORM);
        let settleNow: () => void = () => undefined;
        const h = harness({ elicitationId: 'e6', mode: 'form', form: FORM.ok });
        Object.assign(h.content, { respond: async () => { settleNow(); return undefined; } });
        settleNow = () => h.content.settle();
        await h.draw();
        await act(async () => type(input(h.host, 'colour'), 'red'));
        await act(async () => button(h.host, 'Submit').click());
        assert.match(h.host.textContent!, /Submitted: Colour: red/);
    });

    it('Decline and Cancel send that action; a refused answer keeps the form open with the reason', async () => {
        assert.ok('ok' in FORM);
        const declined = harness({ elicitationId: 'e2', mode: 'form', form: FORM.ok });
        await declined.draw();
        await act(async () => button(declined.host, 'Decline').click());
        assert.deepEqual(declined.sent, [{ action: 'decline' }]);
        assert.match(declined.host.textContent!, /Declined/);
        const refused = harness({ elicitationId: 'e3', mode: 'form', form: FORM.ok }, 'The question is no longer open.');
        await refused.draw();
        await act(async () => button(refused.host, 'Cancel').click());
        assert.match(refused.host.textContent!, /The question is no longer open\./);
        assert.ok(button(refused.host, 'Submit'), 'still open');
    });

    it('a link shows its host and opens only when clicked; a refused question is only said', async () => {
        const h = harness({ elicitationId: 'e4', mode: 'url', message: 'Authorise', url: 'https://auth.example.test/a', host: 'auth.example.test' });
        await h.draw();
        assert.deepEqual(opened, []);
        await act(async () => button(h.host, 'Open auth.example.test').click());
        assert.deepEqual(opened, ['https://auth.example.test/a']);
        assert.deepEqual(h.sent, [{ action: 'accept' }]);
        const refused = harness({ elicitationId: 'e5', mode: 'refused', problem: 'Theia cannot show this question: the form has 500 fields.' });
        await refused.draw();
        assert.match(refused.host.textContent!, /the form has 500 fields/);
        assert.equal(refused.host.querySelector('button'), null);
        assert.equal(refused.content.isResolved, true);
    });
});
