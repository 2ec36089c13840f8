// Agent API: (1) time to the first `content` event through the server against a direct ACP client of
// the same `gemini --acp` and the same fake Gemini API, interleaved in one run (p50 ratio; target
// ≤ 1.05× + 5 ms); (2) the server's memory with 10 concurrent streaming chats on 10 workspaces,
// against the same server idle (baseline measured in the same run). No assertions: figures only.
//
//   node bench/agent-api-first-content.mjs [--rounds=40] [--warmup=5] [--chats=10]
import fs from 'node:fs';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { AgentApiProcess, geminiAcpSettings } from '../test/support/agent-api-process.mjs';
import { CliHome } from '../test/support/cli-home.mjs';
import { FakeGeminiApi } from '../test/support/fake-gemini-api.mjs';
import { fmt, hrtimeMs, numberArg, summarize, table, writeJsonResult, sleep } from './support/common.mjs';
import { startDirectGeminiClient } from './support/direct-acp-client.mjs';

const ROUNDS = numberArg('rounds', 40);
const WARMUP = numberArg('warmup', 5);
const CHATS = numberArg('chats', 10);
const TARGET = { ratio: 1.05, addedMs: 5 };

/** ms from sending POST /chat to the first `content` event parsed off the SSE stream; reads to the end. */
async function serverFirstContent(api, body) {
    const started = hrtimeMs();
    const response = await api.fetch('/chat', { method: 'POST', body: { stream: true, ...body }, headers: { accept: 'text/event-stream' } });
    let first;
    const parser = createParser({ onEvent: event => { if (event.event === 'content') { first ??= hrtimeMs() - started; } } });
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
        parser.feed(decoder.decode(chunk, { stream: true }));
    }
    return first;
}

function rssOf(pid) {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

async function firstContentBench() {
    const fake = await FakeGeminiApi.start({ defaultText: 'Hello from the fake model.' });
    const directHome = CliHome.create('bench-acp-direct-');
    directHome.setUpGemini(geminiAcpSettings());
    const api = await AgentApiProcess.start({ agent: 'gemini', fake });
    const direct = await startDirectGeminiClient(fake, directHome, hrtimeMs);
    try {
        const samples = { direct: [], server: [] };
        for (let round = 0; round < WARMUP + ROUNDS; round++) {
            // Interleaved, alternating which goes first, so drift in machine load hits both alike.
            const order = round % 2 === 0 ? ['direct', 'server'] : ['server', 'direct'];
            for (const which of order) {
                const ms = which === 'direct' ? await direct.firstContent(`round ${round}`) : await serverFirstContent(api, { message: `round ${round}` });
                if (round >= WARMUP) {
                    samples[which].push(ms);
                }
            }
        }
        const direct50 = summarize(samples.direct);
        const server50 = summarize(samples.server);
        return { direct: direct50, server: server50, ratio: server50.p50 / direct50.p50, addedMs: server50.p50 - direct50.p50 };
    } finally {
        direct.stop();
        await api.stop();
        await fake.close();
        api.home.cleanup();
        directHome.cleanup();
    }
}

async function memoryBench() {
    const fake = await FakeGeminiApi.start();
    const home = CliHome.create('bench-agent-api-mem-');
    const workspaces = Array.from({ length: CHATS }, (_, i) => {
        const dir = path.join(home.root, `ws-${i}`);
        fs.mkdirSync(dir);
        return dir;
    });
    home.setUpGemini(geminiAcpSettings());
    home.writeJson('.gemini/trustedFolders.json', Object.fromEntries(workspaces.map(dir => [dir, 'TRUST_FOLDER'])));
    const api = await AgentApiProcess.start({ agent: 'gemini', fake, home, workspaces, settings: false });
    try {
        await sleep(500);
        const idle = rssOf(api.child.pid);
        // Every chat keeps its stream open ~3 s (the model answers late, keep-alives flow), so all are open at once.
        const slow = { chunks: Array.from({ length: 20 }, (_, i) => `chunk ${i} `), delayMs: 0 };
        let peak = idle;
        let agentsRss = 0;
        const sampler = setInterval(() => {
            peak = Math.max(peak, rssOf(api.child.pid));
        }, 20);
        // Warm every workspace's agent first: the figure is about streaming, not about starting CLIs.
        await Promise.all(workspaces.map(workspacePath => serverFirstContent(api, { message: 'warm up', workspacePath })));
        const warm = rssOf(api.child.pid);
        peak = warm;
        for (let i = 0; i < CHATS; i++) {
            fake.enqueue({ ...slow, delayMs: 3000 });
        }
        const started = hrtimeMs();
        await Promise.all(workspaces.map(workspacePath => serverFirstContent(api, { message: 'stream for a while', workspacePath })));
        const seconds = (hrtimeMs() - started) / 1000;
        clearInterval(sampler);
        agentsRss = api.agentPids().reduce((sum, pid) => { try { return sum + rssOf(pid); } catch { return sum; } }, 0);
        return { chats: CHATS, idleRss: idle, warmRss: warm, peakRss: peak, agentsRss, seconds };
    } finally {
        await api.stop();
        await fake.close();
        home.cleanup();
    }
}

const first = await firstContentBench();
const memory = await memoryBench();
const mb = bytes => `${fmt(bytes / 1048576, 1)} MB`;
console.log(table([
    ['measure', 'through the server', 'baseline (same run)', 'ratio / added', 'target'],
    [`gemini: prompt → first content, p50 / p99 (${ROUNDS} rounds)`, `${fmt(first.server.p50, 1)} / ${fmt(first.server.p99, 1)} ms`,
        `${fmt(first.direct.p50, 1)} / ${fmt(first.direct.p99, 1)} ms (direct ACP client)`,
        `${first.ratio.toFixed(2)}× / +${fmt(first.addedMs, 1)} ms`, `≤ ${TARGET.ratio}× + ${TARGET.addedMs} ms`],
    [`server RSS during ${memory.chats} concurrent streaming chats (${memory.chats} workspaces)`, `${mb(memory.peakRss)} peak`,
        `${mb(memory.idleRss)} idle, ${mb(memory.warmRss)} with ${memory.chats} idle agents`,
        `+${mb(memory.peakRss - memory.warmRss)} for ${memory.chats} streams`, '—'],
    [`  the ${memory.chats} gemini agents themselves (RSS, not the server's)`, mb(memory.agentsRss), '', '', '—']
]));
const withinTarget = first.server.p50 <= first.direct.p50 * TARGET.ratio + TARGET.addedMs;
console.log(`first-content target ${withinTarget ? 'met' : 'NOT met'}: ${fmt(first.server.p50, 2)} ms ≤ ${fmt(first.direct.p50 * TARGET.ratio + TARGET.addedMs, 2)} ms`);
writeJsonResult({ bench: 'agent-api', rounds: ROUNDS, warmup: WARMUP, target: TARGET, first, memory, withinTarget });
