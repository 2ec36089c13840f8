import * as assert from 'assert';
import { spawn, ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import { until } from '@ai-cli-companion/node-base/test-support';
import { CliProcessFinder } from './cli-process-finder';

describe('CliProcessFinder', function () {
    this.timeout(20_000);
    let server: net.Server;
    let shell: ChildProcess;
    const finder = new CliProcessFinder();

    before(function () {
        if (!finder.supported) {
            throw new Error('This test needs Linux /proc (the finder is Linux-only; see its comment for other platforms).');
        }
    });

    afterEach(async () => {
        if (shell?.pid) {
            try {
                process.kill(-shell.pid, 'SIGKILL'); // the whole group: the node "CLI" too, not only its shell
            } catch {
                // already gone
            }
        }
        await new Promise(resolve => server ? server.close(resolve) : resolve(undefined));
    });

    it('finds the shell above a session that names its process (Copilot CLI, Codex CLI), never one below it', async () => {
        shell = spawn('/bin/sh', ['-c', `"${process.execPath}" -e "setInterval(() => {}, 1000)"; true`], { cwd: os.tmpdir(), stdio: 'ignore', detached: true });
        await new Promise(resolve => shell.once('spawn', resolve));
        const table = () => fs.readdirSync('/proc').filter(name => /^\d+$/.test(name))
            .filter(pid => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(shell.pid));
        await until(() => table().length > 0, 'the CLI the shell starts');
        const cli = Number(table()[0]);
        assert.deepStrictEqual(finder.findByPid([{ sessionId: 's', pid: cli }], [12345678, shell.pid!]).map(p => [p.sessionId, p.pid, p.shellPid, p.cwd]),
            [['s', cli, shell.pid, fs.realpathSync(os.tmpdir())]]);
        assert.deepStrictEqual(finder.findByPid([{ sessionId: 's', pid: shell.pid! }], [cli]), []);
    });

    it('finds the grandchild of a shell that holds a session\'s connection, with its cwd', async () => {
        const accepted = new Promise<net.Socket>(resolve => {
            server = net.createServer(resolve).listen(0, '127.0.0.1');
        });
        await new Promise(resolve => server.once('listening', resolve));
        const serverPort = (server.address() as net.AddressInfo).port;
        // A "shell" (sh) that starts a "CLI" (node) which dials the server and stays.
        const client = `require('net').connect(${serverPort}, '127.0.0.1'); setInterval(() => {}, 1000)`;
        shell = spawn('/bin/sh', ['-c', `"${process.execPath}" -e "${client}"; true`], { cwd: os.tmpdir(), stdio: 'ignore', detached: true });
        const socket = await accepted;
        const found = finder.find([{ sessionId: 's1', serverPort, remotePort: socket.remotePort! }], [shell.pid!, 999_999_999]);
        assert.strictEqual(found.length, 1);
        assert.strictEqual(found[0].sessionId, 's1');
        assert.strictEqual(found[0].shellPid, shell.pid);
        assert.notStrictEqual(found[0].pid, shell.pid, 'the node child holds the socket, not the shell');
        assert.strictEqual(found[0].cwd, fs.realpathSync(os.tmpdir()));
        // The same connection under another shell is not found; nor a port nobody holds.
        assert.deepStrictEqual(finder.find([{ sessionId: 's1', serverPort, remotePort: socket.remotePort! }], [process.pid + 999_999]), []);
        assert.deepStrictEqual(finder.find([{ sessionId: 's2', serverPort, remotePort: 1 }], [shell.pid!]), []);
        socket.destroy();
    });
});
