import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from './test-support';
import { FileReadRefusal, readRegularFile, readRegularFileSync } from './regular-file-read';

const posix = process.platform !== 'win32';

describe('readRegularFile / readRegularFileSync', () => {
    let root: string;
    beforeEach(() => { root = tempFolder('regular-file-read-'); });
    afterEach(() => removeFolder(root));

    const refusal = (reason: string) => (error: unknown) => error instanceof FileReadRefusal && error.reason === reason;

    it('reads a regular file, both ways', async () => {
        const file = path.join(root, 'a.txt');
        fs.writeFileSync(file, 'hello');
        assert.strictEqual((await readRegularFile(file, 100)).bytes.toString(), 'hello');
        assert.strictEqual(readRegularFileSync(file, 100).bytes.toString(), 'hello');
        assert.strictEqual((await readRegularFile(file, 5)).bytes.toString(), 'hello', 'exactly the limit is fine');
    });

    it('refuses a file over the limit', async () => {
        const file = path.join(root, 'big.txt');
        fs.writeFileSync(file, 'x'.repeat(101));
        await assert.rejects(readRegularFile(file, 100), refusal('too-large'));
        assert.throws(() => readRegularFileSync(file, 100), refusal('too-large'));
    });

    it('enforces the limit while reading: content beyond the size fstat gave is refused, both ways', async function () {
        // A /proc file says size 0 and then yields its text, as a file that grew after the check would.
        const grown = '/proc/self/status';
        if (process.platform !== 'linux' || fs.statSync(grown).size !== 0) {
            this.skip();
        }
        await assert.rejects(readRegularFile(grown, 1_000_000), refusal('too-large'));
        assert.throws(() => readRegularFileSync(grown, 1_000_000), refusal('too-large'));
    });

    it('refuses a FIFO at once instead of waiting for a writer', async function () {
        if (!posix) {
            this.skip();
        }
        const fifo = path.join(root, 'pipe');
        execFileSync('mkfifo', [fifo]);
        // Several in parallel: blocking reads would use up libuv's four pool threads.
        for (const result of await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => readRegularFile(fifo, 100)))) {
            assert.ok(result.status === 'rejected' && refusal('not-regular')(result.reason), String((result as PromiseRejectedResult).reason));
        }
        assert.throws(() => readRegularFileSync(fifo, 100), refusal('not-regular'));
        const file = path.join(root, 'after.txt');
        fs.writeFileSync(file, 'still readable');
        assert.strictEqual((await readRegularFile(file, 100)).bytes.toString(), 'still readable');
    });

    it('refuses a character device and a directory', async function () {
        if (!posix) {
            this.skip();
        }
        await assert.rejects(readRegularFile('/dev/zero', 100), refusal('not-regular'));
        assert.throws(() => readRegularFileSync('/dev/zero', 100), refusal('not-regular'));
        await assert.rejects(readRegularFile(root, 100), refusal('directory'));
    });

    it('does not follow a symlink as the last component', async function () {
        if (!posix) {
            this.skip();
        }
        const target = path.join(root, 'target.txt');
        fs.writeFileSync(target, 'secret');
        const link = path.join(root, 'link.txt');
        fs.symlinkSync(target, link);
        await assert.rejects(readRegularFile(link, 100), refusal('link'));
        assert.throws(() => readRegularFileSync(link, 100), refusal('link'));
    });

    it('passes ordinary errors through', async () => {
        await assert.rejects(readRegularFile(path.join(root, 'missing'), 100), { code: 'ENOENT' });
        assert.throws(() => readRegularFileSync(path.join(root, 'missing'), 100), { code: 'ENOENT' });
    });
});
