import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { removeFolder, tempFolder, until } from './index';

describe('test support', () => {
    it('until waits for a check that comes true, and fails naming what it waited for once its attempts are spent', async () => {
        let calls = 0;
        await until(() => ++calls === 3, 'the third call');
        assert.strictEqual(calls, 3);
        calls = 0;
        await assert.rejects(until(async () => { calls++; return false; }, 'nothing', 4), /timed out waiting for nothing/);
        assert.strictEqual(calls, 4);
    });

    it('tempFolder makes a new empty folder under the temp folder (resolved if asked); removeFolder takes it and all in it', () => {
        const plain = tempFolder('test-support-');
        const real = tempFolder('test-support-', { real: true });
        try {
            assert.notStrictEqual(plain, real);
            assert.ok(path.basename(plain).startsWith('test-support-'));
            assert.strictEqual(path.dirname(plain), os.tmpdir());
            assert.strictEqual(real, fs.realpathSync(real));
            assert.deepStrictEqual(fs.readdirSync(plain), []);
            fs.mkdirSync(path.join(plain, 'inner'));
            fs.writeFileSync(path.join(plain, 'inner', 'file'), 'x');
        } finally {
            removeFolder(plain);
            removeFolder(real);
        }
        assert.ok(!fs.existsSync(plain) && !fs.existsSync(real));
        removeFolder(plain);
        removeFolder(undefined);
    });
});
