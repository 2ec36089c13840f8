// openDiff → diff editor shows the proposal, for Claude Code against Gemini CLI, in one run, in one
// window of the built browser-app in Chromium. The two are interleaved (Gemini, Claude, Gemini, …).
//  - Gemini: the real Gemini CLI IdeClient in a child process calls openDiff over Streamable HTTP
//    (the harness of test/e2e, as in chromium-latency.mjs).
//  - Claude Code: a small `ws` client sends the request the real `claude` 2.1.330 sends
//    (/work/shared/protocol/claude-code.md §3–§4): the WebSocket upgrade with the `mcp` subprotocol
//    and the lock file's token, initialize, then `tools/call openDiff` with the four arguments. The
//    binary itself is not timed, so both figures are the IDE's side from the request on.
// Each diff is rejected with ✗ and its answer checked (Gemini: rejected; Claude: DIFF_REJECTED).
// The figure to read is the ratio Claude / Gemini at p50: the WebSocket transport against the HTTP one,
// everything after the tools layer being the same diff broker and the same editor.
//
//   node bench/claude-diff-latency.mjs [--diffs=20] [--json=out.json]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import WebSocket from 'ws';
import { IdeClientProcess } from '../test/support/ide-client-process.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../test/support/theia-app.mjs';
import { fmt, numberArg, summarize, table, writeJsonResult } from './support/common.mjs';
import { installPageProbes } from './support/page-probes.mjs';

const DIFFS = numberArg('diffs', 20);
const WARMUP = 3; // the first opens compile code paths and warm the file service: not counted
const now = () => performance.timeOrigin + performance.now();

const names = Array.from({ length: WARMUP + DIFFS }, (_, i) => String(i).padStart(2, '0'));
const files = {};
for (const n of names) {
    files[`gemini/g-${n}.ts`] = `export const gemini_${n} = 1;\n`;
    files[`claude/c-${n}.ts`] = `export const claude_${n} = 1;\n`;
}

