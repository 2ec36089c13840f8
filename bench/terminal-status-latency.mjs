// Terminal agent status (issue 32 part 1): time from a CLI's write of an OSC 7501 status to the terminal's
// tab showing that state, in the built browser-app in Chromium. The CLI is the test program of the e2e
// spec (test/support/terminal-status-program.mjs) run by "Run Claude Code in Terminal"; it stamps each
// write and prints "wrote <state> @<time>" in the same write, right after the sequence.
//   ours:     the write → the tab's class says the state (a MutationObserver in the page).
//   baseline: the same write → xterm.js has parsed its "wrote" line (the terminal's own reaction, no paint).
// One clock: performance.timeOrigin + performance.now() in the program and in the page.
// States go at a person's pace (PACE_MS apart), under the status rate limit, so none is folded away.
//
//   node bench/terminal-status-latency.mjs [--rounds=20] [--json=out.json]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openTheiaForCli } from '../test/support/cli-in-theia.mjs';
import { recordStatus, sendToTerminal, statusProgramScript, statusRecord, terminalTabs } from '../test/support/terminal-status-page.mjs';
import { waitUntil } from '../test/support/wait.mjs';
import { fmt, numberArg, sleep, summarize, table, writeJsonResult } from './support/common.mjs';

const ROUNDS = numberArg('rounds', 20);
const WARMUP = 2;
const PACE_MS = 250;
const STATES = ['working', 'blocked', 'done', 'error'];
const TARGET_P50_MS = 50;

const setup = await openTheiaForCli({
    prefix: 'bench-terminal-status-',
    workspaceFiles: { 'notes.txt': 'notes\n' },
    homeFiles: () => ({}),
    env: () => ({}),
    extraPath: ({ root }) => {
        const bin = path.join(root, 'bin');
        fs.mkdirSync(bin, { recursive: true });
        fs.writeFileSync(path.join(bin, 'claude'), statusProgramScript(), { mode: 0o755 });
        return [bin];
    }
});
const samples = Object.fromEntries(STATES.map(state => [state, { ours: [], baseline: [] }]));
try {
    const page = setup.window.page;
    await recordStatus(page);
    await setup.window.runCommand('Run Claude Code in Terminal');
    const id = (await waitUntil(async () => (await terminalTabs(page)).find(t => t.text.includes('status-probe: answered')),
        { timeout: 60_000, what: 'the status program to start' })).id;
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
        for (const state of STATES) {
            const seen = (await statusRecord(page)).text.length;
            await sendToTerminal(page, id, `${state}\r`);
            const written = await waitUntil(async () => (await statusRecord(page)).text.slice(seen).find(t => t.word === state),
                { timeout: 15_000, what: `the program to write ${state}` });
            const shown = await waitUntil(async () => (await statusRecord(page)).tabs.find(t => t.id === id && t.state === state && t.at >= written.writtenAt),
                { timeout: 15_000, what: `the tab to show ${state}` });
            if (round >= WARMUP) {
                samples[state].ours.push(shown.at - written.writtenAt);
                samples[state].baseline.push(written.at - written.writtenAt);
            }
            await sleep(PACE_MS); // a person's pace, outside the timed interval: no rate limit reached
        }
    }
} finally {
    await setup.close();
}

const stats = Object.fromEntries(STATES.map(state => [state, { ours: summarize(samples[state].ours), baseline: summarize(samples[state].baseline) }]));
console.log(`Terminal status: CLI write → tab, ${ROUNDS} rounds of ${STATES.join(', ')} (+${WARMUP} warm-up), Node ${process.version}`);
console.log(table([
    ['state', 'write → tab p50 / p99', 'baseline: write → parsed by xterm.js p50 / p99', 'ratio p50', 'added p50', `target p50 ≤ ${TARGET_P50_MS} ms`],
    ...STATES.map(state => {
        const { ours, baseline } = stats[state];
        return [state, `${fmt(ours.p50, 1)} / ${fmt(ours.p99, 1)} ms`, `${fmt(baseline.p50, 1)} / ${fmt(baseline.p99, 1)} ms`,
            `${fmt(ours.p50 / baseline.p50, 2)}×`, `+${fmt(ours.p50 - baseline.p50, 1)} ms`, ours.p50 <= TARGET_P50_MS ? 'met' : 'MISSED'];
    })
]));
writeJsonResult({ rounds: ROUNDS, warmup: WARMUP, targetP50Ms: TARGET_P50_MS, stats });
