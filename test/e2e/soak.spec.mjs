// The soak's CI variant (bench/soak.mjs at a tenth of each phase): a long day's chat turns, openDiff → accept
// cycles through the real IdeClient, agent crashes and window reloads must leave no descriptor and no process
// behind in the backend, and the reviews no closed diff editor in the page (its event listeners). Counts, not times;
// the heap figures are printed, the bench's README row holds the full run. SOAK_PHASES=diffs (a comma list of
// turns, diffs, crashes, reloads) runs only those phases.
import assert from 'node:assert/strict';
import { FULL_PHASES, runSoak } from '../../bench/support/soak-run.mjs';

/**
 * Event listeners the page may gain over the 30 reviews: a closed diff editor kept about 435 of them (13,000 over
 * 30 before Lumino's tab bars and Theia's editor openers were released); none are kept now.
 */
const REVIEW_LISTENER_GROWTH = 2_000;

describe('soak, a tenth of a long day: no descriptor or process left behind after any phase', function () {
    this.timeout(900_000);

    it('chat turns, openDiff → accept, agent crashes and window reloads', async () => {
        const only = process.env.SOAK_PHASES?.split(',');
        const phases = Object.fromEntries(Object.entries(FULL_PHASES)
            .map(([name, count]) => [name, !only || only.includes(name) ? Math.ceil(count / 10) : 0]));
        const leaks = [];
        await runSoak({
            phases,
            onPhase: ({ name, count, before, after }) => {
                console.log(`      ${name} ×${count}: backend fds ${before.backend.descriptors} → ${after.backend.descriptors}, ` +
                    `children ${before.backend.children} → ${after.backend.children}, heap ${before.backend.heapMb.toFixed(1)} → ` +
                    `${after.backend.heapMb.toFixed(1)} MB; page heap ${before.page.heapMb.toFixed(1)} → ${after.page.heapMb.toFixed(1)} MB, ` +
                    `DOM nodes ${before.page.nodes} → ${after.page.nodes}, listeners ${before.page.listeners} → ${after.page.listeners}`);
                if (after.backend.descriptors > before.backend.descriptors) {
                    leaks.push(`${name}: ${after.backend.descriptors - before.backend.descriptors} descriptors`);
                }
                if (after.backend.children > before.backend.children) {
                    leaks.push(`${name}: ${after.backend.children - before.backend.children} child processes`);
                }
                const listeners = after.page.listeners - before.page.listeners;
                if (name === 'openDiff → accept' && listeners >= REVIEW_LISTENER_GROWTH) {
                    leaks.push(`${name}: ${listeners} event listeners in the page (closed diff editors kept)`);
                }
            }
        });
        assert.deepEqual(leaks, [], 'a phase left something behind');
    });
});
