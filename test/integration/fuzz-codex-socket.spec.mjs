// Property-based fuzzing of the Codex IDE socket (the core's router, in its own process): random frames,
// random bytes, length headers far over the cap, frames cut short, messages of every type with random
// fields, on one connection each. The server may answer or close, never crash or stop serving, and
// keeps no descriptor of a connection once the client is gone. Bounded in runs and time.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { CodexIpcTestClient } from '@ai-cli-companion/core/testing';
import { waitUntil } from '../support/wait.mjs';

const CHILD = fileURLToPath(new URL('../support/codex-socket-child.mjs', import.meta.url));
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_MS ?? 20_000);
const CAP = 256 * 1024;
/** The server must have closed our connection (after we ended it) within this; generous for a loaded CI machine. */
const CLOSE_DEADLINE_MS = 10_000;

function frame(payload) {
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8');
    const header = Buffer.alloc(4);
    header.writeUInt32LE(body.length, 0);
    return Buffer.concat([header, body]);
}

function header(length) {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(length, 0);
    return bytes;
}

const id = fc.oneof(fc.uuid(), fc.string({ maxLength: 12 }), fc.constant('fwd'));
const anyValue = fc.jsonValue({ maxDepth: 3 });
const message = fc.record({
    type: fc.oneof(fc.constantFrom('request', 'response', 'broadcast', 'client-discovery-request', 'client-discovery-response'), fc.string({ maxLength: 10 }), anyValue),
    requestId: fc.oneof(id, anyValue),
    method: fc.oneof(fc.constantFrom('initialize', 'ide-context', 'thread-follower-start-turn'), fc.string({ maxLength: 20 }), anyValue),
    version: fc.oneof(fc.constant(0), fc.integer(), anyValue),
    sourceClientId: fc.oneof(fc.constant('codex-tui'), fc.string({ maxLength: 12 })),
    targetClientId: fc.oneof(fc.string({ maxLength: 12 }), anyValue),
    params: fc.oneof(fc.record({ workspaceRoot: fc.oneof(fc.string(), fc.constantFrom('/', '../..', '\u0000', '/tmp')) }, { requiredKeys: [] }), anyValue),
    response: fc.oneof(fc.record({ canHandle: fc.oneof(fc.boolean(), anyValue) }), anyValue),
    request: anyValue,
    resultType: fc.constantFrom('success', 'error', 'other')
}, { requiredKeys: [] });

/** One connection's bytes: a sequence of pieces, each a kind of input the server must survive. */
const piece = fc.oneof(
    message.map(m => frame(JSON.stringify(m))),
    anyValue.map(v => frame(JSON.stringify(v))),
    fc.uint8Array({ maxLength: 64 }).map(bytes => Buffer.from(bytes)),
    fc.uint8Array({ maxLength: 64 }).map(bytes => frame(Buffer.from(bytes))),
    fc.integer({ min: CAP + 1, max: 0xffffffff }).map(header),
    fc.tuple(fc.integer({ min: 10, max: CAP }), fc.uint8Array({ maxLength: 32 })).map(([length, bytes]) => Buffer.concat([header(length), Buffer.from(bytes)]))
);

/** Writes the bytes, ends our side, and resolves once the server has closed the connection too. */
function exchange(socketPath, bytes) {
    return new Promise((resolve, reject) => {
        const socket = net.createConnection(socketPath);
        const timer = setTimeout(() => {
            socket.destroy();
            reject(new Error(`the server kept the connection open ${CLOSE_DEADLINE_MS} ms after the client ended it`));
        }, CLOSE_DEADLINE_MS);
        socket.on('connect', () => socket.end(bytes));
        socket.on('data', () => undefined);
        socket.on('error', () => undefined);
        socket.on('close', () => {
            clearTimeout(timer);
            resolve();
        });
    });
}

function descriptors(pid) {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
}

describe('fuzzing the Codex IDE socket', function () {
    this.timeout(120_000);
    let child, root, socketPath, stderr = '';

    before(async () => {
        root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-codex-')));
        fs.mkdirSync(path.join(root, 'tmp'));
        fs.mkdirSync(path.join(root, 'workspace'));
        child = spawn(process.execPath, [CHILD, root], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stderr.setEncoding('utf8').on('data', chunk => { stderr += chunk; });
        const started = await new Promise((resolve, reject) => {
            let out = '';
            child.stdout.setEncoding('utf8').on('data', chunk => {
                out += chunk;
                if (out.includes('\n')) {
                    resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
                }
            });
            child.once('exit', code => reject(new Error(`the socket server exited with ${code}: ${stderr}`)));
        });
        assert.equal(started.role, 'owner');
        socketPath = started.socketPath;
    });

    after(async () => {
        if (child && child.exitCode === null) {
            child.kill('SIGTERM');
            await new Promise(resolve => child.once('exit', resolve));
        }
        fs.rmSync(root, { recursive: true, force: true });
    });

    async function stillServes() {
        const client = await CodexIpcTestClient.connect(socketPath);
        try {
            const answer = await client.ideContext(path.join(root, 'workspace'));
            assert.equal(answer.result?.ideContext?.activeFile?.activeSelectionContent, 'fuzz', JSON.stringify(answer));
            assert.equal((await client.ideContext(path.join(root, 'tmp'))).error, 'no-client-found');
        } finally {
            client.close();
        }
    }

    it('never crashes, never keeps a connection the client ended, and still answers a real request after', async () => {
        await stillServes();
        const baseline = descriptors(child.pid);
        let runs = 0;
        await fc.assert(fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async pieces => {
            runs++;
            await exchange(socketPath, Buffer.concat(pieces));
            assert.equal(child.exitCode, null, `the server exited: ${stderr.slice(-2000)}`);
        }), { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false });
        assert.ok(runs >= 50, `only ${runs} runs`);
        await stillServes();
        // Leak check by count: every fuzz connection's descriptor is gone again.
        await waitUntil(() => descriptors(child.pid) <= baseline, { timeout: 10_000, what: `the server's descriptors back to ${baseline}`, diagnostics: () => String(descriptors(child.pid)) });
        assert.equal(child.exitCode, null);
    });
});
