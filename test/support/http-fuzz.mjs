// The driver of the HTTP fuzz specs (integration/fuzz-*.spec.mjs): a server in its own process, raw
// requests written to its socket, and the property every server must keep: it never crashes, never
// leaves a request unanswered, never answers 2xx without the secret (token or nonce), still serves a
// well-formed request afterwards, and lets some requests with the secret through. Bounded in runs and
// time so it fits a CI run.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_MS ?? 20_000);
/** An answer (or a closed connection) must come within this; generous for a loaded CI machine. */
const ANSWER_DEADLINE_MS = 10_000;

/** Header names a client may not choose freely: `extra` headers by these names are left out (Content-Length is always the real one). */
const RESERVED_HEADERS = ['host', 'content-length', 'transfer-encoding', 'authorization', 'connection', 'expect'];

export const printable = fc.string({ unit: fc.constantFrom(...'abcXYZ019/.%?#[]:@!$&\'()*+,;=-_~ "<>{}|\\^`'.split('')), maxLength: 40 });
export const unicode = fc.string({ unit: 'grapheme', maxLength: 20 });

/** An `extra` header list for a request arbitrary: random names and printable values. */
export const extraHeaders = fc.array(fc.tuple(fc.stringMatching(/^[a-z][a-z-]{0,15}$/), printable), { maxLength: 4 });

/** The first stdout line as JSON, once it is complete. */
function firstJsonLine(stdout) {
    return stdout.includes('\n') ? JSON.parse(stdout.slice(0, stdout.indexOf('\n'))) : undefined;
}

/**
 * Starts a server process (node with `args`) and resolves with it once `parseStart(stdout so far)` returns
 * what it printed (its address and secret), merged into `{ child, stderr() }`.
 */
export function startServerProcess(args, env, parseStart = firstJsonLine) {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', chunk => { stderr += chunk; });
    return new Promise((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', chunk => {
            stdout += chunk;
            const parsed = parseStart(stdout);
            if (parsed) {
                resolve({ child, ...parsed, stderr: () => stderr });
            }
        });
        child.once('exit', code => reject(new Error(`the server exited with ${code} before it listened: ${stderr}`)));
    });
}

/**
 * Sends raw bytes to `address` (net.connect's options: a port and host, or a Unix socket path); resolves
 * with the status code of the first answer, or 'closed' if the server hung up without one.
 */
export function exchange(address, bytes) {
    return new Promise((resolve, reject) => {
        const socket = net.connect(address);
        let text = '';
        const timer = setTimeout(() => {
            socket.destroy();
            reject(new Error(`no answer within ${ANSWER_DEADLINE_MS} ms`));
        }, ANSWER_DEADLINE_MS);
        const settle = () => {
            clearTimeout(timer);
            socket.destroy();
            const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
            resolve(status ? Number(status) : 'closed');
        };
        socket.on('connect', () => socket.write(bytes));
        socket.setEncoding('latin1');
        socket.on('data', chunk => {
            text += chunk;
            if (text.includes('\r\n')) {
                settle();
            }
        });
        socket.on('end', settle);
        socket.on('error', settle);
    });
}

/**
 * A request as bytes: its request line, `headers` (pairs of name and value; an undefined value is left
 * out), its `extra` headers except those named in `reserved` (besides the ones a client may not choose
 * freely), then Connection: close, the real Content-Length and the body.
 */
export function requestBytes(request, headers, reserved = []) {
    const lines = [`${request.method} ${request.target} HTTP/1.1`];
    const add = (name, value) => value !== undefined && lines.push(`${name}: ${value}`);
    headers.forEach(([name, value]) => add(name, value));
    request.extra.filter(([name]) => ![...RESERVED_HEADERS, ...reserved].includes(name))
        .forEach(([name, value]) => add(name, value.replace(/[\r\n]/g, '')));
    add('Connection', 'close');
    const body = Buffer.from(request.body, 'utf8');
    add('Content-Length', body.length);
    return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}

/**
 * A mocha suite that fuzzes one server.
 * @param {object} options
 * @param {string} options.title the suite's title
 * @param {string} options.tmpPrefix the prefix of the temp folder the server gets (its HOME, its files)
 * @param {(root: string) => Promise<object>} options.start starts the server (see startServerProcess)
 * @param {(server: object) => object} options.address where to connect (net.connect's options)
 * @param {string} options.secret what a request needs to get in ('token', 'nonce'), as the test names it
 * @param {string} options.wall what a request with the secret got past when it was let through
 * @param {number[]} options.refusals the statuses that count as refused at the wall
 * @param {(server: object) => fc.Arbitrary} options.requests the request arbitrary; `auth: 'right'` marks the secret
 * @param {(request: object) => Buffer} options.toBytes the request as bytes
 * @param {(server: object) => object} options.wellFormed a request the server must still answer 200 afterwards
 */
export function fuzzServer({ title, tmpPrefix, start, address, secret, wall, refusals, requests, toBytes, wellFormed }) {
    describe(title, function () {
        let server, root;
        before(async () => {
            root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix)));
            server = await start(root);
        });
        after(async () => {
            if (server && server.child.exitCode === null) {
                server.child.kill('SIGTERM');
                await new Promise(resolve => server.child.once('exit', resolve));
            }
            fs.rmSync(root, { recursive: true, force: true });
        });

        it(`never crashes, never leaves a request unanswered, never answers 2xx without the ${secret}`, async () => {
            const seen = new Map();
            let passedTheWall = 0;
            await fc.assert(fc.asyncProperty(requests(server), async request => {
                const status = await exchange(address(server), toBytes(request));
                seen.set(status, (seen.get(status) ?? 0) + 1);
                assert.equal(server.child.exitCode, null, `the server exited: ${server.stderr().slice(-2000)}`);
                passedTheWall += request.auth === 'right' && typeof status === 'number' && !refusals.includes(status) ? 1 : 0;
                if (request.auth !== 'right' && typeof status === 'number') {
                    assert.ok(status < 200 || status >= 300, `${status} without the ${secret} for ${request.method} ${request.target}`);
                }
            }), { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false });
            assert.equal(server.child.exitCode, null);
            // Still serving a well-formed request afterwards.
            const after = await exchange(address(server), toBytes(wellFormed(server)));
            assert.equal(after, 200, `statuses seen: ${JSON.stringify([...seen])}`);
            assert.ok(passedTheWall > 0, `no request got past ${wall}: ${JSON.stringify([...seen])}`);
        });
    });
}
