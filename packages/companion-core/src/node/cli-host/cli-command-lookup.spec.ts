import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { CliCommandLookup } from './cli-command-lookup';

describe('CliCommandLookup', () => {
    let root: string;
    beforeEach(() => { root = tempFolder('cli-lookup-'); });
    afterEach(() => removeFolder(root));

    function executable(dir: string, name: string): string {
        fs.mkdirSync(dir, { recursive: true });
        const file = path.join(dir, name);
        fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
        return file;
    }

    it('finds a command on the backend PATH, ignores non-executables, and reports npm/npx', async () => {
        const bin = path.join(root, 'bin');
        const gemini = executable(bin, 'gemini');
        fs.writeFileSync(path.join(bin, 'qwen'), 'not executable', { mode: 0o644 });
        executable(bin, 'npm');
        const lookup = new CliCommandLookup({ PATH: bin, SHELL: '/bin/sh', HOME: root });
        const found = await lookup.lookUp('gemini');
        assert.deepStrictEqual([found.path, found.foundBy, found.npm], [gemini, 'backend PATH', true]);
        // A login shell's /etc/profile PATH may have a real npx; that is the point of asking it.
        assert.strictEqual(typeof found.npx, 'boolean');
        const missing = await lookup.lookUp('qwen');
        assert.deepStrictEqual([missing.path, missing.foundBy], [undefined, undefined]);
    });

    it('finds a command only a login shell\'s profile puts on PATH', async () => {
        const hidden = executable(path.join(root, 'login-bin'), 'gemini');
        // bash --login reads ~/.profile when there is no ~/.bash_profile.
        fs.writeFileSync(path.join(root, '.profile'), `PATH="${path.dirname(hidden)}:$PATH"\nexport PATH\n`);
        const lookup = new CliCommandLookup({ PATH: '/usr/bin:/bin', SHELL: '/bin/bash', HOME: root });
        assert.deepStrictEqual(await lookup.locate('gemini'), { path: hidden, foundBy: 'login shell' });
        assert.deepStrictEqual(await lookup.locate('no-such-cli-anywhere'), {});
    });

    it('asks the shell the editor passes over SHELL, and reads no editor variable itself (THEIA_SHELL is the adapter\'s)', async () => {
        const hidden = executable(path.join(root, 'login-bin'), 'gemini');
        fs.writeFileSync(path.join(root, '.profile'), `PATH="${path.dirname(hidden)}:$PATH"\nexport PATH\n`);
        const env = { PATH: '/usr/bin:/bin', SHELL: '/bin/false', THEIA_SHELL: '/bin/bash', HOME: root };
        assert.deepStrictEqual(await new CliCommandLookup(env, 'linux', '/bin/bash').locate('gemini'), { path: hidden, foundBy: 'login shell' });
        assert.deepStrictEqual(await new CliCommandLookup(env, 'linux').locate('gemini'), {});
    });
});
