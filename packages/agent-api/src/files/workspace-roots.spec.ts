import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { ApiError } from '../http/api-envelope';
import { WorkspaceRoots } from './workspace-roots';
import { writeFileAtomic } from './atomic-write';

describe('WorkspaceRoots', () => {
    let base: string;
    let roots: WorkspaceRoots;
    const status = (fn: () => unknown) => {
        try {
            fn();
        } catch (error) {
            return (error as ApiError).status;
        }
        return 200;
    };

    before(() => {
        base = tempFolder('roots-', { real: true });
        fs.mkdirSync(path.join(base, 'ws', 'sub'), { recursive: true });
        fs.mkdirSync(path.join(base, 'other'));
        fs.mkdirSync(path.join(base, 'ws-evil'));
        fs.symlinkSync(path.join(base, 'other'), path.join(base, 'ws', 'out'));
        fs.symlinkSync(path.join(base, 'missing'), path.join(base, 'ws', 'dangling'));
        roots = new WorkspaceRoots([path.join(base, 'ws')]);
    });

    after(() => removeFolder(base));

    it('accepts paths inside, new files included', () => {
        assert.equal(roots.resolve('sub/new/file.txt'), path.join(base, 'ws', 'sub', 'new', 'file.txt'));
        assert.equal(roots.resolve(path.join(base, 'ws')), path.join(base, 'ws'));
    });

    it('refuses ../, absolute paths elsewhere, a sibling with the same prefix, symlinks out and dangling links', () => {
        for (const target of ['..', '../other', path.join(base, 'ws-evil', 'x'), 'out/x', 'out', 'dangling', 'dangling/x', '/etc/passwd']) {
            assert.equal(status(() => roots.resolve(target)), 403, target);
        }
        for (const target of ['', 42, undefined, 'a\0b']) {
            assert.equal(status(() => roots.resolve(target)), 400, String(target));
        }
    });

    it('writes atomically and keeps the mode of an existing file', async () => {
        const file = path.join(base, 'ws', 'mode.sh');
        fs.writeFileSync(file, 'old');
        fs.chmodSync(file, 0o700);
        await writeFileAtomic(file, 'new');
        assert.equal(fs.readFileSync(file, 'utf8'), 'new');
        assert.equal(fs.statSync(file).mode & 0o777, 0o700);
        await assert.rejects(writeFileAtomic(path.join(base, 'ws', 'sub'), 'x'), /directory/);
        assert.deepEqual(fs.readdirSync(path.join(base, 'ws')).filter(name => name.endsWith('.tmp')), []);
    });
});
