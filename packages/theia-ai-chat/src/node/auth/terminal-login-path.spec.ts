import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { resolveTerminalLogin } from './terminal-login-path';

describe('a terminal sign-in\'s program, resolved once to an absolute path (issue 29 part 5)', () => {
    let root: string;
    let bin: string;
    before(() => {
        root = tempFolder('terminal-login-path-');
        bin = path.join(root, 'bin');
        fs.mkdirSync(bin);
        fs.writeFileSync(path.join(bin, 'my-agent'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
        fs.writeFileSync(path.join(bin, 'not-executable'), 'x', { mode: 0o644 });
    });
    after(() => removeFolder(root));

    const login = (command: string, env: Record<string, string> = {}) => ({ command, args: ['-c', 'touch marker'], env });

    it('a bare name is found on the backend\'s PATH and becomes its absolute path; the arguments stay the program\'s', async () => {
        assert.deepEqual(await resolveTerminalLogin(login('my-agent'), { PATH: `/nonexistent${path.delimiter}${bin}` }),
            { command: path.join(bin, 'my-agent'), args: ['-c', 'touch marker'], env: {} });
    });

    it('the PATH of the user\'s own settings for the agent is the one searched when they set one', async () => {
        assert.deepEqual(await resolveTerminalLogin(login('my-agent', { PATH: bin }), { PATH: '/nonexistent' }),
            { command: path.join(bin, 'my-agent'), args: ['-c', 'touch marker'], env: { PATH: bin } });
    });

    it('refuses what it cannot resolve (never leaving Theia to fall back to $SHELL)', async () => {
        for (const command of ['no-such-agent', 'not-executable', path.join(bin, 'missing'), path.join(bin, 'not-executable'), bin, './bin/my-agent']) {
            const result = await resolveTerminalLogin(login(command), { PATH: bin });
            assert.ok('problem' in result, command);
        }
        assert.deepEqual(await resolveTerminalLogin(login('no-such-agent'), { PATH: bin }),
            { problem: '"no-such-agent" is not an executable file on the PATH of Theia\'s backend, so the sign-in cannot start it.' });
    });

    it('an absolute path that is an executable file is kept', async () => {
        const command = path.join(bin, 'my-agent');
        assert.deepEqual(await resolveTerminalLogin(login(command), { PATH: '' }), login(command));
    });
});
