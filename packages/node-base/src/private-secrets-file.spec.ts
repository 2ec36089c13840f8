import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PrivateSecretsFile } from './private-secrets-file';

describe('PrivateSecretsFile', () => {
    let root: string;
    beforeEach(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'private-secrets-')); });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    it('keeps secrets by name in a 0600 file in a 0700 folder, and removes the file with its last secret', async () => {
        const file = path.join(root, 'config', 'keys.json');
        const secrets = new PrivateSecretsFile(file);
        assert.equal(await secrets.get('a'), undefined);
        await secrets.set('a', 'one');
        await secrets.set('b', 'two');
        if (process.platform !== 'win32') {
            assert.equal(fs.statSync(file).mode & 0o777, 0o600);
            assert.equal(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
        }
        assert.deepEqual(await new PrivateSecretsFile(file).names(), ['a', 'b']);
        assert.equal(await secrets.get('b'), 'two');
        assert.equal(await secrets.delete('a'), true);
        assert.equal(await secrets.delete('a'), false);
        assert.equal(await secrets.delete('b'), true);
        assert.equal(fs.existsSync(file), false);
    });
});
