import * as assert from 'assert';
import { MemoryFileSystem } from './proposal-file-system';
import { FileType, FilePermission, Uri } from './test/vscode-stand-in';

describe('MemoryFileSystem (the two sides of a diff)', () => {
    it('serves, stats and stores the proposal; saving bumps mtime', () => {
        const fsys = new MemoryFileSystem('p', false);
        const uri = fsys.uriFor('id1', 'src\\dir/a.ts') as unknown as Uri;
        assert.strictEqual(uri.path, '/id1/src/dir/a.ts');
        fsys.put(uri as never, 'one');
        const before = fsys.stat(uri as never);
        assert.strictEqual(before.type, FileType.File);
        assert.strictEqual(before.size, 3);
        assert.strictEqual(before.permissions, undefined);
        fsys.writeFile(uri as never, Buffer.from('two!'));
        assert.strictEqual(fsys.text(uri as never), 'two!');
        assert.ok(fsys.stat(uri as never).mtime > before.mtime);
        assert.strictEqual(fsys.stat(Uri.from({ scheme: 'p', path: '/id1/src' }) as never).type, FileType.Directory);
        assert.deepStrictEqual(fsys.readDirectory(Uri.from({ scheme: 'p', path: '/id1' }) as never), [['src', FileType.Directory]]);
        assert.strictEqual(fsys.diffIdOf(uri as never), 'id1');
        assert.strictEqual(fsys.diffIdOf(Uri.file('/id1/a.ts') as never), undefined, 'another scheme is not ours');
    });

    it('the read-only side refuses writes and says so in stat', () => {
        const fsys = new MemoryFileSystem('o', true);
        const uri = fsys.uriFor('id1', 'a.ts');
        fsys.put(uri, 'snapshot');
        assert.strictEqual(fsys.stat(uri).permissions, FilePermission.Readonly);
        assert.throws(() => fsys.writeFile(uri, Buffer.from('x')), /no permissions/);
        assert.strictEqual(fsys.text(uri), 'snapshot');
    });

    it('forget drops every file of one diff; unknown files are not found', () => {
        const fsys = new MemoryFileSystem('p', false);
        const a = fsys.uriFor('id1', 'a.ts');
        const b = fsys.uriFor('id2', 'a.ts');
        fsys.put(a, 'a');
        fsys.put(b, 'b');
        fsys.forget('id1');
        assert.throws(() => fsys.readFile(a), /not found/);
        assert.throws(() => fsys.writeFile(a, Buffer.from('x')), /not found/, 'a closed proposal cannot be re-created by a late save');
        assert.strictEqual(fsys.text(b), 'b');
    });
});
