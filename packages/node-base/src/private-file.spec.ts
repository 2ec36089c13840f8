import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from './test-support';
import { writePrivateFile, writePrivateFileSync } from './private-file';

const posix = process.platform !== 'win32';

describe('writePrivateFile / writePrivateFileSync', () => {
    let root: string;
    beforeEach(() => { root = tempFolder('private-file-'); });
    afterEach(() => removeFolder(root));

    for (const [name, write] of [['sync', async (f: string, t: string) => writePrivateFileSync(f, t)], ['async', writePrivateFile]] as const) {
        it(`${name}: creates the directory 0700 and the file 0600, replaces an existing file whole, leaves no temp file`, async () => {
            const file = path.join(root, 'sub', 'token.json');
            await write(file, 'first');
            fs.chmodSync(file, 0o644); // even a file someone loosened is replaced by a private one
            await write(file, 'second');
            assert.strictEqual(fs.readFileSync(file, 'utf8'), 'second');
            if (posix) {
                assert.strictEqual(fs.statSync(file).mode & 0o777, 0o600);
                assert.strictEqual(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
            }
            assert.deepStrictEqual(fs.readdirSync(path.dirname(file)), ['token.json']);
        });

        it(`${name}: a target that cannot be replaced (a directory) fails and leaves no temp file`, async () => {
            const file = path.join(root, 'taken');
            fs.mkdirSync(file);
            fs.writeFileSync(path.join(file, 'inside'), 'x');
            await assert.rejects(write(file, 'text'));
            assert.deepStrictEqual(fs.readdirSync(root), ['taken']);
        });
    }
});
