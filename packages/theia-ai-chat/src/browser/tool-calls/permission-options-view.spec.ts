import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { askOnToolCall } from '../permissions/permission-question';
import { AcpToolCallContent } from '../turn/tool-call-content';
import { PermissionOptionsView } from './permission-options-view';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void } };

describe('PermissionOptionsView (reject with a reason)', () => {
    /** A write the agent asks about, drawn; what went back to the agent and what the chat was told. */
    async function asked(): Promise<{ host: HTMLElement; answers: unknown[][]; told: Array<string | undefined> }> {
        const call = new AcpToolCallContent('w1');
        call.title = 'WriteFile';
        call.locations = [{ path: '/work/project/notes.txt' }];
        const answers: unknown[][] = [];
        const told: Array<string | undefined> = [];
        askOnToolCall(call, {
            permissionId: 'p1', toolCall: { sessionUpdate: 'tool_call', toolCallId: 'w1' },
            options: [{ optionId: 'yes', name: 'Allow', kind: 'allow_once' }, { optionId: 'no', name: 'Reject', kind: 'reject_once' }]
        }, async (...answer) => { answers.push(answer); return true; }, rejection => told.push(rejection));
        const host = document.createElement('div');
        document.body.appendChild(host);
        await act(async () => createRoot(host).render(React.createElement(PermissionOptionsView, { question: call.question! })));
        return { host, answers, told };
    }

    const option = (host: HTMLElement, id: string) => host.querySelector<HTMLButtonElement>(`.theia-acp-permission-option[data-option-id="${id}"]`)!;
    const field = (host: HTMLElement) => host.querySelector<HTMLInputElement>('.theia-acp-permission-reason');

    // The events of jsdom's window: jsdom refuses Node's own global Event.
    const dom = window as unknown as { Event: typeof Event; KeyboardEvent: typeof KeyboardEvent; MouseEvent: typeof MouseEvent };

    async function type(input: HTMLInputElement, text: string): Promise<void> {
        // React tracks the value it last set: the native setter makes the change visible to it.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        await act(async () => { input.dispatchEvent(new dom.Event('input', { bubbles: true })); });
    }
    const key = (input: HTMLInputElement, name: string) => act(async () => {
        input.dispatchEvent(new dom.KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
    });

    it('Shift+click on Reject opens the field; Enter rejects with the reason, and the chat is told "I rejected <tool> on <file>: <reason>"', async () => {
        const { host, answers, told } = await asked();
        assert.equal(host.querySelectorAll('.theia-acp-permission-reason-open').length, 1, 'only the rejecting option takes a reason');
        await act(async () => option(host, 'no').dispatchEvent(new dom.MouseEvent('click', { bubbles: true, shiftKey: true })));
        assert.deepEqual(answers, [], 'a Shift+click answers nothing yet');
        await type(field(host)!, ' use the existing helper ');
        await key(field(host)!, 'Enter');
        assert.deepEqual(answers, [['no', 'use the existing helper']]);
        assert.deepEqual(told, ['I rejected WriteFile on /work/project/notes.txt: use the existing helper']);
    });

    it('"…" opens the field too; Esc closes it and nothing is answered; a plain click rejects without a reason', async () => {
        const { host, answers, told } = await asked();
        await act(async () => host.querySelector<HTMLButtonElement>('.theia-acp-permission-reason-open')!.click());
        await type(field(host)!, 'never mind');
        await key(field(host)!, 'Escape');
        assert.equal(field(host), null);
        assert.deepEqual(answers, []);
        await act(async () => option(host, 'no').click());
        assert.deepEqual(answers, [['no', undefined]]);
        assert.deepEqual(told, [undefined]);
    });

    it('a Shift+click on an allowing option just allows', async () => {
        const { host, answers } = await asked();
        await act(async () => option(host, 'yes').dispatchEvent(new dom.MouseEvent('click', { bubbles: true, shiftKey: true })));
        assert.equal(field(host), null);
        assert.deepEqual(answers, [['yes', undefined]]);
    });
});
