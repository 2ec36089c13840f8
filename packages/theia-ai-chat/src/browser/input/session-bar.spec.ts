import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { sortConfigOptions } from '../../common/session-config/acp-config-options';
import { describeUsage } from '../../common/session-config/acp-usage';
import { AcpSessionBar, AcpSessionBarProps } from './session-bar';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void } };

describe('AcpSessionBar: the row under the chat input (issue 23 parts 4, 5)', () => {
    const others = sortConfigOptions([
        { type: 'select', id: 'thought_level', name: 'Thinking', category: 'thought_level', currentValue: 'low', options: [{ value: 'low', name: 'Low' }, { value: 'high', name: 'High' }] },
        { type: 'boolean', id: 'brief', name: 'Brief answers', currentValue: false }
    ], true).others;

    async function rendered(props: Partial<AcpSessionBarProps>): Promise<{ host: HTMLElement; chosen: string[]; newChats: number[] }> {
        const chosen: string[] = [];
        const newChats: number[] = [];
        const host = document.createElement('div');
        document.body.appendChild(host);
        await act(async () => createRoot(host).render(React.createElement(AcpSessionBar, {
            controls: [], disabled: false, onChoose: (id, value) => chosen.push(`${id}=${value}`), onNewChat: () => newChats.push(1), ...props
        })));
        return { host, chosen, newChats };
    }

    it('a select per option showing its value, a checkbox per boolean that sends the choice', async () => {
        const { host, chosen } = await rendered({ controls: [{ control: others[0], value: 'high' }, { control: others[1], value: false }] });
        const select = host.querySelector('[data-config-id="thought_level"]');
        assert.match(select?.textContent ?? '', /Thinking\s*High/);
        const checkbox = host.querySelector<HTMLInputElement>('.theia-acp-config-boolean input');
        assert.equal(checkbox?.checked, false);
        await act(async () => checkbox!.click());
        assert.deepStrictEqual(chosen, ['brief=true']);
    });

    it('the usage label with the exact figures in its tooltip; no warning below the threshold', async () => {
        const { host } = await rendered({ usage: describeUsage({ used: 53_000, size: 200_000, cost: { amount: 0.12, currency: 'USD' } }) });
        const usage = host.querySelector<HTMLElement>('.theia-acp-usage');
        assert.equal(usage?.textContent, '53k / 200k · $0.12');
        assert.equal(usage?.title, 'Context: 53,000 of 200,000 tokens (27 %)\nCost of this session: 0.12 USD');
        assert.equal(host.querySelector('.theia-acp-usage-new-chat'), null);
    });

    it('near the limit it warns and offers a new chat', async () => {
        const { host, newChats } = await rendered({ usage: describeUsage({ used: 170_000, size: 200_000 }, 0.8) });
        assert.ok(host.querySelector('.theia-acp-usage-near-limit .codicon-warning'));
        const button = host.querySelector<HTMLButtonElement>('.theia-acp-usage-new-chat');
        assert.equal(button?.textContent, 'New Chat');
        await act(async () => button!.click());
        assert.deepStrictEqual(newChats, [1]);
    });

    it('nothing at all for an agent with no options and no usage (gemini 0.61)', async () => {
        const { host } = await rendered({});
        assert.equal(host.innerHTML, '');
    });
});
