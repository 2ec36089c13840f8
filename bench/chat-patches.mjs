// The chat's Theia patches with and without (issue 22 part 3): runs acp-chat-latency.mjs on the built bundle and on
// each variant that leaves one patch out (support/patch-variants.mjs), interleaved run by run so that the machine's
// drift falls on every variant alike, and prints each variant's median over its runs.
//
//   node bench/chat-patches.mjs [--runs=3] [--rounds=10] [--only=store,tree] [--production] [--flood=tools] [--json=out.json]
//
// --production compares variants of the production build (support/production-app.mjs) instead of the development
// bundle; --flood=none leaves the 40k tools flood out (the first token alone).
//
// Figures per run (acp-chat-latency.mjs --answers=0 --warmup=1 --flood=tools):
//   first token  = send click → first token in the chat view, p50 of the run's rounds, and the direct ACP client's p50;
//   to socket    = send click → the prompt's WebSocket frame, p50;
//   sent message = send click → the sent message in the chat view, p50;
//   1 MB         = the 1 MB answer: longest main-thread task, and the sum of its long tasks;
//   40k tools    = 40,000 tool_call updates: longest main-thread task, and the sum of its long tasks.
// No assertions: figures only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PATCH_VARIANTS } from './support/patch-variants.mjs';
import { BENCH_DIR, flag, fmt, median, numberArg, stringArg, summarize, table, writeJsonResult } from './support/common.mjs';

const RUNS = numberArg('runs', 3);
const ROUNDS = numberArg('rounds', 10);
const ONLY = stringArg('only', '');
const PRODUCTION = flag('production');
const FLOOD = stringArg('flood', 'tools');
const variants = ['all', ...Object.keys(PATCH_VARIANTS).filter(name => !ONLY || ONLY.split(',').includes(name))];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-patches-'));

function runOnce(variant, run) {
    const json = path.join(scratch, `${variant}-${run}.json`);
    const args = [path.join(BENCH_DIR, 'acp-chat-latency.mjs'), '--answers=0', '--warmup=1', `--rounds=${ROUNDS}`, `--flood=${FLOOD}`, `--json=${json}`,
        ...(PRODUCTION ? ['--production'] : [])];
    if (variant !== 'all') {
        args.push(`--without=${variant}`);
    }
    const child = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 15 * 60_000 });
    if (child.status !== 0 || !fs.existsSync(json)) {
        console.log(`${variant} run ${run}: failed (exit ${child.status}); its last output:\n${(child.stdout + child.stderr).split('\n').slice(-15).join('\n')}`);
        return undefined;
    }
    const result = JSON.parse(fs.readFileSync(json, 'utf8'));
    const tools = result.floods.find(flood => flood.prompt.startsWith('flood-tools')) ?? {};
    const figures = {
        firstChat: result.stats.firstChat.p50, firstDirect: result.stats.firstDirect.p50, toSocket: result.stats.chatToSocket.p50, toRequest: result.stats.chatToRequest?.p50,
        bigLongest: result.big.longestMs, bigSum: result.big.longTaskTotalMs, toolsLongest: tools.longestMs, toolsSum: tools.longTaskTotalMs
    };
    console.log(`${variant} run ${run}: ${JSON.stringify(figures)}`);
    return figures;
}

/** min–max of a figure over the runs. */
const spread = (values, digits = 0) => {
    const { min, max } = summarize(values);
    return values.length ? `${fmt(min, digits)}–${fmt(max, digits)}` : 'n/a';
};

const results = Object.fromEntries(variants.map(variant => [variant, []]));
for (let run = 1; run <= RUNS; run++) {
    // Each round starts with another variant, so none always runs first after a quiet spell.
    const order = variants.map((_, i) => variants[(i + run - 1) % variants.length]);
    for (const variant of order) {
        const figures = runOnce(variant, run);
        if (figures) {
            results[variant].push(figures);
        }
    }
}
fs.rmSync(scratch, { recursive: true, force: true });

/** One figure of each run that has it (a run whose flood did not finish has no 40k figures). */
const pick = (runs, key) => runs.map(figures => figures[key]).filter(value => typeof value === 'number');
console.log(`\n${RUNS} runs each, interleaved; medians (min–max over runs), ms`);
console.log(table([
    ['variant', 'first token (direct)', 'to socket', 'sent message', '1 MB longest / sum', '40k tools longest / sum', 'runs'],
    ...variants.map(variant => {
        const runs = results[variant];
        return [
            variant === 'all' ? 'all patches' : `without ${variant}`,
            `${fmt(median(pick(runs, 'firstChat')), 1)} (${fmt(median(pick(runs, 'firstDirect')), 1)})`,
            `${fmt(median(pick(runs, 'toSocket')), 1)} (${spread(pick(runs, 'toSocket'), 1)})`,
            `${fmt(median(pick(runs, 'toRequest')), 1)} (${spread(pick(runs, 'toRequest'), 1)})`,
            `${fmt(median(pick(runs, 'bigLongest')), 0)} (${spread(pick(runs, 'bigLongest'))}) / ${fmt(median(pick(runs, 'bigSum')), 0)}`,
            `${fmt(median(pick(runs, 'toolsLongest')), 0)} (${spread(pick(runs, 'toolsLongest'))}) / ${fmt(median(pick(runs, 'toolsSum')), 0)}`,
            String(runs.length)
        ];
    })
]));
writeJsonResult({ bench: 'chat-patches', runs: RUNS, rounds: ROUNDS, results });
