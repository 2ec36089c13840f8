// Runs the seven benchmarks one after the other (each in its own process), then prints a markdown
// block for the README. Nothing here asserts on timings: the figures are reported, with ratios
// against baselines measured in the same run, because shared machines are noisy.
//
//   npm run bench            (from the repo root; same as `node bench/run-all.mjs`)
//   node bench/run-all.mjs [--rebuild] [--runs=15] [--skip=startup,fanout,roundtrip,chromium,claudediff,agentapi,acpchat]
//
// The startup bench builds browser-app/ and bench/.baseline-app/ first when they are missing
// (--rebuild forces both). The summary is also written to bench/.results/.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { BENCH_DIR, REPO_DIR, flag, fmt, nowIso, numberArg, stringArg } from './support/common.mjs';

const skip = new Set((stringArg('skip', '') ?? '').split(',').filter(Boolean));
const resultsDir = path.join(BENCH_DIR, '.results');
fs.mkdirSync(resultsDir, { recursive: true });
const stamp = nowIso();
const started = Date.now();
const loadAtStart = os.loadavg()[0];

function run(name, script, args) {
    const jsonFile = path.join(resultsDir, `${name}.json`);
    fs.rmSync(jsonFile, { force: true });
    console.log(`\n=== ${name}: node ${path.relative(REPO_DIR, script)} ${args.join(' ')}`);
    const t0 = Date.now();
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [script, ...args, `--json=${jsonFile}`], { cwd: REPO_DIR, stdio: 'inherit' });
        child.once('error', reject);
        child.once('exit', code => {
            if (code !== 0) {
                reject(new Error(`${name} failed with exit code ${code}`));
                return;
            }
            resolve({ seconds: (Date.now() - t0) / 1000, result: JSON.parse(fs.readFileSync(jsonFile, 'utf8')) });
        });
    });
}

const results = {};
if (!skip.has('roundtrip')) {
    results.roundtrip = await run('roundtrip', path.join(BENCH_DIR, 'tools-call-roundtrip.mjs'), []);
}
if (!skip.has('fanout')) {
    results.fanout = await run('fanout', path.join(BENCH_DIR, 'context-fanout.mjs'), []);
}
if (!skip.has('startup')) {
    const args = [`--runs=${numberArg('runs', 15)}`, ...(flag('rebuild') ? ['--rebuild'] : [])];
    results.startup = await run('startup', path.join(BENCH_DIR, 'backend-startup.mjs'), args);
}
if (!skip.has('chromium')) {
    results.chromium = await run('chromium', path.join(BENCH_DIR, 'chromium-latency.mjs'), []);
}
if (!skip.has('claudediff')) {
    results.claudediff = await run('claudediff', path.join(BENCH_DIR, 'claude-diff-latency.mjs'), []);
}
if (!skip.has('agentapi')) {
    results.agentapi = await run('agentapi', path.join(BENCH_DIR, 'agent-api-first-content.mjs'), []);
}
if (!skip.has('acpchat')) {
    results.acpchat = await run('acpchat', path.join(BENCH_DIR, 'acp-chat-latency.mjs'), []);
}

