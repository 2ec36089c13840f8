import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLIENT_PROFILES, findProfile } from './client-profiles';
import { removeStaleDiscoveryFiles, writePrivateFileAtomic } from './discovery-file';
import { HostEnvironment, discoveryDirectory, resolveHomeRelative } from './host-paths';

describe('discovery files', () => {
    let root: string;
    let host: HostEnvironment;
    const gemini = findProfile('gemini')!;
    const qwen = findProfile('qwen')!;

    beforeEach(() => {
        root = fs.mkdtempSync(path.join(os.tmpdir(), 'discovery-spec-'));
        host = { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') };
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    it('creates the directory and a 0600 file even under a permissive umask', () => {
        const previous = process.umask(0);
        try {
            const file = path.join(discoveryDirectory(gemini, host), 'gemini-ide-server-1-2.json');
            writePrivateFileAtomic(file, '{"port":2}');
            assert.strictEqual(fs.statSync(file).mode & 0o777, 0o600);
            assert.strictEqual(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
            assert.deepStrictEqual(fs.readdirSync(path.dirname(file)), ['gemini-ide-server-1-2.json'], 'no temp file left');
        } finally {
            process.umask(previous);
        }
    });

    it('replaces an existing file atomically, keeping mode 0600', () => {
        const file = path.join(root, 'x', '1.lock');
        writePrivateFileAtomic(file, 'old');
        writePrivateFileAtomic(file, 'new');
        assert.strictEqual(fs.readFileSync(file, 'utf8'), 'new');
        assert.strictEqual(fs.statSync(file).mode & 0o777, 0o600);
    });

    it('places each profile where its CLI looks', () => {
        assert.strictEqual(discoveryDirectory(gemini, host), path.join(host.tmpdir, 'gemini', 'ide'));
        assert.strictEqual(discoveryDirectory(qwen, host), path.join(host.homedir, '.qwen', 'ide'));
        const moved = { ...host, env: { QWEN_HOME: '~/custom-qwen' } };
        assert.strictEqual(discoveryDirectory(qwen, moved), path.join(host.homedir, 'custom-qwen', 'ide'));
        assert.strictEqual(resolveHomeRelative(gemini.userSettings!, host), path.join(host.homedir, '.gemini', 'settings.json'));
    });

    it('removes only our own files whose backend is dead', () => {
        const dir = discoveryDirectory(gemini, host);
        const write = (name: string, content: object) => writePrivateFileAtomic(path.join(dir, name), JSON.stringify(content));
        write('gemini-ide-server-10-1001.json', { port: 1001, ppid: 424242, ideInfo: { name: 'theia', displayName: 'Theia IDE' }, aiCliCompanion: '0.1.0' });
        write('gemini-ide-server-10-1002.json', { port: 1002, ppid: process.pid, ideInfo: { name: 'theia', displayName: 'Theia IDE' }, aiCliCompanion: '0.1.0' });
        write('gemini-ide-server-10-1003.json', { port: 1003, ppid: 424242, ideInfo: { name: 'vscode', displayName: 'VS Code' } });
        write('gemini-ide-server-10-1004.json', { port: 1004 });
        // Another Theia companion (say, the official one in Theia IDE) says "theia" too, but is not ours.
        write('gemini-ide-server-10-1005.json', { port: 1005, ppid: 424242, ideInfo: { name: 'theia', displayName: 'Theia IDE' } });
        fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a discovery file');
        const removed = removeStaleDiscoveryFiles(gemini, host, pid => pid === process.pid);
        assert.deepStrictEqual(removed.map(f => path.basename(f)), ['gemini-ide-server-10-1001.json']);
        assert.deepStrictEqual(fs.readdirSync(dir).sort(),
            ['gemini-ide-server-10-1002.json', 'gemini-ide-server-10-1003.json', 'gemini-ide-server-10-1004.json', 'gemini-ide-server-10-1005.json', 'notes.txt']);
    });

    it('refuses a discovery directory that others may write to, or that another user owns', function () {
        const file = path.join(discoveryDirectory(gemini, host), 'gemini-ide-server-1-2.json');
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        fs.chmodSync(path.join(host.tmpdir, 'gemini'), 0o777);
        assert.throws(() => writePrivateFileAtomic(file, '{}', host.tmpdir), /other users may write to it .*chmod go-w/);
        assert.ok(!fs.existsSync(file));
        fs.chmodSync(path.join(host.tmpdir, 'gemini'), 0o755);
        writePrivateFileAtomic(file, '{}', host.tmpdir);
        if (process.getuid?.() !== 0) {
            return; // only root can hand a directory to another user
        }
        fs.chownSync(path.dirname(file), 4242, 4242);
        assert.throws(() => writePrivateFileAtomic(file, '{}', host.tmpdir), /belongs to another user \(uid 4242\)/);
    });

    it('tolerates a missing directory and unreadable JSON', () => {
        assert.deepStrictEqual(removeStaleDiscoveryFiles(qwen, host), []);
        const dir = discoveryDirectory(qwen, host);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, '5.lock'), '{not json');
        assert.deepStrictEqual(removeStaleDiscoveryFiles(qwen, host), []);
    });

    it('every profile names a port variable (HTTP ones also a workspace variable) and a file pattern', () => {
        for (const profile of CLIENT_PROFILES) {
            assert.ok(profile.env.port && (profile.transport === 'ws' || profile.env.workspacePath), profile.id);
            assert.ok(profile.discovery.fileName.matches.test(profile.discovery.fileName.format({ pid: 12, port: 34 })), profile.id);
        }
    });
});
