// End-to-end latency with the built browser-app in Chromium and the real Gemini CLI IdeClient (the
// harness of test/e2e, imported as is):
//  1. cursor move: key press in the focused editor → `ide/contextUpdate` with that cursor arriving at
//     the client, presses at a person's pace (one every ~100 ms: each is the first change of its burst).
//     Baseline, from the same key presses: press → Monaco moved its caret in the page (the editor's own
//     visible reaction), so the browser-side cost is seen apart from ours. Then a burst of 100 presses
//     as fast as CDP sends them: updates per second at the client (coalesced to ≤ 20/s) and the time
//     from the last press to the last state arriving.
//  2. openDiff from the client → diff editor shown with the proposal rendered (and then with the
//     changes highlighted). Baseline, interleaved: a click on a file in the Explorer → its plain editor
//     shown. Both read a file through the backend and build a Monaco editor in the same page; openDiff
//     adds the CLI → MCP → backend → frontend hop, a second model and the diff computation.
//
//   node bench/chromium-latency.mjs [--moves=100] [--diffs=20] [--json=out.json]
//
// One clock for all: performance.timeOrigin + performance.now() in this process, in the page and in
// the client child (bench/support/ipc-arrival-clock.mjs stamps its messages). It follows the system
// clock in Node and Chromium; the "clock check" line shows how closely (Date.now() is ms-truncated).
// Only the measured intervals are timed; arming observers and cleaning up happen outside them.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IdeClientProcess } from '../test/support/ide-client-process.mjs';
import { MOD, TheiaBackend, TheiaWindow, BROWSER_APP, launchChromium, makeTempRoot, removeTempRoot, writeTree } from '../test/support/theia-app.mjs';
import { BENCH_DIR, REPO_DIR, fmt, newestMtime, numberArg, summarize, table, writeJsonResult } from './support/common.mjs';
import { installPageProbes } from './support/page-probes.mjs';

const MOVES = numberArg('moves', 100);
const DIFFS = numberArg('diffs', 20);
const WARMUP = 3; // first opens compile code paths and warm the file service: not counted
const BURST = 100;
const PACE_MS = 100; // between paced presses, outside the timed interval
const TARGETS = { cursorP50Ms: 15, diffP50Ms: 150, burstUpdatesPerSecond: 20 };
const STEPS = Math.ceil((WARMUP + MOVES + BURST) / 2) + 10; // lines needed and columns needed
const now = () => performance.timeOrigin + performance.now();

// The bench measures the built bundle: say so when the extension was compiled after it.
const built = Math.min(...['lib/frontend/bundle.js', 'lib/backend/main.js'].map(f => fs.statSync(path.join(BROWSER_APP, f)).mtimeMs));
if (newestMtime(['theia-companion', 'companion-core'].map(p => path.join(REPO_DIR, 'packages', p, 'lib'))) > built) {
    console.log('warning: browser-app/lib is older than the packages\' lib/: run `cd browser-app && npx theia build --mode development` to measure the current code.');
}

// Same-length lines, so ArrowDown keeps the column and ArrowRight never wraps: the expected cursor is known.
const cursorFile = Array.from({ length: STEPS }, (_, i) => `// line ${String(i + 1).padStart(5, '0')} ${'x'.repeat(STEPS)}`).join('\n') + '\n';
// No auto-reveal: revealing each diff's file would expand diffs/ and move the Explorer rows under the mouse.
const files = { 'cursor.ts': cursorFile, '.theia/settings.json': JSON.stringify({ 'explorer.autoReveal': false }) };
const names = Array.from({ length: WARMUP + DIFFS }, (_, i) => String(i).padStart(2, '0'));
for (const n of names) {
    files[`open-${n}.ts`] = `export const bench_plain_${n} = ${n};\n`; // Explorer shows these at the top level
    files[`diffs/diff-${n}.ts`] = `export const value_${n} = 1;\n`;
}

