import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from './test-support';
import { resolveInWorkspace } from './workspace-paths';

describe('resolveInWorkspace', () => {
    let root: string;
    let real: string;

    beforeEach(() => {
        root = tempFolder('workspace-paths-', { real: true });
        real = path.join(root, 'real-project');
        fs.mkdirSync(path.join(real, 'src'), { recursive: true });
        fs.writeFileSync(path.join(real, 'src', 'index.ts'), '');
    });
    afterEach(() => removeFolder(root));

    it('normalises . and .. before deciding, so <root>/../x is outside', () => {
        assert.deepStrictEqual(resolveInWorkspace(`${real}/./src/../src/index.ts`, [real]), { editorPath: path.join(real, 'src', 'index.ts'), relativePath: path.join('src', 'index.ts') });
        assert.match((resolveInWorkspace(`${real}/../../.ssh/config`, [real]) as { error: string }).error, /outside the workspace/);
    });

    it('accepts the CLI\'s real paths in a workspace opened through a symlink, and answers with the editor\'s path', () => {
        const link = path.join(root, 'link-to-project');
        fs.symlinkSync(real, link);
        const resolved = resolveInWorkspace(path.join(real, 'src', 'index.ts'), [link]);
        assert.deepStrictEqual(resolved, { editorPath: path.join(link, 'src', 'index.ts'), relativePath: path.join('src', 'index.ts') });
    });

    it('refuses a symlink inside the workspace that points out of it', () => {
        fs.symlinkSync(root, path.join(real, 'escape'));
        assert.ok('error' in resolveInWorkspace(path.join(real, 'escape', 'secret.txt'), [real]));
    });

    it('resolves a new file through its nearest existing parent', () => {
        const link = path.join(root, 'link');
        fs.symlinkSync(real, link);
        assert.deepStrictEqual(resolveInWorkspace(path.join(real, 'new', 'deep', 'file.ts'), [link]),
            { editorPath: path.join(link, 'new', 'deep', 'file.ts'), relativePath: path.join('new', 'deep', 'file.ts') });
    });

    it('folds case where the file system does, keeping the file\'s own spelling', () => {
        const upper = path.join(real, 'SRC', 'Index.ts');
        assert.ok('error' in resolveInWorkspace(upper.replace('real-project', 'REAL-PROJECT'), [real], { caseInsensitive: false }));
        const folded = resolveInWorkspace(upper.replace('real-project', 'REAL-PROJECT'), [real], { caseInsensitive: true });
        assert.deepStrictEqual(folded, { editorPath: path.join(real, 'SRC', 'Index.ts'), relativePath: path.join('SRC', 'Index.ts') });
    });

    it('keeps the original spelling when folding changes a length (İ lowercases to two characters)', () => {
        const identity = (p: string) => p;
        const options = { caseInsensitive: true, realpath: identity, pathApi: path.posix };
        assert.deepStrictEqual(resolveInWorkspace('/Work/İİ/Ünï.ts', ['/work'], options),
            { editorPath: '/work/İİ/Ünï.ts', relativePath: 'İİ/Ünï.ts' });
        assert.deepStrictEqual(resolveInWorkspace('/WORK/İ/src/a.ts', ['/work/i̇'], options),
            { editorPath: '/work/i̇/src/a.ts', relativePath: 'src/a.ts' });
        assert.deepStrictEqual(resolveInWorkspace('/a/İb/c.ts', ['/A', '/x'], options),
            { editorPath: '/A/İb/c.ts', relativePath: 'A/İb/c.ts' });
    });

    it('names the root in the relative path when there are several, and refuses relative paths and no roots', () => {
        const other = path.join(root, 'other');
        fs.mkdirSync(other);
        assert.deepStrictEqual(resolveInWorkspace(path.join(other, 'a.ts'), [real, other]), { editorPath: path.join(other, 'a.ts'), relativePath: path.join('other', 'a.ts') });
        assert.match((resolveInWorkspace('src/index.ts', [real]) as { error: string }).error, /not an absolute path/);
        assert.match((resolveInWorkspace(path.join(real, 'a.ts'), []) as { error: string }).error, /No workspace folder/);
    });
});
