// The soak's CI variant (bench/soak.mjs at a tenth of each phase): a long day's chat turns, openDiff → accept
// cycles through the real IdeClient, agent crashes and window reloads must leave no descriptor and no process
// behind in the backend. Counts, not times; the heap figures are printed, the bench's README row holds the full run.
import assert from 'node:assert/strict';
import { FULL_PHASES, runSoak } from '../../bench/support/soak-run.mjs';

describe('soak, a tenth of a long day: no descriptor or process left behind after any phase', function () {
    this.timeout(900_000);

    it('chat turns, openDiff → accept, agent crashes and window reloads', async () => {
        const phases = Object.fromEntries(Object.entries(FULL_PHASES).map(([name, count]) => [name, Math.ceil(count / 10)]));
        const leaks = [];
        await runSoak({
            phases,
            onPhase: ({ name, count, before, after }) => {
                console.log(`      ${name} ×${count}: backend fds ${before.backend.descriptors} → ${after.backend.descriptors}, ` +
                    `children ${before.backend.children} → ${after.backend.children}, heap ${before.backend.heapMb.toFixed(1)} → ` +
                    `${after.backend.heapMb.toFixed(1)} MB; page heap ${before.page.heapMb.toFixed(1)} → ${after.page.heapMb.toFixed(1)} MB, ` +
                    `listeners ${before.page.listeners} → ${after.page.listeners}`);
                if (after.backend.descriptors > before.backend.descriptors) {
                    leaks.push(`${name}: ${after.backend.descriptors - before.backend.descriptors} descriptors`);
                }
                if (after.backend.children > before.backend.children) {
                    leaks.push(`${name}: ${after.backend.children - before.backend.children} child processes`);
                }
            }
        });
        assert.deepEqual(leaks, [], 'the backend kept what a phase used');
    });
});
