// tools/call round trip: our MCP endpoint vs a bare node:http JSON-RPC echo server, same client,
// same bodies, one keep-alive connection each, sequential requests, interleaved rounds.
//
//   node bench/tools-call-roundtrip.mjs [--n=3000] [--n-large=1000] [--round=100] [--warmup=1000]
//                                       [--cases=closeDiff,openDiff,ping] [--client=undici|node] [--in-process] [--profile[=dir]] [--json=out.json]
//
// By default each server lives in its own child process (the "backend") and the client in this
// one, as with a real CLI; the children also report their CPU time per request, which is far less
// sensitive to a busy machine than latency. --in-process runs everything on one event loop.
// --profile writes a .cpuprofile per server process (bench/support/profile-summary.mjs summarises it).
import * as http from 'node:http';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
    BENCH_DIR, flag, fmt, hrtimeMs, ipcClient, loadCore, loadUndici, makeIsolatedDirs, mcpHeaders, numberArg,
    openMcpSession, ratio, serveIpc, stringArg, summarize, table, writeJsonResult
} from './support/common.mjs';

const SELF = fileURLToPath(import.meta.url);
const LARGE_CONTENT_BYTES = 100 * 1024;
const TARGET_RATIO = 1.4;

// ---------------------------------------------------------------------------------------------
// Server side: each server in its own child process (the "backend"), or both here with --in-process

async function startOurs() {
    const { CompanionEndpoint } = await loadCore();
    const dirs = makeIsolatedDirs('bench-roundtrip');
    const host = { env: { HOME: dirs.home }, homedir: dirs.home, tmpdir: dirs.tmp };
    const ep = new CompanionEndpoint({ host, ideInfo: { name: 'theia', displayName: 'Bench' } });
    await ep.start({ roots: [dirs.ws] });
    // A window that shows every diff at once; each openDiff of the same file supersedes the last (one rejection each).
    ep.attachView({ show: async () => { }, close: async () => 'text' });
    return {
        info: { port: ep.port, token: ep.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN, pid: process.pid, workspace: dirs.ws },
        stop: async () => {
            await ep.stop();
            dirs.cleanup();
        }
    };
}

/** The baseline: parse the JSON body, answer a JSON-RPC result shaped (and sized) like ours. */
async function startEcho() {
    const results = {
        closeDiff: { content: [{ type: 'text', text: JSON.stringify({ content: 'text' }) }] },
        openDiff: { content: [] }
    };
    const echo = http.createServer((request, response) => {
        const chunks = [];
        request.on('data', chunk => chunks.push(chunk));
        request.on('end', () => {
            const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            const result = message.method === 'tools/call' ? results[message.params?.name] ?? {} : {};
            const text = JSON.stringify({ result, jsonrpc: '2.0', id: message.id });
            response.writeHead(200, {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(text),
                'mcp-session-id': '00000000-0000-4000-8000-000000000000'
            }).end(text);
        });
    });
    echo.keepAliveTimeout = 60_000;
    await new Promise(resolve => echo.listen(0, '127.0.0.1', resolve));
    return {
        info: { port: echo.address().port, token: 'unused', pid: process.pid },
        stop: () => new Promise(resolve => { echo.close(resolve); echo.closeAllConnections(); })
    };
}

const serverKind = stringArg('server', undefined);
if (serverKind) {
    const server = serverKind === 'ours' ? await startOurs() : await startEcho();
    serveIpc({
        cpu: () => process.cpuUsage(),
        stop: async () => {
            await server.stop();
            setImmediate(() => process.exit(0)); // --cpu-prof is written on exit
        }
    });
    process.send({ ready: server.info });
} else {
    await main();
}

// ---------------------------------------------------------------------------------------------
// Client side

