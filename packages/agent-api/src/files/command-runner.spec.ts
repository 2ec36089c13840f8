import * as assert from 'assert';
import * as os from 'os';
import { runCommand, splitCommandLine } from './command-runner';

describe('command runner', () => {
    it('splits words and quotes like a shell, without expanding anything', () => {
        assert.deepEqual(splitCommandLine(`echo "a b" 'c $d' e\\ f "g\\"h" $HOME *`), ['echo', 'a b', 'c $d', 'e f', 'g"h', '$HOME', '*']);
        assert.deepEqual(splitCommandLine('  '), []);
        assert.deepEqual(splitCommandLine('x ""'), ['x', '']);
        assert.throws(() => splitCommandLine('echo "open'), /Unterminated/);
    });

    it('kills a command that runs past its timeout, with its children', async () => {
        const result = await runCommand('sleep 30 & sleep 30; echo never', { cwd: os.tmpdir(), shell: true, timeoutMs: 300, maxOutputBytes: 1024 });
        assert.equal(result.timedOut, true);
        assert.notEqual(result.exitCode, 0);
        assert.equal(result.stdout, '');
    });

    it('caps the captured output', async () => {
        const result = await runCommand('head -c 100000 /dev/zero', { cwd: os.tmpdir(), shell: false, timeoutMs: 10_000, maxOutputBytes: 1000 });
        assert.equal(result.stdout.length, 1000);
        assert.equal(result.truncated, true);
        assert.equal(result.exitCode, 0);
    });
});
