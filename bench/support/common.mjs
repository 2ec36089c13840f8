// Shared helpers for the benchmarks: statistics, tables, isolated temp dirs, the MCP handshake.
// No timing assertions anywhere: every bench reports figures and ratios against a baseline
// measured in the same run, because the machine is noisy.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = path.resolve(BENCH_DIR, '..');
export const require = createRequire(path.join(REPO_DIR, 'package.json'));

/** The core's Node entry point (`@ai-cli-companion/core/node`); tells how to build it when lib/ is missing. */
export async function loadCore() {
    if (!fs.existsSync(path.join(REPO_DIR, 'packages/companion-core/lib/node/index.js'))) {
        throw new Error('packages/companion-core/lib is missing: run `cd packages/companion-core && npx tsc -b` first.');
    }
    return require('@ai-cli-companion/core/node');
}

/** undici when installed (the same client for both servers), else node:http with one keep-alive socket. */
export async function loadUndici() {
    try {
        return require('undici');
    } catch {
        return undefined;
    }
}

export function makeIsolatedDirs(prefix) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    const home = path.join(root, 'home');
    const tmp = path.join(root, 'tmp');
    const ws = path.join(root, 'workspace');
    for (const dir of [home, tmp, ws]) {
        fs.mkdirSync(dir, { recursive: true });
    }
    return { root, home, tmp, ws, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

export function percentile(sorted, p) {
    if (sorted.length === 0) {
        return NaN;
    }
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return sorted[index];
}

export function summarize(samples) {
    const sorted = Float64Array.from(samples).sort();
    const sum = sorted.reduce((a, b) => a + b, 0);
    return {
        n: sorted.length,
        mean: sum / sorted.length,
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p99: percentile(sorted, 99),
        min: sorted[0],
        max: sorted[sorted.length - 1]
    };
}

export function median(values) {
    return summarize(values).p50;
}

export function fmt(value, digits = 3) {
    if (value === undefined || Number.isNaN(value)) {
        return 'n/a';
    }
    return value.toFixed(digits);
}

export function ratio(a, b) {
    return `${(a / b).toFixed(2)}×`;
}

/** A markdown table: first row is the header. */
export function table(rows) {
    const widths = rows[0].map((_, col) => Math.max(...rows.map(row => String(row[col]).length)));
    const line = row => `| ${row.map((cell, col) => String(cell).padEnd(widths[col])).join(' | ')} |`;
    return [line(rows[0]), `| ${widths.map(w => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

export function hrtimeMs() {
    return Number(process.hrtime.bigint()) / 1e6;
}

export function sleep(ms) {
    return new Promise(resolve => setTimeout(resolve, ms));
}

/** Runs gc twice when --expose-gc is on; returns whether it could. */
export async function collectGarbage() {
    if (typeof globalThis.gc !== 'function') {
        return false;
    }
    for (let i = 0; i < 3; i++) {
        globalThis.gc();
        await sleep(10);
    }
    return true;
}

export function memorySnapshot() {
    const usage = process.memoryUsage();
    return { rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external };
}

export function mb(bytes) {
    return (bytes / (1024 * 1024)).toFixed(2);
}

export function kb(bytes) {
    return (bytes / 1024).toFixed(1);
}

/** The headers every MCP request to the endpoint carries. */
export function mcpHeaders(port, token, sessionId) {
    const headers = {
        'host': `127.0.0.1:${port}`,
        'authorization': `Bearer ${token}`,
        'content-type': 'application/json',
        'accept': 'application/json, text/event-stream'
    };
    if (sessionId) {
        headers['mcp-session-id'] = sessionId;
    }
    return headers;
}

export const INITIALIZE = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'bench-client', version: '0.0.0' }
    }
};

/** Opens an MCP session with plain fetch-free node:http requests; returns the session id. */
export async function openMcpSession(port, token) {
    const init = await httpRequest(port, 'POST', mcpHeaders(port, token), JSON.stringify(INITIALIZE));
    if (init.status !== 200 || !init.headers['mcp-session-id']) {
        throw new Error(`initialize failed: ${init.status} ${init.body}`);
    }
    const sessionId = init.headers['mcp-session-id'];
    const ack = await httpRequest(port, 'POST', mcpHeaders(port, token, sessionId),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    if (ack.status !== 202) {
        throw new Error(`notifications/initialized failed: ${ack.status} ${ack.body}`);
    }
    return sessionId;
}

export async function httpRequest(port, method, headers, body) {
    const http = await import('node:http');
    return new Promise((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method, path: '/mcp', headers, agent: false }, response => {
            const chunks = [];
            response.on('data', chunk => chunks.push(chunk));
            response.on('end', () => resolve({
                status: response.statusCode,
                headers: response.headers,
                body: Buffer.concat(chunks).toString('utf8')
            }));
            response.on('error', reject);
        });
        request.on('error', reject);
        request.end(body);
    });
}

// The IPC plumbing is the tests' own.
export { ipcClient, serveIpc } from '../../test/support/ipc.mjs';

export function nowIso() {
    return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Numeric --name=value (or --name value) from argv, else the fallback. */
export function numberArg(name, fallback, argv = process.argv) {
    const value = stringArg(name, undefined, argv);
    return value === undefined ? fallback : Number(value);
}

export function stringArg(name, fallback, argv = process.argv) {
    const prefix = `--${name}=`;
    for (let i = 0; i < argv.length; i++) {
        if (argv[i].startsWith(prefix)) {
            return argv[i].slice(prefix.length);
        }
        if (argv[i] === `--${name}` && i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
            return argv[i + 1];
        }
    }
    return fallback;
}

export function flag(name, argv = process.argv) {
    return argv.includes(`--${name}`);
}

/** Writes the result object as JSON when --json=<file> is given (run-all collects them that way). */
export function writeJsonResult(result, argv = process.argv) {
    const file = stringArg('json', undefined, argv);
    if (file) {
        fs.writeFileSync(file, JSON.stringify(result, null, 2));
    }
}

/** Every package's lib/ (missing ones too: newestMtime skips them): a build of an app is stale once any is newer. */
export function packageLibDirs() {
    const packages = path.join(REPO_DIR, 'packages');
    return fs.readdirSync(packages).map(name => path.join(packages, name, 'lib'));
}

/** The newest modification time of the .js files below `dirs` (missing ones are skipped): is a build older than its sources? */
export function newestMtime(dirs) {
    let newest = 0;
    const walk = dir => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
            const file = path.join(dir, entry.name);
            if (entry.isDirectory()) {
                walk(file);
            } else if (entry.name.endsWith('.js')) {
                newest = Math.max(newest, fs.statSync(file).mtimeMs);
            }
        }
    };
    dirs.filter(dir => fs.existsSync(dir)).forEach(walk);
    return newest;
}