async function startServer(kind, profileDir) {
    if (flag('in-process')) {
        const server = kind === 'ours' ? await startOurs() : await startEcho();
        return { ...server, cpu: undefined };
    }
    const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${kind}-server.cpuprofile`] : [];
    const child = fork(SELF, [`--server=${kind}`], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const call = ipcClient(child);
    const info = await new Promise((resolve, reject) => {
        child.on('message', message => message?.ready && resolve(message.ready));
        child.once('exit', code => reject(new Error(`${kind} server process exited with ${code}`)));
    });
    return {
        info,
        cpu: () => call('cpu'),
        stop: async () => {
            const exited = new Promise(resolve => child.once('exit', resolve));
            await call('stop').catch(() => undefined);
            await exited;
        }
    };
}

/** One keep-alive connection, sequential requests; the same implementation for both servers. */
async function makeClient(port) {
    const undici = stringArg('client', 'undici') === 'undici' ? await loadUndici() : undefined;
    if (undici) {
        const client = new undici.Client(`http://127.0.0.1:${port}`, { pipelining: 1, keepAliveTimeout: 60_000 });
        return {
            name: 'undici.Client',
            async post(headers, body) {
                const { statusCode, body: responseBody } = await client.request({ path: '/mcp', method: 'POST', headers, body });
                const text = await responseBody.text();
                return { status: statusCode, text };
            },
            close: () => client.close()
        };
    }
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    return {
        name: 'node:http + keep-alive Agent',
        post: (headers, body) => new Promise((resolve, reject) => {
            const request = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers, agent }, response => {
                const chunks = [];
                response.on('data', chunk => chunks.push(chunk));
                response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
                response.on('error', reject);
            });
            request.on('error', reject);
            request.end(body);
        }),
        close: async () => agent.destroy()
    };
}

function largeContent() {
    const line = 'export function example(value: number): number { return value * 2 + 1; } // padding\n';
    return line.repeat(Math.ceil(LARGE_CONTENT_BYTES / line.length)).slice(0, LARGE_CONTENT_BYTES);
}

/** A body factory: the id is spliced into a pre-serialised template so building it costs the same for both. */
function bodyFactory(method, params) {
    const template = JSON.stringify({ jsonrpc: '2.0', id: 987654321, method, ...(params ? { params } : {}) });
    const [prefix, suffix] = template.split('987654321');
    return id => prefix + id + suffix;
}

