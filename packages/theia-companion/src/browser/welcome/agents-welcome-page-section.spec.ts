import '../../test/jsdom';

import * as assert from 'assert';
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
});