/** A Claude Code session as the CLI opens it: upgrade with `mcp` and the token, then the MCP handshake. */
class ClaudeWsClient {
    static async connect(port, token) {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/`, 'mcp', { headers: { 'x-claude-code-ide-authorization': token } });
        await new Promise((resolve, reject) => {
            socket.once('open', resolve);
            socket.once('error', reject);
            socket.once('unexpected-response', (_, response) => reject(new Error(`upgrade refused: HTTP ${response.statusCode}`)));
        });
        const client = new ClaudeWsClient(socket);
        await client.request('initialize', {
            protocolVersion: '2025-11-25', capabilities: { roots: { listChanged: true } }, clientInfo: { name: 'claude-code', version: '2.1.330' }
        });
        client.notify('notifications/initialized');
        client.notify('ide_connected', { pid: process.pid });
        return client;
    }

    constructor(socket) {
        this.socket = socket;
        this.nextId = 0;
        this.pending = new Map();
        socket.on('message', data => {
            const message = JSON.parse(String(data));
            if (message.id !== undefined && this.pending.has(message.id)) {
                this.pending.get(message.id)(message);
                this.pending.delete(message.id);
            } else if (message.method === 'ping' || message.method === 'roots/list') {
                socket.send(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: message.method === 'ping' ? {} : { roots: [] } }));
            }
        });
    }

    request(method, params) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, message => message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result));
            this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
        });
    }

    notify(method, params) {
        this.socket.send(JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) }));
    }

    callTool(name, args) {
        return this.request('tools/call', { name, arguments: args, _meta: { progressToken: this.nextId } });
    }

    close() {
        this.socket.close();
    }
}

/** Claude Code's lock files under the backend's HOME: `{ port, content }`. */
function claudeLocks(home) {
    const directory = path.join(home, '.claude', 'ide');
    const names = fs.existsSync(directory) ? fs.readdirSync(directory).filter(name => /^\d+\.lock$/.test(name)) : [];
    return names.map(name => ({ port: Number(name.slice(0, -'.lock'.length)), content: JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')) }));
}

const root = makeTempRoot('bench-claude-diff-');
const folder = writeTree(path.join(root, 'workspace'), files);
let backend, browser, window, gemini, claude;
const shown = { gemini: [], claude: [], geminiHighlighted: [], claudeHighlighted: [] };
try {
    backend = await TheiaBackend.start({ root, workspace: folder });
    const discovery = await backend.waitForDiscoveryFile([folder]);
    browser = await launchChromium();
    window = await TheiaWindow.open(browser, backend, folder);
    const page = window.page;
    gemini = await IdeClientProcess.start({ cwd: folder, env: backend.ideClientEnv(discovery) });
    const state = await gemini.request('connect');
    if (state.status !== 'connected' || !state.diffing) {
        throw new Error(`the IdeClient did not connect: ${JSON.stringify(state)}\n${gemini.output}`);
    }
    const lock = await waitUntil(() => claudeLocks(backend.home).find(l => l.content.workspaceFolders?.includes(folder)),
        { timeout: 30_000, what: 'a Claude Code lock file for the workspace', diagnostics: () => JSON.stringify(claudeLocks(backend.home)) });
    claude = await ClaudeWsClient.connect(lock.port, lock.content.authToken);
    await page.evaluate(installPageProbes);

    const cases = {
        gemini: {
            tab: n => window.diffTab(`g-${n}.ts`),
            start: (n, marker) => gemini.request('openDiff', { filePath: path.join(folder, 'gemini', `g-${n}.ts`), newContent: `export const gemini_${n} = 2; // ${marker}\n` }),
            rejected: outcome => outcome?.status === 'rejected'
        },
        claude: {
            tab: n => window.diffTab(`c-${n}.ts`, 'Claude Code'),
            start: (n, marker) => {
                const file = path.join(folder, 'claude', `c-${n}.ts`);
                return claude.callTool('openDiff', {
                    old_file_path: file, new_file_path: file, new_file_contents: `export const claude_${n} = 2; // ${marker}\n`,
                    tab_name: `✻ [Claude Code] c-${n}.ts (bench${n}) ⧉`
                });
            },
            rejected: outcome => outcome?.content?.[0]?.text === 'DIFF_REJECTED'
        }
    };
    for (const [index, n] of names.entries()) {
        // Alternate which goes first, so neither always comes right after the other's close.
        const order = index % 2 ? ['claude', 'gemini'] : ['gemini', 'claude'];
        for (const name of order) {
            const marker = `bench_${name}_${n}`;
            await page.evaluate(m => window.__bench.armShown('diff', m), marker);
            const t0 = now();
            const decision = cases[name].start(n, marker);
            const diff = await page.evaluate(() => window.__bench.shown);
            await window.rejectButton().click();
            const outcome = await decision;
            if (!cases[name].rejected(outcome)) {
                throw new Error(`${name} openDiff ${n} ended with ${JSON.stringify(outcome)}`);
            }
            await cases[name].tab(n).waitFor({ state: 'detached', timeout: 30_000 });
            if (index >= WARMUP) {
                shown[name].push(diff.contentAt - t0);
                shown[`${name}Highlighted`].push(diff.highlightedAt - t0);
            }
        }
    }
} finally {
    claude?.close();
    await gemini?.stop().catch(() => undefined);
    await window?.close();
    await browser?.close().catch(() => undefined);
    await backend?.stop();
    removeTempRoot(root);
}

const stats = Object.fromEntries(Object.entries(shown).map(([key, samples]) => [key, summarize(samples)]));
const ratio = stats.claude.p50 / stats.gemini.p50;
const ms = s => `${fmt(s.p50, 1)} / ${fmt(s.p99, 1)} ms`;
console.log(`openDiff → diff shown, Claude Code (WebSocket MCP) against Gemini CLI (Streamable HTTP, real IdeClient): ${DIFFS} diffs each ` +
    `(+${WARMUP} warm-up), interleaved, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)}.\n`);
console.log(table([
    ['measure (p50 / p99)', 'Claude Code', 'Gemini CLI (same run)', 'ratio Claude / Gemini, p50'],
    ['openDiff → diff editor shows the proposal', ms(stats.claude), ms(stats.gemini), `${ratio.toFixed(2)}×`],
    ['  … and the changes highlighted', ms(stats.claudeHighlighted), ms(stats.geminiHighlighted), `${(stats.claudeHighlighted.p50 / stats.geminiHighlighted.p50).toFixed(2)}×`]
]));
writeJsonResult({ diffs: DIFFS, warmup: WARMUP, stats, ratio, loadAverage: os.loadavg()[0] });