async function main() {
    const n = numberArg('n', 3000);
    const nLarge = numberArg('n-large', 1000);
    const round = numberArg('round', 100);
    const warmup = numberArg('warmup', 1000);
    const profileArg = stringArg('profile', undefined);
    const profileDir = flag('profile') || profileArg
        ? path.resolve(profileArg ?? path.join(BENCH_DIR, '.profiles'))
        : undefined;
    if (profileDir) {
        fs.mkdirSync(profileDir, { recursive: true });
    }

    const servers = { ours: await startServer('ours', profileDir), echo: await startServer('echo', profileDir) };
    const { port: ourPort, token, workspace } = servers.ours.info;
    const filePath = path.join(workspace, 'src', 'example.ts'); // inside the roots: the real path check runs
    const echoPort = servers.echo.info.port;
    const sessionId = await openMcpSession(ourPort, token);
    const targets = {
        ours: { label: 'companion endpoint', client: await makeClient(ourPort), headers: mcpHeaders(ourPort, token, sessionId), server: servers.ours },
        echo: { label: 'bare node:http echo', client: await makeClient(echoPort), headers: mcpHeaders(echoPort, token, sessionId), server: servers.echo }
    };
    // undici sets Host from the origin; node:http from host/port. Either way it is 127.0.0.1:<port>.
    if (targets.ours.client.name.startsWith('undici')) {
        delete targets.ours.headers.host;
        delete targets.echo.headers.host;
    }

    const cases = [
        { name: 'closeDiff (small args)', n, body: bodyFactory('tools/call', { name: 'closeDiff', arguments: { filePath } }) },
        { name: 'openDiff (100 KB newContent)', n: nLarge, body: bodyFactory('tools/call', { name: 'openDiff', arguments: { filePath, newContent: largeContent() } }) },
        { name: 'ping (diagnostic: no tool)', n: Math.round(n / 2), body: bodyFactory('ping') }
    ];

    const only = stringArg('cases', undefined);
    const selected = only ? cases.filter(c => only.split(',').some(word => c.name.toLowerCase().includes(word.toLowerCase()))) : cases;

    let nextId = 1;
    const rows = [['case', 'server', 'n', 'p50 ms', 'p90 ms', 'p99 ms', 'mean ms', 'server CPU µs/req', 'req bytes', 'resp bytes']];
    const ratioRows = [['case', 'p50 ratio', 'p99 ratio', 'server CPU ratio', `target ≤ ${TARGET_RATIO}× (p50)`]];
    const results = [];
    const started = Date.now();

    // Warm-up every case on both servers first (JIT, GC heuristics, socket buffers), then measure.
    const sizes = new Map(selected.map(testCase => [testCase, {}]));
    const runBatch = async (testCase, key, count, samples) => {
        const target = targets[key];
        for (let i = 0; i < count; i++) {
            const body = testCase.body(nextId++);
            const t0 = hrtimeMs();
            const { status, text } = await target.client.post(target.headers, body);
            const elapsed = hrtimeMs() - t0;
            if (status !== 200 || text.includes('"error"') || text.includes('"isError":true')) {
                throw new Error(`${target.label} answered ${status}: ${text.slice(0, 300)}`);
            }
            samples?.push(elapsed);
            sizes.get(testCase)[key] = { req: Buffer.byteLength(body), resp: Buffer.byteLength(text) };
        }
    };
    for (const testCase of selected) {
        await runBatch(testCase, 'ours', Math.min(warmup, testCase.n));
        await runBatch(testCase, 'echo', Math.min(warmup, testCase.n));
    }

    for (const testCase of selected) {
        // A short second warm-up per case lets the previous case's GC work settle before measuring.
        const settle = Math.min(300, testCase.n);
        await runBatch(testCase, 'ours', settle);
        await runBatch(testCase, 'echo', settle);
        const samples = { ours: [], echo: [] };
        const cpuUs = { ours: 0, echo: 0 };
        const rounds = Math.max(1, Math.ceil(testCase.n / round));
        for (let r = 0; r < rounds; r++) {
            const order = r % 2 === 0 ? ['ours', 'echo'] : ['echo', 'ours'];
            for (const key of order) {
                const cpu = targets[key].server.cpu;
                const before = cpu ? await cpu() : undefined;
                await runBatch(testCase, key, Math.min(round, testCase.n - r * round), samples[key]);
                if (before) {
                    const after = await cpu();
                    cpuUs[key] += (after.user - before.user) + (after.system - before.system);
                }
            }
        }
        const stats = { ours: summarize(samples.ours), echo: summarize(samples.echo) };
        const cpuPerRequest = {};
        for (const key of ['ours', 'echo']) {
            const s = stats[key];
            cpuPerRequest[key] = targets[key].server.cpu ? cpuUs[key] / s.n : undefined;
            rows.push([testCase.name, targets[key].label, s.n, fmt(s.p50), fmt(s.p90), fmt(s.p99), fmt(s.mean),
                fmt(cpuPerRequest[key], 0), sizes.get(testCase)[key].req, sizes.get(testCase)[key].resp]);
        }
        const p50Ratio = stats.ours.p50 / stats.echo.p50;
        const p99Ratio = stats.ours.p99 / stats.echo.p99;
        const diagnostic = testCase.name.includes('diagnostic');
        const cpuRatio = cpuPerRequest.ours !== undefined ? cpuPerRequest.ours / cpuPerRequest.echo : undefined;
        ratioRows.push([testCase.name, ratio(stats.ours.p50, stats.echo.p50), ratio(stats.ours.p99, stats.echo.p99),
            cpuRatio === undefined ? 'n/a' : `${cpuRatio.toFixed(2)}×`,
            diagnostic ? '(diagnostic)' : (p50Ratio <= TARGET_RATIO ? 'met (p50)' : 'MISSED (p50)')]);
        results.push({ case: testCase.name, ours: stats.ours, echo: stats.echo, p50Ratio, p99Ratio, cpuPerRequest, cpuRatio, diagnostic, sizes: sizes.get(testCase) });
    }

    for (const target of Object.values(targets)) {
        await target.client.close();
    }
    await servers.ours.stop();
    await servers.echo.stop();

    const mode = flag('in-process') ? 'client and servers in one process' : 'each server in its own child process, client here';
    console.log(`\n## tools/call round trip (${targets.ours.client.name}, one keep-alive connection, sequential; ${mode})\n`);
    console.log(table(rows));
    console.log('');
    console.log(table(ratioRows));
    console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s; rounds of ${round}, ${warmup} warm-up requests per server and case)`);
    if (profileDir) {
        console.log(`CPU profiles of the server processes written to ${profileDir} (node bench/support/profile-summary.mjs <file>)`);
    }
    writeJsonResult({ bench: 'tools-call-roundtrip', client: targets.ours.client.name, mode, n, nLarge, round, warmup, targetRatio: TARGET_RATIO, results });
}
