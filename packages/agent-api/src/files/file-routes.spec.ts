import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { ApiError } from '../http/api-envelope';
import { FileRoutes } from './file-routes';
import { WorkspaceRoots } from './workspace-roots';

/**
 * Roots whose check passes and then, before the route uses the path, a concurrent writer swaps the
 * directory `sub` for a symlink to a folder outside: the window between check and use, made certain.
 */
class SwappingRoots extends WorkspaceRoots {
    constructor(roots: string[], private readonly swap: () => void) {
        super(roots);
    }

    override resolve(requested: unknown, base?: string): string {
        const real = super.resolve(requested, base);
        this.swap();
        return real;
    }

    override async resolveAsync(requested: unknown, base?: string): Promise<string> {
        const real = await super.resolveAsync(requested, base);
        this.swap();
        return real;
    }
}

describe('FileRoutes', () => {
    let base: string;
    let workspace: string;
    let outside: string;

    beforeEach(() => {
        base = tempFolder('file-routes-spec-', { real: true });
        workspace = path.join(base, 'workspace');
        outside = path.join(base, 'outside');
        fs.mkdirSync(path.join(workspace, 'sub'), { recursive: true });
        fs.mkdirSync(outside);
    });
    afterEach(() => removeFolder(base));

    const routes = (roots: WorkspaceRoots = new WorkspaceRoots([workspace])) => new FileRoutes({ roots, maxReadBytes: 1024 });
    const refusal = async (promise: Promise<unknown>): Promise<ApiError> => {
        try {
            await promise;
        } catch (error) {
            if (error instanceof ApiError) {
                return error;
            }
            throw error;
        }
        assert.fail('the request was not refused');
    };
    const swapSubForLink = () => {
        fs.renameSync(path.join(workspace, 'sub'), path.join(base, 'moved-sub'));
        fs.symlinkSync(outside, path.join(workspace, 'sub'));
    };

    it('refuses a FIFO with 400 at once, however many times, and keeps reading files', async function () {
        if (process.platform === 'win32') {
            this.skip();
        }
        execFileSync('mkfifo', [path.join(workspace, 'pipe')]);
        fs.writeFileSync(path.join(workspace, 'a.txt'), 'still here');
        const files = routes();
        // Blocking reads would take libuv's four pool threads and every later read would hang.
        const refusals = await Promise.all([1, 2, 3, 4, 5, 6].map(() => refusal(files.readFile({ path: 'pipe' }))));
        refusals.forEach(error => assert.deepStrictEqual([error.status, error.error], [400, 'Not a regular file']));
        assert.deepStrictEqual(await files.readFile({ path: 'a.txt' }).then(answer => (answer as { content: string }).content), 'still here');
        const device = await refusal(new FileRoutes({ roots: new WorkspaceRoots(['/dev']), maxReadBytes: 1024 }).readFile({ path: '/dev/zero' }));
        assert.strictEqual(device.status, 400);
    });

    it('refuses a file that is over the limit with 413, and a directory with 400', async () => {
        fs.writeFileSync(path.join(workspace, 'big.txt'), 'x'.repeat(1025));
        assert.strictEqual((await refusal(routes().readFile({ path: 'big.txt' }))).status, 413);
        assert.strictEqual((await refusal(routes().readFile({ path: 'sub' }))).status, 400);
        assert.strictEqual((await refusal(routes().readFile({ path: 'missing.txt' }))).status, 404);
    });

    it('drops setuid, setgid and sticky bits when it replaces a file, keeping the permission bits', async function () {
        if (process.platform === 'win32') {
            this.skip();
        }
        const file = path.join(workspace, 'tool');
        fs.writeFileSync(file, '#!/bin/sh\n');
        fs.chmodSync(file, 0o6755);
        assert.strictEqual(fs.statSync(file).mode & 0o7777, 0o6755, 'the file system keeps the bits (else this test proves nothing)');
        await routes().writeFile({ path: 'tool', content: '#!/bin/sh\necho replaced\n' });
        assert.strictEqual(fs.statSync(file).mode & 0o7777, 0o755);
        assert.strictEqual(fs.readFileSync(file, 'utf8'), '#!/bin/sh\necho replaced\n');
    });

    it('does not write through a directory swapped for a symlink after the check', async function () {
        if (process.platform === 'win32') {
            this.skip();
        }
        const files = routes(new SwappingRoots([workspace], swapSubForLink));
        const error = await refusal(files.writeFile({ path: 'sub/deeper/new.txt', content: 'pwned' }));
        assert.strictEqual(error.status, 403, error.message);
        assert.deepStrictEqual(fs.readdirSync(outside), [], 'nothing was created outside the workspace');
    });

    it('does not write a file through a swapped directory either when no directory is missing', async function () {
        if (process.platform === 'win32') {
            this.skip();
        }
        fs.writeFileSync(path.join(outside, 'victim.txt'), 'original');
        const files = routes(new SwappingRoots([workspace], swapSubForLink));
        assert.strictEqual((await refusal(files.writeFile({ path: 'sub/victim.txt', content: 'pwned' }))).status, 403);
        assert.strictEqual(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8'), 'original');
        assert.deepStrictEqual(fs.readdirSync(outside), ['victim.txt'], 'no temp file is left outside');
    });

    it('does not read through a directory swapped for a symlink after the check', async function () {
        if (process.platform === 'win32') {
            this.skip();
        }
        fs.writeFileSync(path.join(workspace, 'sub', 'notes.txt'), 'inside');
        fs.writeFileSync(path.join(outside, 'notes.txt'), 'outside secret');
        const files = routes(new SwappingRoots([workspace], swapSubForLink));
        const error = await refusal(files.readFile({ path: 'sub/notes.txt' }));
        assert.strictEqual(error.status, 403);
        assert.doesNotMatch(error.message, /outside secret/);
    });
});