const ms = value => `${fmt(value, 3)} ms`;
const rows = [['benchmark', 'companion', 'baseline (same run)', 'ratio / added', 'target']];
if (results.roundtrip) {
    const { result } = results.roundtrip;
    for (const entry of result.results) {
        rows.push([`tools/call ${entry.case}: p50 / p99 round trip`,
            `${ms(entry.ours.p50)} / ${ms(entry.ours.p99)}`, `${ms(entry.echo.p50)} / ${ms(entry.echo.p99)} (bare node:http echo)`,
            `${entry.p50Ratio.toFixed(2)}× / ${entry.p99Ratio.toFixed(2)}×`, entry.diagnostic ? '—' : `≤ ${result.targetRatio}×`]);
        if (entry.cpuPerRequest?.ours !== undefined) {
            rows.push([`  server CPU per call (${entry.case})`, `${fmt(entry.cpuPerRequest.ours, 0)} µs`, `${fmt(entry.cpuPerRequest.echo, 0)} µs`,
                `${entry.cpuRatio.toFixed(2)}×`, '—']);
        }
    }
}
if (results.fanout) {
    const { result } = results.fanout;
    const { ours, baseline } = result.stats;
    rows.push([`ide/contextUpdate to ${result.sessions} open streams: delivery p50 / p99`,
        `${ms(ours.delivery.p50)} / ${ms(ours.delivery.p99)}`, `${ms(baseline.delivery.p50)} / ${ms(baseline.delivery.p99)} (bare SSE broadcaster)`,
        `${(ours.delivery.p50 / baseline.delivery.p50).toFixed(2)}× / ${(ours.delivery.p99 / baseline.delivery.p99).toFixed(2)}×`, '—']);
    rows.push([`  backend memory for ${result.sessions} sessions (heapUsed after GC / RSS)`,
        `${fmt(result.memory.ours.heapUsed / 1048576, 2)} MB / ${fmt(result.memory.ours.rss / 1048576, 2)} MB`,
        `${fmt(result.memory.baseline.heapUsed / 1048576, 2)} MB / ${fmt(result.memory.baseline.rss / 1048576, 2)} MB`,
        `${fmt(result.memory.ours.heapUsed / result.sessions / 1024, 1)} KB heap per session`, '—']);
}
if (results.startup) {
    const { result } = results.startup;
    const listen = result.summary['spawn → "Theia app listening"'];
    const get = result.summary['spawn → first 200 on GET /'];
    rows.push([`Theia backend start → "listening" (median of ${result.runs}; added = paired median)`, `${fmt(listen.with, 0)} ms`,
        `${fmt(listen.without, 0)} ms (same app without the extension)`, `+${fmt(listen.addedMs, 0)} ms`, `≤ +${result.targetAddedMs} ms`]);
    rows.push([`Theia backend start → first 200 on GET /`, `${fmt(get.with, 0)} ms`, `${fmt(get.without, 0)} ms`,
        `+${fmt(get.addedMs, 0)} ms`, `≤ +${result.targetAddedMs} ms`]);
    const cpu = result.summary['main-thread CPU until "listening"'];
    if (cpu && !Number.isNaN(cpu.with)) {
        rows.push(['  backend main-thread CPU until "listening" (median)', `${fmt(cpu.with, 0)} ms`, `${fmt(cpu.without, 0)} ms`, `+${fmt(cpu.addedMs, 0)} ms`, '—']);
    }
    const v = result.variants;
    if (v['bundle only'] && v['no initialize']) {
        const split = key => `${fmt(v['bundle only'].addedMs[key], 0)} / ${fmt(v['no initialize'].addedMs[key] - v['bundle only'].addedMs[key], 0)} / ` +
            `${fmt(v.with.addedMs[key] - v['no initialize'].addedMs[key], 0)} ms`;
        rows.push(['  split of the added time to "listening": bigger bundle / evaluating our module / initialize()',
            split('listen'), '(patched copies of the "with" bundle)',
            `bundle +${fmt((result.bundleBytes.with - result.bundleBytes.without) / 1048576, 2)} MB`, '—']);
    }
}
if (results.chromium) {
    const { result } = results.chromium;
    const { stats, targets } = result;
    const p = (s, d = 1) => `${fmt(s.p50, d)} / ${fmt(s.p99, d)} ms`;
    rows.push([`Chromium: key press → ide/contextUpdate at the real IdeClient, p50 / p99 (${result.moves} moves)`, p(stats.moveOurs),
        `${p(stats.moveCaret)} (press → Monaco caret moved)`, `+${fmt(stats.moveAdded.p50, 1)} ms (paired p50)`, `p50 ≤ ${targets.cursorP50Ms} ms`]);
    const { burst } = result;
    rows.push([`  burst of 100 presses back to back: updates per second at the IdeClient`, `${fmt(burst.updates / (burst.durationMs / 1000), 1)}/s (${burst.updates} in ${fmt(burst.durationMs, 0)} ms)`,
        '', `last state +${fmt(burst.lastStateAfterMs, 1)} ms after the last press`, `≤ ${targets.burstUpdatesPerSecond}/s`]);
    rows.push([`Chromium: openDiff → diff editor shows the proposal, p50 / p99 (${result.diffs} diffs)`, p(stats.diffOurs),
        `${p(stats.diffPlain)} (Explorer click → plain editor)`, `${(stats.diffOurs.p50 / stats.diffPlain.p50).toFixed(2)}×`, `p50 ≤ ${targets.diffP50Ms} ms`]);
    rows.push(['  … and the changes highlighted', p(stats.diffHighlighted), '', `${(stats.diffHighlighted.p50 / stats.diffPlain.p50).toFixed(2)}×`, '—']);
}
if (results.claudediff) {
    const { result } = results.claudediff;
    const { stats } = result;
    const p = s => `${fmt(s.p50, 1)} / ${fmt(s.p99, 1)} ms`;
    rows.push([`Chromium: openDiff → diff shows the proposal, Claude Code over WebSocket MCP, p50 / p99 (${result.diffs} diffs)`, p(stats.claude),
        `${p(stats.gemini)} (Gemini CLI IdeClient, interleaved)`, `${result.ratio.toFixed(2)}× Claude / Gemini`, '—']);
}

