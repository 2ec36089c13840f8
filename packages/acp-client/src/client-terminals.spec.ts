import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { ClientTerminals, TerminalPolicy, needsShell } from './client-terminals';
import { MAX_SESSION_OUTPUT_BYTES, MAX_TERMINALS_PER_SESSION, MAX_TERMINAL_OUTPUT_LIMIT } from './terminal-output-buffer';
import { descendantsOf } from './process-tree';
import { isAlive } from './test/process-checks';

describe('ClientTerminals (ACP terminal/* served by the client, real processes)', () => {
    let dir: string;
    let terminals: ClientTerminals;
    const policy = (owner = 'chat-1', overrides: Partial<TerminalPolicy> = {}): TerminalPolicy => ({
        owner, cwd: requested => requested ?? dir, env: { PATH: process.env.PATH, FROM_AGENT: 'agent' }, ...overrides
    });

    beforeEach(() => {
        dir = tempFolder('acp-terminals-', { real: true });
        terminals = new ClientTerminals();
    });

    afterEach(() => {
        terminals.releaseAll();
        removeFolder(dir);
    });

    it('runs the command without a shell in the policy\'s cwd, with the agent\'s env plus the request\'s, and reports its exit', async () => {
        const handlers = terminals.handlersFor(policy());
        const { terminalId } = await handlers.create({
            sessionId: 's1', command: 'sh', args: ['-c', 'echo "$FROM_AGENT $FROM_REQUEST $(pwd)"; exit 3'],
            env: [{ name: 'FROM_REQUEST', value: 'request' }]
        });
        assert.deepEqual(await handlers.waitForExit({ sessionId: 's1', terminalId }), { exitCode: 3, signal: null });
        assert.deepEqual(await handlers.output({ sessionId: 's1', terminalId }),
            { output: `agent request ${dir}\n`, truncated: false, exitStatus: { exitCode: 3, signal: null } });
    });

    it('with args the command runs without a shell (arguments verbatim); a command line without args runs through the shell', async () => {
        const handlers = terminals.handlersFor(policy());
        const verbatim = await handlers.create({ sessionId: 's1', command: 'echo', args: ['$HOME; touch pwned'] });
        await handlers.waitForExit({ sessionId: 's1', terminalId: verbatim.terminalId });
        assert.equal((await handlers.output({ sessionId: 's1', terminalId: verbatim.terminalId })).output, '$HOME; touch pwned\n');
        assert.equal(fs.existsSync(path.join(dir, 'pwned')), false);
        // Zed's Claude Code adapter sends its Bash tool's one-liner as `command`, with no args.
        const line = await handlers.create({ sessionId: 's1', command: 'echo one && echo two | tr a-z A-Z' });
        await handlers.waitForExit({ sessionId: 's1', terminalId: line.terminalId });
        assert.equal((await handlers.output({ sessionId: 's1', terminalId: line.terminalId })).output, 'one\nTWO\n');
    });

    it('needsShell: only a command line without args, never an executable named by an existing path', () => {
        assert.equal(needsShell('npm test', []), true);
        assert.equal(needsShell('ls|wc', []), true);
        assert.equal(needsShell('ls', []), false);
        assert.equal(needsShell('npm', ['test']), false);
        assert.equal(needsShell('echo $HOME', ['x']), false, 'with args nothing is a shell line');
        const spaced = path.join(dir, 'my tool');
        fs.writeFileSync(spaced, '#!/bin/sh\necho spaced\n', { mode: 0o755 });
        assert.equal(needsShell(spaced, []), false);
    });

    it('a command that is not there gets a clear JSON-RPC error', async () => {
        const handlers = terminals.handlersFor(policy());
        await assert.rejects(handlers.create({ sessionId: 's1', command: 'no-such-command-xyz', args: ['--version'] }),
            (error: Error & { code: number }) => error.code === -32602 && /cannot run "no-such-command-xyz" in .*: not found/.test(error.message));
        assert.equal(terminals.size, 0);
    });

    it('applies outputByteLimit from the end of the output', async () => {
        const handlers = terminals.handlersFor(policy());
        const { terminalId } = await handlers.create({ sessionId: 's1', command: 'sh', args: ['-c', 'for i in 1 2 3 4 5 6 7 8 9; do echo "line $i"; done'], outputByteLimit: 14 });
        await handlers.waitForExit({ sessionId: 's1', terminalId });
        const { output, truncated } = await handlers.output({ sessionId: 's1', terminalId });
        assert.equal(truncated, true);
        assert.equal(output, '\nline 8\nline 9\n'.slice(-14));
    });

    it('the cwd policy refuses what it refuses: nothing runs', async () => {
        const refuse = policy('chat-1', { cwd: requested => { throw new Error(`outside: ${requested}`); } });
        await assert.rejects(terminals.handlersFor(refuse).create({ sessionId: 's1', command: 'touch', args: ['made'], cwd: '/' }), /outside: \//);
        assert.equal(terminals.size, 0);
    });

    it('an unknown, released, or other session\'s terminal id gets a clear JSON-RPC error', async () => {
        const mine = terminals.handlersFor(policy('chat-1'));
        const theirs = terminals.handlersFor(policy('chat-2'));
        await assert.rejects(mine.output({ sessionId: 's1', terminalId: 'nope' }),
            (error: Error & { code: number }) => error.code === -32602 && /unknown terminal "nope"/.test(error.message));
        const { terminalId } = await mine.create({ sessionId: 's1', command: 'sleep', args: ['30'] });
        await assert.rejects(theirs.output({ sessionId: 's1', terminalId }), /unknown terminal/);
        await assert.rejects(mine.output({ sessionId: 's2', terminalId }), /unknown terminal/, 'another ACP session of the same owner');
        await mine.release({ sessionId: 's1', terminalId });
        await assert.rejects(mine.waitForExit({ sessionId: 's1', terminalId }), /already released/);
    });

    it('kill ends the command but keeps the terminal: its output and exit status stay readable', async () => {
        const handlers = terminals.handlersFor(policy());
        const { terminalId } = await handlers.create({ sessionId: 's1', command: 'sh', args: ['-c', 'echo started; exec sleep 30'] });
        const terminal = await waitForOutput(handlers, terminalId, 'started');
        assert.equal(terminal, 'started\n');
        await handlers.kill({ sessionId: 's1', terminalId });
        assert.deepEqual(await handlers.waitForExit({ sessionId: 's1', terminalId }), { exitCode: null, signal: 'SIGKILL' });
        assert.deepEqual((await handlers.output({ sessionId: 's1', terminalId })).exitStatus, { exitCode: null, signal: 'SIGKILL' });
    });

    it('release kills a running command with its children, and forgets the id', async () => {
        const handlers = terminals.handlersFor(policy());
        const { terminalId } = await handlers.create({ sessionId: 's1', command: 'sh', args: ['-c', 'sleep 30 & echo child; wait'] });
        await waitForOutput(handlers, terminalId, 'child');
        const [pid] = terminals.pids;
        const children = descendantsOf(pid);
        assert.ok(children.length > 0, 'the shell has its sleep child');
        await handlers.release({ sessionId: 's1', terminalId });
        assert.equal(terminals.size, 0);
        await until(() => [pid, ...children].every(p => !isAlive(p)), 'the shell and its sleep to be gone');
    });

    it('releaseOwner kills and releases every terminal of that owner, and only those', async () => {
        const first = terminals.handlersFor(policy('chat-1'));
        const other = terminals.handlersFor(policy('chat-2'));
        await first.create({ sessionId: 's1', command: 'sleep', args: ['30'] });
        await first.create({ sessionId: 's1', command: 'sleep', args: ['31'] });
        const kept = await other.create({ sessionId: 's9', command: 'sleep', args: ['32'] });
        const before = terminals.pids;
        assert.equal(terminals.releaseOwner('chat-1'), 2);
        assert.equal(terminals.size, 1);
        await until(() => before.filter(isAlive).length === 1, 'the two sleeps of chat-1 to be gone');
        assert.equal((await other.output({ sessionId: 's9', terminalId: kept.terminalId })).exitStatus, undefined, 'chat-2\'s still runs');
    });

    it('streams output to the watcher as it comes, and the exit once', async () => {
        const seen: string[] = [];
        const exits: unknown[] = [];
        const handlers = terminals.handlersFor(policy('chat-1', {
            watch: () => ({ onOutput: chunk => seen.push(chunk.toString()), onExit: exit => exits.push(exit) })
        }));
        const { terminalId } = await handlers.create({ sessionId: 's1', command: 'sh', args: ['-c', 'echo one; echo two >&2'] });
        await handlers.waitForExit({ sessionId: 's1', terminalId });
        assert.deepEqual(seen.join('').split('\n').sort(), ['', 'one', 'two'], 'stdout and stderr both');
        assert.deepEqual(exits, [{ exitCode: 0, signal: null }]);
    });

    it('starts the command without the credentials of the environment it is given; the request\'s variables still reach it', async () => {
        const handlers = terminals.handlersFor(policy('chat-1', {
            env: { PATH: process.env.PATH, PLAIN: 'plain', MY_SECRET_TOKEN: 'leaked-token', PGPASSWORD: 'leaked-pw', DATABASE_URL: 'postgres://u:leaked@db/x' }
        }));
        const { terminalId } = await handlers.create({ sessionId: 's1', command: 'env', args: [], env: [{ name: 'FROM_REQUEST', value: 'request' }] });
        await handlers.waitForExit({ sessionId: 's1', terminalId });
        const { output } = await handlers.output({ sessionId: 's1', terminalId });
        assert.match(output, /^PLAIN=plain$/m);
        assert.match(output, /^FROM_REQUEST=request$/m);
        assert.doesNotMatch(output, /leaked|MY_SECRET_TOKEN|PGPASSWORD|DATABASE_URL/);
    });

    it('refuses a terminal over the owner\'s count with a clear JSON-RPC error, starts nothing, and takes one again after a release', async () => {
        const handlers = terminals.handlersFor(policy('chat-1', { maxTerminals: 3 }));
        const created = [];
        for (let i = 0; i < 3; i++) {
            created.push((await handlers.create({ sessionId: 's1', command: 'sleep', args: ['30'] })).terminalId);
        }
        await assert.rejects(handlers.create({ sessionId: 's1', command: 'touch', args: [path.join(dir, 'fourth')] }),
            (error: Error & { code: number }) => error.code === -32602 && /too many terminals: this session already holds 3/.test(error.message));
        assert.equal(fs.existsSync(path.join(dir, 'fourth')), false, 'the refused command never ran');
        assert.equal(terminals.size, 3);
        await terminals.handlersFor(policy('chat-2', { maxTerminals: 3 })).create({ sessionId: 's2', command: 'true', args: [] });
        await handlers.release({ sessionId: 's1', terminalId: created[0] });
        await handlers.create({ sessionId: 's1', command: 'sleep', args: ['30'] });
        assert.equal(terminals.size, 4, 'three of chat-1 and one of chat-2');
    });

    it('a command that cannot start gives its place back', async () => {
        const handlers = terminals.handlersFor(policy('chat-1', { maxTerminals: 1 }));
        await assert.rejects(handlers.create({ sessionId: 's1', command: 'no-such-command-xyz', args: [] }), /not found/);
        await handlers.create({ sessionId: 's1', command: 'true', args: [] });
    });

    it('bounds the output an owner\'s terminals keep together: each gets at most what is left, then none is started', async () => {
        const budget = 256 * 1024;
        const handlers = terminals.handlersFor(policy('chat-1', { maxOutputBytes: budget }));
        const flood = (limit: number) => handlers.create({ sessionId: 's1', command: 'head', args: ['-c', String(4 * budget), '/dev/zero'], outputByteLimit: limit });
        const first = await flood(200 * 1024);
        const second = await flood(200 * 1024);
        await assert.rejects(flood(1024), (error: Error) => /no output budget left: this session's 2 terminals keep 256 KiB/.test(error.message));
        for (const { terminalId } of [first, second]) {
            await handlers.waitForExit({ sessionId: 's1', terminalId });
        }
        assert.equal(Buffer.byteLength((await handlers.output({ sessionId: 's1', terminalId: first.terminalId })).output), 200 * 1024);
        assert.equal(Buffer.byteLength((await handlers.output({ sessionId: 's1', terminalId: second.terminalId })).output), 56 * 1024,
            'the second got what was left');
        assert.ok(terminals.keptBytes('chat-1') <= budget + 2 * 64 * 1024, `${terminals.keptBytes('chat-1')} bytes kept`);
        await handlers.release({ sessionId: 's1', terminalId: first.terminalId });
        const third = await flood(1024);
        await handlers.waitForExit({ sessionId: 's1', terminalId: third.terminalId });
        assert.equal(Buffer.byteLength((await handlers.output({ sessionId: 's1', terminalId: third.terminalId })).output), 1024);
    });

    it('by default an agent asking 16 MiB per terminal keeps at most 32 MiB per session, and holds at most 16 terminals', async () => {
        const handlers = terminals.handlersFor(policy());
        const made = [];
        let refusal: Error | undefined;
        for (let i = 0; i < 41 && !refusal; i++) {
            await handlers.create({ sessionId: 's1', command: 'true', args: [], outputByteLimit: MAX_TERMINAL_OUTPUT_LIMIT })
                .then(created => made.push(created), error => { refusal = error; });
        }
        assert.equal(made.length, MAX_SESSION_OUTPUT_BYTES / MAX_TERMINAL_OUTPUT_LIMIT);
        assert.match(String(refusal), /no output budget left/);
        const small = terminals.handlersFor(policy('chat-small'));
        const outcomes = [];
        for (let i = 0; i < 41; i++) {
            outcomes.push(await small.create({ sessionId: 's1', command: 'true', args: [] }).then(() => 'created', (error: Error) => error.message));
        }
        assert.equal(outcomes.filter(outcome => outcome === 'created').length, MAX_TERMINALS_PER_SESSION);
        assert.match(outcomes[MAX_TERMINALS_PER_SESSION], /too many terminals/);
    });

    async function waitForOutput(handlers: ReturnType<ClientTerminals['handlersFor']>, terminalId: string, text: string): Promise<string> {
        let output = '';
        await until(() => {
            void handlers.output({ sessionId: 's1', terminalId }).then(response => { output = response.output; });
            return output.includes(text);
        }, `"${text}" in the output`);
        return output;
    }
});