const root = makeTempRoot('bench-chromium-');
const folder = writeTree(path.join(root, 'workspace'), files);
let backend, browser, window, client, clock, nodeClock;
const moves = { ours: [], caret: [], keydown: [], added: [] };
const burst = { updates: 0, durationMs: 0, lastStateAfterMs: 0 };
const diffs = { ours: [], highlighted: [], plain: [] };
try {
    backend = await TheiaBackend.start({ root, workspace: folder });
    const discovery = await backend.waitForDiscoveryFile([folder]);
    browser = await launchChromium();
    window = await TheiaWindow.open(browser, backend, folder);
    const page = window.page;
    const preload = `--import=${pathToFileURL(path.join(BENCH_DIR, 'support/ipc-arrival-clock.mjs'))}`;
    const env = backend.ideClientEnv(discovery);
    client = await IdeClientProcess.start({ cwd: folder, env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} ${preload}`.trim() } });
    const state = await client.request('connect');
    if (state.status !== 'connected' || !state.diffing) {
        throw new Error(`the IdeClient did not connect: ${JSON.stringify(state)}\n${client.output}`);
    }
    await page.evaluate(installPageProbes);
    clock = await page.evaluate(() => window.__bench.clockCheck());
    nodeClock = median(Array.from({ length: 200 }, () => Date.now() - now()));

    // 1. Cursor moves.
    await window.openFile('cursor.ts');
    await page.keyboard.press(`${MOD}+Home`);
    const cursorPath = path.join(folder, 'cursor.ts');
    const cursorOf = params => params?.workspaceState?.openFiles?.find(f => f.path === cursorPath && f.isActive)?.cursor;
    await client.waitForEvent(e => e.method === 'ide/contextUpdate' && cursorOf(e.params)?.line === 1 && cursorOf(e.params)?.character === 1, 30_000);
    const expected = { line: 1, character: 1 };
    for (let i = 0; i < WARMUP + MOVES; i++) {
        const key = i % 2 ? 'ArrowRight' : 'ArrowDown';
        if (key === 'ArrowDown') {
            expected.line++;
        } else {
            expected.character++;
        }
        await page.evaluate(() => window.__bench.armCaret());
        const t0 = now();
        await page.keyboard.press(key);
        const arrived = await client.waitForEvent(e => e.t > t0 && e.method === 'ide/contextUpdate'
            && cursorOf(e.params)?.line === expected.line && cursorOf(e.params)?.character === expected.character, 10_000);
        const { caretAt, keydownAt } = await page.evaluate(() => window.__bench.caret);
        if (i >= WARMUP) {
            moves.ours.push(arrived.t - t0);
            moves.caret.push(caretAt - t0);
            moves.keydown.push(keydownAt - t0);
            moves.added.push(arrived.t - caretAt);
        }
        await new Promise(resolve => setTimeout(resolve, PACE_MS));
    }

    // 1b. A burst: key presses back to back; count the updates that reach the client.
    const burstStart = now();
    for (let i = 0; i < BURST; i++) {
        const key = i % 2 ? 'ArrowRight' : 'ArrowDown';
        if (key === 'ArrowDown') {
            expected.line++;
        } else {
            expected.character++;
        }
        await page.keyboard.press(key);
    }
    const burstEnd = now();
    const last = await client.waitForEvent(e => e.t > burstStart && e.method === 'ide/contextUpdate'
        && cursorOf(e.params)?.line === expected.line && cursorOf(e.params)?.character === expected.character, 10_000);
    burst.updates = client.events.filter(e => e.t > burstStart && e.t <= last.t && e.method === 'ide/contextUpdate').length;
    burst.durationMs = last.t - burstStart;
    burst.lastStateAfterMs = last.t - burstEnd;

    // 2. openDiff vs opening a plain editor from the Explorer, interleaved.
    await page.locator('#shell-tab-explorer-view-container').click();
    const treeNode = name => page.locator('.theia-TreeNode').filter({ hasText: new RegExp(`^${name.replace('.', '\\.')}$`) });
    await treeNode(`open-${names[0]}.ts`).waitFor({ state: 'visible', timeout: 30_000 });
    for (const [index, n] of names.entries()) {
        const filePath = path.join(folder, 'diffs', `diff-${n}.ts`);
        await page.evaluate(marker => window.__bench.armShown('diff', marker), `bench_proposal_${n}`);
        const diffStart = now();
        const decision = client.request('openDiff', { filePath, newContent: `export const value_${n} = 2; // bench_proposal_${n}\n` });
        const diff = await page.evaluate(() => window.__bench.shown);
        await window.rejectButton().click();
        const outcome = await decision;
        if (outcome?.status !== 'rejected') {
            throw new Error(`openDiff ${n} ended with ${JSON.stringify(outcome)}`);
        }
        await window.diffTab(`diff-${n}.ts`).waitFor({ state: 'detached', timeout: 30_000 });

        const label = `open-${n}.ts`;
        await treeNode(label).scrollIntoViewIfNeeded();
        const box = await treeNode(label).boundingBox();
        await page.evaluate(marker => window.__bench.armShown('plain', marker), `bench_plain_${n}`);
        // Hover first, untimed: with CDP input, a press right after the move reached the split panel,
        // not the row, and nothing opened. The timed part is the press, as a user makes it.
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.waitForTimeout(200);
        const plainStart = now();
        await page.mouse.down();
        await page.mouse.up();
        const plain = await page.evaluate(() => window.__bench.shown);
        await window.closeTab(label);
        await window.tab(label).waitFor({ state: 'detached', timeout: 30_000 });
        if (index >= WARMUP) {
            diffs.ours.push(diff.contentAt - diffStart);
            diffs.highlighted.push(diff.highlightedAt - diffStart);
            diffs.plain.push(plain.contentAt - plainStart);
        }
    }
} finally {
    await client?.stop().catch(() => undefined);
    await window?.close();
    await browser?.close().catch(() => undefined);
    await backend?.stop();
    removeTempRoot(root);
}