if (results.agentapi) {
    const { result } = results.agentapi;
    const { first, memory, target } = result;
    const mib = bytes => `${fmt(bytes / 1048576, 1)} MB`;
    rows.push([`Agent API: prompt → first content event, gemini --acp, p50 / p99 (${result.rounds} rounds)`,
        `${fmt(first.server.p50, 1)} / ${fmt(first.server.p99, 1)} ms`, `${fmt(first.direct.p50, 1)} / ${fmt(first.direct.p99, 1)} ms (direct ACP client)`,
        `${first.ratio.toFixed(2)}× / +${fmt(first.addedMs, 1)} ms`, `≤ ${target.ratio}× + ${target.addedMs} ms`]);
    rows.push([`  Agent API server RSS with ${memory.chats} concurrent streaming chats on ${memory.chats} workspaces`, `${mib(memory.peakRss)} peak`,
        `${mib(memory.warmRss)} with ${memory.chats} idle agents`, `+${mib(memory.peakRss - memory.warmRss)}`, '—']);
}

if (results.acpchat) {
    const { result } = results.acpchat;
    const { stats, targets, big } = result;
    const p = s => `${fmt(s.p50, 1)} / ${fmt(s.p99, 1)} ms`;
    rows.push([`AI chat (@GeminiCLI): fake model writes a chunk → in the chat view, p50 / p99 (${result.answers} answers)`, p(stats.answerDom),
        `${p(stats.answerFrame)} (→ the next frame)`, '', `p50 ≤ ${targets.answerP50Ms} ms`]);
    rows.push([`AI chat: send click → first token on screen, gemini --acp, p50 / p99 (${result.rounds} rounds)`, p(stats.firstChat),
        `${p(stats.firstDirect)} (direct ACP client)`, `${result.firstRatio.toFixed(2)}× / +${fmt(stats.firstChat.p50 - stats.firstDirect.p50, 1)} ms`,
        `≤ ${targets.firstTokenRatio}× + ${targets.firstTokenAddedMs} ms`]);
    rows.push(['  … of which: until the model request arrives at the fake', p(stats.chatToModel), `${p(stats.directToModel)} (direct ACP client)`, '', '—']);
    rows.push([`AI chat: ${fmt(big.bytes / 1048576, 2)} MB answer in ${big.chunks} chunks: longest main-thread task`, `${fmt(big.longestMs, 0)} ms`,
        `${big.longTasks} long tasks (≥ 50 ms), ${fmt(big.longTaskTotalMs, 0)} ms in all`, `turn ${fmt(big.turnSeconds, 1)} s`, `≤ ${targets.longestTaskMs} ms`]);
}

const widths = rows[0].map((_, col) => Math.max(...rows.map(row => String(row[col]).length)));
const line = row => `| ${row.map((cell, col) => String(cell).padEnd(widths[col])).join(' | ')} |`;
const cpus = os.cpus();
const summary = [
    `### Benchmarks (${stamp})`,
    '',
    `Command: ${process.argv.length > 2 ? `\`node bench/run-all.mjs ${process.argv.slice(2).join(' ')}\`` : '`npm run bench` (= `node bench/run-all.mjs`)'}, ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s. ` +
    `Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown CPU'}, load average ${loadAtStart.toFixed(2)} at start. ` +
    'One run; every baseline was measured in the same run, interleaved with the companion, on the same machine.',
    '',
    line(rows[0]),
    `| ${widths.map(w => '-'.repeat(w)).join(' | ')} |`,
    ...rows.slice(1).map(line)
].join('\n');

console.log(`\n\n${summary}\n`);
const summaryFile = path.join(resultsDir, `summary-${stamp.replace(/[:]/g, '-')}.md`);
fs.writeFileSync(summaryFile, summary + '\n');
console.log(`(summary also written to ${path.relative(REPO_DIR, summaryFile)})`);
