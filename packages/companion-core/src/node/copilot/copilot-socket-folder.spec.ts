import * as assert from 'assert';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { findProfile } from '../../common/client-profiles';
import { CompanionEndpoint } from '../companion-endpoint';
import { HostEnvironment } from '../host-paths';
import { copilotLockDirectory } from './copilot-lock-file';
import { leaveDeadSocket } from '../../test/dead-socket';
import { newCopilotSocketPath, removeStaleCopilotSockets } from './copilot-socket-folder';

const COPILOT = findProfile('copilot')!;
/** Only root can give a folder to another user; elsewhere a link stands in for the squatter. */
const canChown = process.getuid?.() === 0;

describe('Copilot CLI socket folder (a fresh private folder per server, never a name another user can take first)', () => {
    let root: string;
    let endpoint: CompanionEndpoint | undefined;
    const host = (env: NodeJS.ProcessEnv = {}): HostEnvironment => ({ env, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') });

    beforeEach(() => {
        root = tempFolder('copilot-socket-spec-', { real: true });
        fs.mkdirSync(path.join(root, 'tmp'), { mode: 0o1777 });
    });

    afterEach(async () => {
        await endpoint?.stop();
        endpoint = undefined;
        removeFolder(root);
    });

    /** Starts Copilot's server as a window does; the socket path its lock names. */
    const start = async (on: HostEnvironment): Promise<string> => {
        endpoint = new CompanionEndpoint({ ideInfo: { name: 'theia', displayName: 'Spec IDE' }, host: on, profiles: [COPILOT] });
        await endpoint.start({ roots: [root] });
        const locks = fs.readdirSync(copilotLockDirectory(on)).filter(name => name.endsWith('.lock'));
        assert.strictEqual(locks.length, 1, `Copilot's lock was written (${JSON.stringify(endpoint.status())})`);
        return JSON.parse(fs.readFileSync(path.join(copilotLockDirectory(on), locks[0]), 'utf8')).socketPath;
    };

    const assertPrivateSocket = (socketPath: string, below: string) => {
        assert.strictEqual(path.dirname(path.dirname(socketPath)), below);
        const folder = fs.lstatSync(path.dirname(socketPath));
        assert.ok(folder.isDirectory());
        assert.strictEqual(folder.uid, process.getuid?.());
        assert.strictEqual(folder.mode & 0o777, 0o700);
        assert.ok(fs.lstatSync(socketPath).isSocket());
    };

    it('starts although the old predictable folder was taken first (a link, or another user\'s folder), and removes its own folder when stopped', async () => {
        const predictable = path.join(host().tmpdir, `ai-cli-companion-${process.getuid?.() ?? 0}`);
        const squatter = path.join(root, 'squatter');
        fs.mkdirSync(squatter, { mode: 0o777 });
        fs.chmodSync(squatter, 0o777);
        if (canChown) {
            fs.mkdirSync(predictable, { mode: 0o700 });
            fs.chownSync(predictable, 65534, 65534);
        } else {
            fs.symlinkSync(squatter, predictable);
        }
        const socketPath = await start(host());
        assertPrivateSocket(socketPath, host().tmpdir);
        assert.deepStrictEqual(fs.readdirSync(squatter), [], 'nothing of ours in the squatter\'s folder');
        await endpoint!.stop();
        assert.strictEqual(fs.existsSync(path.dirname(socketPath)), false, 'the folder went with the server');
        assert.ok(fs.lstatSync(predictable), 'the squatter\'s entry is left alone');
    });

    it('uses $XDG_RUNTIME_DIR when it is ours and private, the temp folder when it is not', async () => {
        const runtime = path.join(root, 'run-user');
        fs.mkdirSync(runtime, { mode: 0o700 });
        fs.chmodSync(runtime, 0o700);
        assertPrivateSocket(await start(host({ XDG_RUNTIME_DIR: runtime })), runtime);
        await endpoint!.stop();
        fs.chmodSync(runtime, 0o755);
        assertPrivateSocket(await start(host({ XDG_RUNTIME_DIR: runtime })), host().tmpdir);
    });

    it('removes a killed backend\'s socket with its folder, but no live socket and nothing in a folder that is not private', async () => {
        const dead = newCopilotSocketPath(host());
        leaveDeadSocket(dead);
        const alive = newCopilotSocketPath(host());
        const live = net.createServer().listen(alive);
        await new Promise(resolve => live.once('listening', resolve));
        const loose = newCopilotSocketPath(host());
        leaveDeadSocket(loose);
        fs.chmodSync(path.dirname(loose), 0o755);
        try {
            assert.deepStrictEqual(await removeStaleCopilotSockets(host()), [dead]);
            assert.strictEqual(fs.existsSync(path.dirname(dead)), false);
            assert.ok(fs.lstatSync(alive).isSocket());
            assert.ok(fs.lstatSync(loose).isSocket());
        } finally {
            await new Promise(resolve => live.close(resolve));
        }
    });

    it('refuses a temp folder too long for a socket path, with the reason', () => {
        const long = path.join(root, 'x'.repeat(100));
        fs.mkdirSync(long);
        assert.throws(() => newCopilotSocketPath({ ...host(), tmpdir: long }), /more than a Unix socket allows.*TMPDIR/);
    });
});
