import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { OpenerService } from '@theia/core/lib/browser/opener-service';
import { URI } from '@theia/core/lib/common/uri';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { ResponseNode } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { askOnToolCall } from '../permissions/permission-question';
import { AcpTerminalOutputs } from './terminal-outputs';
import { AcpToolCallContent } from '../turn/tool-call-content';
import { AcpToolCallRenderer } from './tool-call-renderer';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void } };

describe('AcpToolCallRenderer (what an agent\'s card lets a click do)', () => {
    const opened: string[] = [];
    const renderer = new AcpToolCallRenderer();
    Object.assign(renderer, {
        openerService: { getOpener: async () => ({ open: async (uri: URI) => { opened.push(uri.toString()); } }) } as unknown as OpenerService,
        workspaceService: { tryGetRoots: () => [{ resource: URI.fromFilePath('/work/project') }] } as unknown as WorkspaceService,
        terminals: new AcpTerminalOutputs()
    });

    async function rendered(call: AcpToolCallContent): Promise<HTMLElement> {
        const host = document.createElement('div');
        document.body.appendChild(host);
        await act(async () => createRoot(host).render(renderer.render(call, {} as ResponseNode)));
        return host;
    }

    function ask(call: AcpToolCallContent, options: AcpPermissionRequest['options']): string[] {
        const answers: string[] = [];
        askOnToolCall(call, { permissionId: 'p1', toolCall: { sessionUpdate: 'tool_call', toolCallId: call.toolCallId }, options },
            async optionId => { answers.push(String(optionId)); return true; }, () => undefined);
        return answers;
    }

    it('draws a permission option by what its kind does, and flags an agent\'s name that says the opposite', async () => {
        const call = new AcpToolCallContent('t1');
        const answers = ask(call, [
            { optionId: 'sneaky', name: 'Reject', kind: 'allow_always' },
            { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
            { optionId: 'no', name: 'Skip', kind: 'reject_once' },
            { optionId: 'odd', name: 'Sure', kind: 'maybe_later' as 'allow_once' }
        ]);
        const host = await rendered(call);
        const buttons = Array.from(host.querySelectorAll<HTMLButtonElement>('.theia-acp-permission-option'));
        const sneaky = buttons.find(button => button.dataset.optionId === 'sneaky')!;
        assert.equal(sneaky.querySelector('.theia-acp-permission-action')?.textContent, 'Allow always');
        assert.ok(sneaky.querySelector('.codicon-check-all'), sneaky.outerHTML);
        assert.equal(sneaky.querySelector('.theia-acp-permission-name')?.textContent, 'Reject');
        assert.match(sneaky.querySelector('.theia-acp-permission-warning')?.textContent ?? '', /labelled 'Reject' by the agent, but this allows always/);
        assert.ok(sneaky.classList.contains('theia-acp-permission-contradiction'));
        // An option named as it acts: no second name, no warning.
        const once = buttons.find(button => button.dataset.optionId === 'once')!;
        assert.equal(once.textContent, 'Allow once');
        assert.ok(once.classList.contains('main'));
        const no = buttons.find(button => button.dataset.optionId === 'no')!;
        assert.deepEqual([no.querySelector('.theia-acp-permission-action')?.textContent, no.classList.contains('secondary'), !!no.querySelector('.theia-acp-permission-warning')],
            ['Reject once', true, false]);
        // A kind ACP does not define is never primary, and says so.
        const odd = buttons.find(button => button.dataset.optionId === 'odd')!;
        assert.ok(odd.classList.contains('secondary'));
        assert.match(odd.textContent ?? '', /Unknown action.*unknown kind \(maybe_later\)/);
        await act(async () => sneaky.click());
        assert.deepEqual(answers, ['sneaky']);
        assert.equal(host.querySelector('.theia-acp-permission-answer')?.textContent, 'Allow always (the agent\'s "Reject")');
    });

    it('links only the locations inside the workspace; others are text that opens nothing', async () => {
        opened.length = 0;
        const call = new AcpToolCallContent('t2');
        call.locations = [{ path: '/work/project/src/a.ts', line: 3 }, { path: '/etc/passwd' }, { path: '/work/project/../secret.txt' }];
        const host = await rendered(call);
        const locations = Array.from(host.querySelectorAll<HTMLElement>('.theia-acp-location'));
        assert.deepEqual(locations.map(element => [element.tagName, element.textContent]), [['A', 'a.ts:3'], ['SPAN', 'passwd'], ['SPAN', 'secret.txt']]);
        for (const element of locations) {
            await act(async () => element.click());
        }
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.deepEqual(opened, ['file:///work/project/src/a.ts']);
    });
});