const stats = Object.fromEntries(Object.entries({ ...prefix('move', moves), ...prefix('diff', diffs) })
    .map(([key, samples]) => [key, summarize(samples)]));
const ms = s => `${fmt(s.p50, 1)} / ${fmt(s.p99, 1)} ms`;
console.log(`Chromium latency: ${MOVES} cursor moves, ${DIFFS} diffs (+${WARMUP} warm-up each), Node ${process.version}, ` +
    `load average ${os.loadavg()[0].toFixed(2)}. Clock check, median Date.now() − (timeOrigin + now()): ` +
    `page ${fmt(clock, 2)} ms, bench ${fmt(nodeClock, 2)} ms (expected in (−1, 0]: both follow the system clock).\n`);
console.log(table([
    ['measure (p50 / p99)', 'companion', 'baseline (same run)', 'added p50 / ratio p50', 'target'],
    ['key press → ide/contextUpdate with that cursor at the IdeClient', ms(stats.moveOurs),
        `${ms(stats.moveCaret)} (press → Monaco caret moved)`, `+${fmt(stats.moveAdded.p50, 1)} ms (paired)`, `p50 ≤ ${TARGETS.cursorP50Ms} ms`],
    ['  press → keydown in the page (CDP input)', ms(stats.moveKeydown), '', '', '—'],
    [`burst of ${BURST} presses: updates at the IdeClient per second`, `${fmt(burst.updates / (burst.durationMs / 1000), 1)}/s (${burst.updates} in ${fmt(burst.durationMs, 0)} ms)`,
        `${BURST} presses in ${fmt(burst.durationMs - burst.lastStateAfterMs, 0)} ms`, `last state ${fmt(burst.lastStateAfterMs, 1)} ms after the last press`, `≤ ${TARGETS.burstUpdatesPerSecond}/s`],
    ['openDiff from the IdeClient → diff editor shows the proposal', ms(stats.diffOurs),
        `${ms(stats.diffPlain)} (Explorer click → plain editor)`, `${(stats.diffOurs.p50 / stats.diffPlain.p50).toFixed(2)}×`, `p50 ≤ ${TARGETS.diffP50Ms} ms`],
    ['  … and the changes highlighted', ms(stats.diffHighlighted), '', `${(stats.diffHighlighted.p50 / stats.diffPlain.p50).toFixed(2)}×`, '—']
]));
writeJsonResult({ moves: MOVES, diffs: DIFFS, warmup: WARMUP, targets: TARGETS, clock: { page: clock, bench: nodeClock }, stats, burst });

function prefix(name, groups) {
    return Object.fromEntries(Object.entries(groups).map(([key, samples]) => [name + key[0].toUpperCase() + key.slice(1), samples]));
}

function median(values) {
    return summarize(values).p50;
}
