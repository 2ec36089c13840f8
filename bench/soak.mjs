// A long day in one run, against the real backend and the built browser-app in Chromium:
//   300 chat turns streaming 20 KB each through an ACP agent (a new chat every 10 turns, the old one deleted),
//   300 openDiff → accept cycles through the real IdeClient of @google/gemini-cli-core,
//   50 agent crashes, each followed by a prompt that starts the agent again,
//   10 window reloads.
// After each phase, and after a forced GC in both processes: the backend's RSS, JS heap, open descriptors, child
// processes and active handles; the page's JS heap, DOM nodes and event listeners. Targets: the heaps grow by
// at most 20 MB, descriptors and processes by 0. Counts, not times.
//
//   node bench/soak.mjs [--scale=1] [--kb=20] [--json=out.json] [--phases=turns,diffs,crashes,reloads]
//                       [--retainers=MonacoDiffEditor [--snapshot=page.heapsnapshot]]
// --scale=0.1 is the CI variant's size (test/e2e/soak.spec.mjs asserts its counts). --phases runs only those phases
// (e.g. --phases=diffs --scale=0.02 for 6 reviews). --retainers takes the page's heap snapshot after the last phase and
// prints the shortest path from the GC roots to each live object of that class (the snapshot is kept with --snapshot).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FULL_PHASES, runSoak } from './support/soak-run.mjs';
import { retainerPaths, writeHeapSnapshot } from './support/heap-retainers.mjs';
import { fmt, numberArg, stringArg, table, writeJsonResult } from './support/common.mjs';

export const TARGETS = { heapGrowthMb: 20, descriptors: 0, children: 0 };
const SCALE = numberArg('scale', 1);
const KB = numberArg('kb', 20);
const ONLY = stringArg('phases', Object.keys(FULL_PHASES).join(',')).split(',');
const RETAINERS = stringArg('retainers', undefined);
const SNAPSHOT = stringArg('snapshot', undefined);
const unknown = ONLY.filter(name => !(name in FULL_PHASES));
if (unknown.length) {
    throw new Error(`--phases: no phase ${unknown.join(', ')} (there are ${Object.keys(FULL_PHASES).join(', ')})`);
}
const phases = Object.fromEntries(Object.entries(FULL_PHASES)
    .map(([name, count]) => [name, ONLY.includes(name) ? Math.max(1, Math.round(count * SCALE)) : 0]));

const started = Date.now();
let phasesLeft = Object.values(phases).filter(count => count > 0).length;
const results = await runSoak({
    phases, kbPerTurn: KB, log: line => console.log(line),
    onPhase: async ({ page }) => {
        if (--phasesLeft === 0 && RETAINERS) {
            const file = SNAPSHOT ?? path.join(os.tmpdir(), `soak-${process.pid}.heapsnapshot`);
            await writeHeapSnapshot(page, file);
            const { count, paths } = retainerPaths(file, RETAINERS);
            console.log(`\n${count} live ${RETAINERS} after the last phase${count ? '; the shortest strong path to each (up to 5):' : ''}`);
            paths.forEach((steps, i) => console.log(`#${i + 1}\n  ${steps.join('\n  ')}`));
            if (!SNAPSHOT) {
                fs.rmSync(file);
            }
        }
    }
});
const rows = [['phase', 'n', 'backend RSS MB', 'backend heap MB', 'fds', 'children', 'handles', 'page heap MB', 'DOM nodes', 'listeners']];
const span = (before, after, digits = 1) => `${fmt(before, digits)} → ${fmt(after, digits)}`;
for (const { name, count, before, after } of results) {
    rows.push([name, count,
        span(before.backend.rssMb, after.backend.rssMb), span(before.backend.heapMb, after.backend.heapMb),
        span(before.backend.descriptors, after.backend.descriptors, 0), span(before.backend.children, after.backend.children, 0),
        span(before.backend.handles, after.backend.handles, 0), span(before.page.heapMb, after.page.heapMb),
        span(before.page.nodes, after.page.nodes, 0), span(before.page.listeners, after.page.listeners, 0)]);
}
console.log(`\nsoak at scale ${SCALE} (${KB} KB a turn), ${Math.round((Date.now() - started) / 1000)} s\n${table(rows)}`);
const first = results[0].before;
const last = results[results.length - 1].after;
const verdicts = [
    ['backend heap growth', last.backend.heapMb - first.backend.heapMb, TARGETS.heapGrowthMb, 'MB'],
    ['page heap growth', last.page.heapMb - first.page.heapMb, TARGETS.heapGrowthMb, 'MB'],
    ['backend descriptors added', last.backend.descriptors - first.backend.descriptors, TARGETS.descriptors, ''],
    ['backend child processes added', last.backend.children - first.backend.children, TARGETS.children, '']
];
for (const [what, value, target, unit] of verdicts) {
    console.log(`${what}: ${fmt(value, unit ? 1 : 0)}${unit} (target ≤ ${target}${unit}): ${value <= target ? 'met' : 'NOT met'}`);
}
writeJsonResult({ scale: SCALE, kbPerTurn: KB, results });
