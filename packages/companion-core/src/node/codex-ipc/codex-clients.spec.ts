import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { ManualClock } from '../../test/manual-clock';
import { CodexClients } from './codex-clients';
import { CodexProcesses, ProcCodexProcesses } from './codex-processes';

/** Codex processes by pid → folder; a test removes one to "exit" it. */
class FakeProcesses implements CodexProcesses {
    readonly running = new Map<number, string>();
    inFolder(folder: string): number[] {
        return [...this.running].filter(([, cwd]) => cwd === folder).map(([pid]) => pid);
    }
    alive(pid: number): boolean {
        return this.running.has(pid);
    }
}

describe('CodexClients (the Codex CLIs a window answered)', () => {
    let clock: ManualClock;
    let processes: FakeProcesses;
    let changes: number;
    let clients: CodexClients;

    beforeEach(() => {
        clock = new ManualClock();
        processes = new FakeProcesses();
        changes = 0;
        clients = new CodexClients({ processes, clock, onChange: () => changes++ });
    });

    afterEach(() => clients.clear());

    it('a Codex that asked counts as connected, by its process, until that process exits', () => {
        processes.running.set(41, '/work/a');
        processes.running.set(42, '/work/b');
        clients.asked('/work/a');
        assert.deepStrictEqual(clients.list().map(c => [c.pid, c.workspaceRoot]), [[41, '/work/a']]);
        assert.strictEqual(changes, 1);
        clients.asked('/work/a'); // before each prompt: the same CLI, no new session
        assert.strictEqual(clients.list().length, 1);
        assert.strictEqual(changes, 1);
        clock.advance(60_000);
        assert.strictEqual(clients.list().length, 1, 'a CLI that runs stays connected between prompts');
        processes.running.delete(41);
        clock.advance(2000);
        assert.deepStrictEqual(clients.list(), []);
        assert.strictEqual(changes, 2);
    });

    it('where no process can be seen, one entry per folder stays until it has not asked for ten minutes', () => {
        clients.asked('/work/a');
        const [entry] = clients.list();
        assert.strictEqual(entry.pid, undefined);
        clock.advance(9 * 60_000);
        clients.asked('/work/a');
        clock.advance(9 * 60_000);
        assert.deepStrictEqual(clients.list().map(c => c.id), [entry.id], 'it asked again in time');
        clock.advance(60_000);
        assert.deepStrictEqual(clients.list(), []);
    });

    it('clear (Codex switched off, window gone) drops every entry and stops checking', () => {
        processes.running.set(41, '/work/a');
        clients.asked('/work/a');
        clients.clear();
        assert.deepStrictEqual(clients.list(), []);
        assert.strictEqual(clock.pendingTimers, 0);
    });
});

describe('ProcCodexProcesses', () => {
    let proc: string;
    let folder: string;

    function fakeProcess(pid: number, comm: string, args: string[], cwd: string): void {
        const dir = path.join(proc, String(pid));
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, 'comm'), `${comm}\n`);
        fs.writeFileSync(path.join(dir, 'cmdline'), `${args.join('\0')}\0`);
        fs.symlinkSync(cwd, path.join(dir, 'cwd'));
    }

    beforeEach(() => {
        const root = tempFolder('codex-procs-', { real: true });
        proc = path.join(root, 'proc');
        folder = path.join(root, 'project');
        fs.mkdirSync(proc);
        fs.mkdirSync(folder);
    });

    afterEach(() => removeFolder(path.dirname(proc)));

    it('finds the Codex CLIs in a folder: not its app-server daemon, not other programs there, not Codex elsewhere', () => {
        fakeProcess(10, 'codex', ['/opt/codex'], folder);
        fakeProcess(11, 'codex', ['/opt/codex', 'app-server', '--listen'], folder);
        fakeProcess(12, 'bash', ['bash'], folder);
        fakeProcess(13, 'codex', ['/opt/codex'], path.dirname(folder));
        const processes = new ProcCodexProcesses(proc);
        assert.deepStrictEqual(processes.inFolder(folder), [10]);
        assert.deepStrictEqual(processes.inFolder(path.join(folder, 'missing')), []);
        assert.strictEqual(processes.alive(10), true);
        assert.strictEqual(processes.alive(12), false, 'a reused pid of another program is not the CLI');
        assert.strictEqual(processes.alive(99), false);
    });
});
