import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from './test-support';
import { DanglingLinkError, isInsideRoot, realPathOfNearest, realPathOfNearestAsync, relativeInside } from './workspace-confinement';

describe('workspace confinement (the one rule)', () => {
    let root: string;
    let workspace: string;
    beforeEach(() => {
        root = tempFolder('confinement-', { real: true });
        workspace = path.join(root, 'ws');
        fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
    });
    afterEach(() => removeFolder(root));

    it('a new file resolves through its nearest existing parent; .. and a link pointing out are outside', () => {
        assert.ok(isInsideRoot(path.join(workspace, 'src', 'new', 'file.ts'), workspace));
        assert.ok(!isInsideRoot(path.join(workspace, '..', 'x.ts'), workspace));
        fs.symlinkSync(root, path.join(workspace, 'out'));
        assert.ok(!isInsideRoot(path.join(workspace, 'out', 'x.ts'), workspace));
    });

    it('a dangling link on the way is refused, sync and async', async () => {
        fs.symlinkSync(path.join(root, 'missing'), path.join(workspace, 'dangling'));
        const target = path.join(workspace, 'dangling', 'x.ts');
        assert.throws(() => realPathOfNearest(target), DanglingLinkError);
        await assert.rejects(realPathOfNearestAsync(target), DanglingLinkError);
        assert.ok(!isInsideRoot(target, workspace));
    });

    it('folds case only where asked, and answers in the child\'s own spelling (İ folds to two characters)', () => {
        const p = { pathApi: path.posix };
        assert.strictEqual(relativeInside('/Work/İx', '/work/i̇x/Src/A.ts', { ...p, caseInsensitive: true }), 'Src/A.ts');
        assert.strictEqual(relativeInside('/Work/İx', '/work/i̇x/Src/A.ts', { ...p, caseInsensitive: false }), undefined);
        assert.strictEqual(relativeInside('/work', '/work', p), '');
        assert.strictEqual(relativeInside('/work', '/workspace/a', p), undefined);
    });
});
