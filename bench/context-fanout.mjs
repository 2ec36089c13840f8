// Context fan-out: one CompanionEndpoint with 16 MCP sessions (the most one CLI may hold open in a window), each holding its GET event stream;
// ep.updateContext() is called M times and every delivery is timed (call → event parsed on that
// stream). Baseline in the same run: a bare node:http SSE broadcaster with as many clients, fed the same
// JSON-RPC notification. Also reports the backend memory the sessions add (RSS and heapUsed,
// after GC: the backend child runs with --expose-gc).
//
//   node bench/context-fanout.mjs [--sessions=16] [--updates=1000] [--json=out.json]
//
// The endpoint and the broadcaster live in a child process (the "backend"), the clients here.
// Latency uses process.hrtime on both sides: CLOCK_MONOTONIC, one clock for all processes on Linux.
import * as http from 'node:http';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
    collectGarbage, flag, fmt, httpRequest, ipcClient, kb, loadCore, makeIsolatedDirs, mb, mcpHeaders, memorySnapshot, numberArg,
    openMcpSession, ratio, serveIpc, sleep, summarize, table, writeJsonResult
} from './support/common.mjs';

const SELF = fileURLToPath(import.meta.url);
const OTHER_FILES = 4;

/** The editor context of update `seq`: a few open files, the active one named after seq. */
function contextFor(seq, now) {
    const openFiles = [{
        path: `/workspace/src/bench-${seq}.ts`, timestamp: now, isActive: true,
        cursor: { line: 10 + (seq % 50), character: 1 + (seq % 20) }, selectedText: 'const answer = 42;'
    }];
    for (let i = 0; i < OTHER_FILES; i++) {
        openFiles.push({ path: `/workspace/src/other-${i}.ts`, timestamp: now - 1000 * (i + 1) });
    }
    return { workspaceState: { openFiles } };
}

// ---------------------------------------------------------------------------------------------
// Backend side (child)

