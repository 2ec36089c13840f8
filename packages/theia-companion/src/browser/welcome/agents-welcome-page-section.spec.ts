import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { CliOverview } from './agents-overview';
import { AgentsWelcomePageSection } from './agents-welcome-page-section';

/** A section whose overview answers when the spec says so, one answer per question. */
function sectionWithManualOverview(): { section: AgentsWelcomePageSection; answer: (index: number, clis: CliOverview[] | Error) => void; changes: () => number } {
    const pending: Array<{ resolve: (clis: CliOverview[]) => void; reject: (error: Error) => void }> = [];
    const section = new AgentsWelcomePageSection();
    Object.assign(section, {
        overview: { clis: () => new Promise<CliOverview[]>((resolve, reject) => pending.push({ resolve, reject })) },
        commandRegistry: { getCommand: () => undefined, executeCommand: async () => undefined }
    });
    let changed = 0;
    section.onDidChange(() => changed++);
    return {
        section,
        answer: (index, clis) => clis instanceof Error ? pending[index].reject(clis) : pending[index].resolve(clis),
        changes: () => changed
    };
}

const gemini = { profile: { id: 'gemini' }, connected: 1 } as unknown as CliOverview;
const qwen = { profile: { id: 'qwen' }, connected: 0 } as unknown as CliOverview;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void; unmount(): void } };
const settle = () => new Promise(resolve => setTimeout(resolve, 0));

describe('AgentsWelcomePageSection (the welcome page\'s agents section, a WelcomePageSection)', () => {
    it('asks the overview on each refresh and shows its answer', async () => {
        const { section, answer, changes } = sectionWithManualOverview();
        section.refresh();
        assert.equal((section as unknown as { clis: unknown }).clis, undefined);
        answer(0, [gemini]);
        await settle();
        assert.deepEqual((section as unknown as { clis: unknown }).clis, [gemini]);
        assert.equal(changes(), 1);
    });

    it('an older question answering last does not replace the newer answer', async () => {
        const { section, answer } = sectionWithManualOverview();
        section.refresh();
        section.refresh();
        answer(1, [qwen]);
        answer(0, [gemini]);
        await settle();
        assert.deepEqual((section as unknown as { clis: unknown }).clis, [qwen]);
    });

    it('a failed question shows no CLIs instead of waiting for ever', async () => {
        const { section, answer } = sectionWithManualOverview();
        section.refresh();
        answer(0, new Error('backend gone'));
        await settle();
        assert.deepEqual((section as unknown as { clis: unknown }).clis, []);
    });

    it('lists the chat\'s agents and whether each is signed in when the chat\'s command is there, none without the chat', async () => {
        const { section, answer, changes } = sectionWithManualOverview();
        const chatAgents = [{ name: 'Gemini CLI', ready: 'needs-sign-in' }, { name: 'Qwen Code', ready: 'signed-in' }];
        const asked: string[] = [];
        Object.assign(section, {
            commandRegistry: {
                getCommand: (id: string) => id === 'aiCliChat.welcomeAgents' ? { id } : undefined,
                executeCommand: async (id: string) => { asked.push(id); return chatAgents; }
            }
        });
        section.refresh();
        answer(0, [gemini]);
        await settle();
        assert.deepEqual(asked, ['aiCliChat.welcomeAgents']);
        assert.deepEqual((section as unknown as { chatAgents: unknown }).chatAgents, chatAgents);
        assert.equal(changes(), 2, 'the CLIs and the chat\'s agents each redraw once');
        const host = document.createElement('div');
        const root = createRoot(host);
        await act(async () => root.render(section.render()));
        assert.deepEqual(Array.from(host.querySelectorAll('.ai-cli-welcome-chat-agent')).map(row => row.textContent),
            ['Gemini CLI in the AI Chat · needs sign-in', 'Qwen Code in the AI Chat · signed in']);
        root.unmount();

        const { section: without, answer: answerWithout } = sectionWithManualOverview();
        without.refresh();
        answerWithout(0, []);
        await settle();
        assert.deepEqual((without as unknown as { chatAgents: unknown }).chatAgents, []);
    });
});
