import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { CLIENT_PROFILES, findProfile, usesDiscoveryFile } from '../common/client-profiles';
import { removeStaleDiscoveryFiles, writePrivateFileAtomic } from './discovery-file';
import { HostEnvironment, discoveryDirectory, resolveHomeRelative } from './host-paths';

describe('discovery files', () => {
    let root: string;
    let host: HostEnvironment;
    const gemini = findProfile('gemini')!;
    const qwen = findProfile('qwen')!;

    beforeEach(() => {
        root = tempFolder('discovery-spec-');
        host = { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') };
    });
    afterEach(() => removeFolder(root));

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
        const { removed } = removeStaleDiscoveryFiles(gemini, host, pid => pid === process.pid);
        assert.deepStrictEqual(removed.map(f => path.basename(f)), ['gemini-ide-server-10-1001.json']);
        assert.deepStrictEqual(fs.readdirSync(dir).sort(),
            ['gemini-ide-server-10-1002.json', 'gemini-ide-server-10-1003.json', 'gemini-ide-server-10-1004.json', 'gemini-ide-server-10-1005.json', 'notes.txt']);
    });

    it('refuses a discovery directory that others may write to', () => {
        const file = path.join(discoveryDirectory(gemini, host), 'gemini-ide-server-1-2.json');
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        fs.chmodSync(path.join(host.tmpdir, 'gemini'), 0o777);
        assert.throws(() => writePrivateFileAtomic(file, '{}', host.tmpdir), /other users may write to it .*chmod go-w/);
        assert.ok(!fs.existsSync(file));
        fs.chmodSync(path.join(host.tmpdir, 'gemini'), 0o755);
        writePrivateFileAtomic(file, '{}', host.tmpdir);
    });

    it('refuses a discovery directory that another user owns', function () {
        if (process.getuid?.() !== 0) {
            this.skip(); // only root can hand a directory to another user
        }
        const file = path.join(discoveryDirectory(gemini, host), 'gemini-ide-server-1-2.json');
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        writePrivateFileAtomic(file, '{}', host.tmpdir);
        fs.chownSync(path.dirname(file), 4242, 4242);
        assert.throws(() => writePrivateFileAtomic(file, '{}', host.tmpdir), /belongs to another user \(uid 4242\)/);
    });

    it('tolerates a missing directory and unreadable JSON', () => {
        assert.deepStrictEqual(removeStaleDiscoveryFiles(qwen, host), { removed: [] });
        const dir = discoveryDirectory(qwen, host);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, '5.lock'), '{not json');
        assert.deepStrictEqual(removeStaleDiscoveryFiles(qwen, host), { removed: [] });
    });

    const staleContent = JSON.stringify({ port: 1, ppid: 424242, ideInfo: { name: 'theia', displayName: 'Theia IDE' }, aiCliCompanion: '0.1.0' });

    it('does not scan a discovery directory another user owns, and says why', function () {
        if (process.getuid?.() !== 0) {
            this.skip(); // only root can hand a directory to another user
        }
        const dir = discoveryDirectory(gemini, host);
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        // A link to a stale file of ours: following it, the old scan removed the link (and read its target).
        const target = path.join(root, 'elsewhere.json');
        fs.writeFileSync(target, staleContent, { mode: 0o600 });
        fs.symlinkSync(target, path.join(dir, 'gemini-ide-server-1-1.json'));
        fs.chownSync(path.join(host.tmpdir, 'gemini'), 12345, 12345);
        const cleanup = removeStaleDiscoveryFiles(gemini, host, () => false);
        assert.deepStrictEqual(cleanup.removed, []);
        assert.match(cleanup.refused ?? '', /belongs to another user \(uid 12345\)/);
        assert.ok(fs.lstatSync(path.join(dir, 'gemini-ide-server-1-1.json')).isSymbolicLink(), 'the link is untouched');
    });

    it('skips links, FIFOs and oversized files in its own directory without blocking', function () {
        if (process.platform === 'win32') {
            this.skip();
        }
        const dir = discoveryDirectory(gemini, host);
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        const fifo = path.join(root, 'pipe');
        execFileSync('mkfifo', [fifo]);
        fs.symlinkSync(fifo, path.join(dir, 'gemini-ide-server-1-1.json'));
        execFileSync('mkfifo', [path.join(dir, 'gemini-ide-server-1-2.json')]);
        fs.writeFileSync(path.join(dir, 'gemini-ide-server-1-3.json'), staleContent + ' '.repeat(1024 * 1024));
        fs.writeFileSync(path.join(dir, 'gemini-ide-server-1-4.json'), staleContent);
        const cleanup = removeStaleDiscoveryFiles(gemini, host, () => false);
        assert.deepStrictEqual(cleanup.removed.map(f => path.basename(f)), ['gemini-ide-server-1-4.json']);
        assert.deepStrictEqual(fs.readdirSync(dir).sort(), ['gemini-ide-server-1-1.json', 'gemini-ide-server-1-2.json', 'gemini-ide-server-1-3.json']);
    });

    it('every profile names a port variable (HTTP ones also a workspace variable) and a file pattern', () => {
        // A pipe profile's server names its own lock (see copilot-lock-file.spec); Codex's socket has no file.
        for (const profile of CLIENT_PROFILES.filter(usesDiscoveryFile)) {
            assert.ok(profile.env.port && (profile.transport === 'ws' || profile.env.workspacePath), profile.id);
            assert.ok(profile.discovery.fileName.matches.test(profile.discovery.fileName.format({ pid: 12, port: 34 })), profile.id);
        }
    });
});
