import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from './test-support';
import { PrivateSecretsFile } from './private-secrets-file';

describe('PrivateSecretsFile', () => {
    let root: string;
    beforeEach(() => { root = tempFolder('private-secrets-'); });
    afterEach(() => removeFolder(root));

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

    describe('reads only a private file of ours, never through a link', function (): void {
        if (process.platform === 'win32') {
            return;
        }
        const planted = () => {
            const elsewhere = path.join(root, 'attacker.json');
            fs.writeFileSync(elsewhere, JSON.stringify({ agent: 'their key' }), { mode: 0o600 });
            return elsewhere;
        };

        it('refuses a planted symbolic link, and does not read what it points to', async () => {
            const file = path.join(root, 'keys.json');
            fs.symlinkSync(planted(), file);
            await assert.rejects(new PrivateSecretsFile(file).get('agent'), /Refusing to read the key file .*symbolic link/);
            await assert.rejects(new PrivateSecretsFile(file).set('agent', 'mine'), /symbolic link/);
            assert.equal(JSON.parse(fs.readFileSync(planted(), 'utf8')).agent, 'their key', 'the link target is not written either');
        });

        it('refuses a file other users may read or write', async () => {
            const file = path.join(root, 'keys.json');
            fs.writeFileSync(file, JSON.stringify({ agent: 'key' }));
            for (const mode of [0o644, 0o620, 0o604]) {
                fs.chmodSync(file, mode);
                await assert.rejects(new PrivateSecretsFile(file).get('agent'), new RegExp(`other users \\(mode ${mode.toString(8)}\\)`));
            }
            fs.chmodSync(file, 0o600);
            assert.equal(await new PrivateSecretsFile(file).get('agent'), 'key');
        });

        it('refuses a file another user owns', async function (): Promise<void> {
            if (process.getuid?.() !== 0) {
                this.skip(); // only root can give a file away
            }
            const file = path.join(root, 'keys.json');
            fs.writeFileSync(file, JSON.stringify({ agent: 'key' }), { mode: 0o600 });
            fs.chownSync(file, 65534, 65534);
            await assert.rejects(new PrivateSecretsFile(file).get('agent'), /belongs to another user \(uid 65534\)/);
        });

        it('refuses a FIFO without blocking on it', async () => {
            const file = path.join(root, 'keys.json');
            execFileSync('mkfifo', ['-m', '600', file]);
            await assert.rejects(new PrivateSecretsFile(file).names(), /not a regular file/);
        });
    });
});