async function backend() {
    const { CompanionEndpoint } = await loadCore();
    const dirs = makeIsolatedDirs('bench-fanout');
    const host = { env: { HOME: dirs.home }, homedir: dirs.home, tmpdir: dirs.tmp };
    const ep = new CompanionEndpoint({ host, ideInfo: { name: 'theia', displayName: 'Bench' } });
    await ep.start({ roots: [dirs.ws] });
    ep.attachView({ show: async () => { }, close: async () => 'text' });

    // The baseline broadcaster: serialise once, write the same SSE frame to every client.
    const clients = new Set();
    const sse = http.createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'connection': 'keep-alive' });
        response.flushHeaders();
        clients.add(response);
        response.once('close', () => clients.delete(response));
    });
    await new Promise(resolve => sse.listen(0, '127.0.0.1', resolve));

    serveIpc({
        info: () => ({ port: ep.port, token: ep.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN, ssePort: sse.address().port, gc: typeof globalThis.gc === 'function' }),
        memory: async () => {
            await collectGarbage();
            return memorySnapshot();
        },
        update: ({ target, seq }) => {
            const context = contextFor(seq, Date.now());
            const t0 = process.hrtime.bigint();
            if (target === 'ours') {
                ep.updateContext(context);
            } else {
                const event = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'ide/contextUpdate', params: context })}\n\n`;
                for (const client of clients) {
                    client.write(event);
                }
            }
            const t1 = process.hrtime.bigint();
            return { t0: t0.toString(), callUs: Number(t1 - t0) / 1000 };
        },
        stop: async () => {
            await ep.stop();
            await new Promise(resolve => { sse.close(resolve); sse.closeAllConnections(); });
            dirs.cleanup();
            setImmediate(() => process.exit(0));
        }
    });
    process.send({ ready: true });
}

if (flag('backend')) {
    await backend();
} else {
    await main();
}

// ---------------------------------------------------------------------------------------------
// Client side

/** Opens an SSE stream; onEvent(seq, arrivalNs) for every complete event naming bench-<seq>. */
function openStream(port, headers, urlPath, onEvent) {
    return new Promise((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'GET', headers, agent: false }, response => {
            if (response.statusCode !== 200) {
                reject(new Error(`GET ${urlPath} answered ${response.statusCode}`));
                response.resume();
                return;
            }
            response.setEncoding('utf8');
            let buffer = '';
            response.on('data', chunk => {
                const arrival = process.hrtime.bigint();
                buffer += chunk;
                let end;
                while ((end = buffer.indexOf('\n\n')) >= 0) {
                    const event = buffer.slice(0, end);
                    buffer = buffer.slice(end + 2);
                    const match = /bench-(\d+)\.ts/.exec(event);
                    if (match) {
                        onEvent(Number(match[1]), arrival);
                    }
                }
            });
            resolve({ close: () => request.destroy() });
        });
        request.on('error', error => {
            if (error.code !== 'ECONNRESET') {
                reject(error);
            }
        });
        request.end();
    });
}

async function main() {
    // The endpoint admits 16 open sessions per CLI (DEFAULT_MAX_SESSIONS_PER_OWNER): a 17th gets 503.
    const sessions = numberArg('sessions', 16);
    const updates = numberArg('updates', 1000);
    const started = Date.now();
    const child = fork(SELF, ['--backend'], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const call = ipcClient(child);
    await new Promise((resolve, reject) => {
        child.on('message', message => message?.ready && resolve());
        child.once('exit', code => reject(new Error(`backend exited with ${code}`)));
    });
    const { port, token, ssePort, gc } = await call('info');

    const pending = new Map(); // seq -> { t0, arrivals: bigint[], done }
    const onEvent = (seq, arrival) => {
        const entry = pending.get(seq);
        if (entry) {
            entry.arrivals.push(arrival);
            if (entry.arrivals.length === entry.expected) {
                entry.done();
            }
        }
    };
    const openOurs = async () => {
        const sessionId = await openMcpSession(port, token);
        const headers = { ...mcpHeaders(port, token, sessionId), accept: 'text/event-stream' };
        delete headers['content-type'];
        const stream = await openStream(port, headers, '/mcp', onEvent);
        return {
            close: async () => {
                await httpRequest(port, 'DELETE', mcpHeaders(port, token, sessionId));
                stream.close();
            }
        };
    };
    const openBaseline = () => openStream(ssePort, { accept: 'text/event-stream' }, '/events', onEvent);

    // One of each first, then closed, so lazy first-use allocations are not charged to the measured ones.
    for (const warm of [await openOurs(), await openBaseline()]) {
        await warm.close();
    }
    await sleep(50);
    const streams = { ours: [], baseline: [] };
    const memory0 = await call('memory');
    for (let i = 0; i < sessions; i++) {
        streams.ours.push(await openOurs());
    }
    const memory1 = await call('memory');
    for (let i = 0; i < sessions; i++) {
        streams.baseline.push(await openBaseline());
    }
    const memory2 = await call('memory');

    const latencies = { ours: [], baseline: [] };
    const lastDelivery = { ours: [], baseline: [] };
    const callUs = { ours: [], baseline: [] };
    const warmup = 40;
    for (let seq = 0; seq < updates + warmup; seq++) {
        const target = seq % 2 === 0 ? 'ours' : 'baseline';
        let done;
        const arrived = new Promise(resolve => { done = resolve; });
        const entry = { arrivals: [], expected: streams[target].length, done };
        pending.set(seq, entry);
        const { t0, callUs: us } = await call('update', { target, seq });
        const timeout = setTimeout(() => done(), 5000);
        await arrived;
        clearTimeout(timeout);
        pending.delete(seq);
        if (entry.arrivals.length !== entry.expected) {
            throw new Error(`update ${seq} (${target}) reached ${entry.arrivals.length}/${entry.expected} streams`);
        }
        if (seq >= warmup) {
            const start = BigInt(t0);
            const ms = entry.arrivals.map(arrival => Number(arrival - start) / 1e6);
            latencies[target].push(...ms);
            lastDelivery[target].push(Math.max(...ms));
            callUs[target].push(us);
        }
    }

    for (const stream of [...streams.ours, ...streams.baseline]) {
        await stream.close();
    }
    const exited = new Promise(resolve => child.once('exit', resolve));
    await call('stop').catch(() => undefined);
    await exited;

    const stats = {
        ours: { delivery: summarize(latencies.ours), last: summarize(lastDelivery.ours), call: summarize(callUs.ours) },
        baseline: { delivery: summarize(latencies.baseline), last: summarize(lastDelivery.baseline), call: summarize(callUs.baseline) }
    };
    const memory = {
        ours: { rss: memory1.rss - memory0.rss, heapUsed: memory1.heapUsed - memory0.heapUsed },
        baseline: { rss: memory2.rss - memory1.rss, heapUsed: memory2.heapUsed - memory1.heapUsed }
    };
    const label = { ours: `companion endpoint (${sessions} MCP sessions)`, baseline: `bare SSE broadcaster (${sessions} clients)` };
    const rows = [['fan-out', 'deliveries', 'p50 ms', 'p99 ms', 'max ms', `all ${sessions} reached p50 ms`, 'all reached p99 ms', 'call µs p50']];
    for (const key of ['ours', 'baseline']) {
        const s = stats[key];
        rows.push([label[key], s.delivery.n, fmt(s.delivery.p50), fmt(s.delivery.p99), fmt(s.delivery.max),
            fmt(s.last.p50), fmt(s.last.p99), fmt(s.call.p50, 1)]);
    }
    const memoryRows = [['memory added (after GC: ' + (gc ? 'yes' : 'NO, --expose-gc missing') + ')', 'RSS MB', 'heapUsed MB', 'heapUsed KB/session']];
    for (const key of ['ours', 'baseline']) {
        memoryRows.push([label[key], mb(memory[key].rss), mb(memory[key].heapUsed), kb(memory[key].heapUsed / sessions)]);
    }

    console.log(`\n## Context fan-out (${updates / 2} updates per side, interleaved; backend in a child process)\n`);
    console.log(table(rows));
    console.log(`\nratios (ours / baseline): delivery p50 ${ratio(stats.ours.delivery.p50, stats.baseline.delivery.p50)}, ` +
        `p99 ${ratio(stats.ours.delivery.p99, stats.baseline.delivery.p99)}; all-reached p50 ${ratio(stats.ours.last.p50, stats.baseline.last.p50)}`);
    console.log('');
    console.log(table(memoryRows));
    console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
    writeJsonResult({ bench: 'context-fanout', sessions, updates, stats, memory, memoryAfterGc: gc });
}
