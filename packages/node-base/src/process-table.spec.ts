import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from './test-support';
import { ancestorAmong, descendantsIn, parentPidOf, readProcessTable } from './process-table';

describe('process table', () => {
    let root: string;
    beforeEach(() => { root = tempFolder('proc-'); });
    afterEach(() => removeFolder(root));
    const proc = (pid: number, comm: string, ppid: number) => {
        fs.mkdirSync(path.join(root, String(pid)));
        fs.writeFileSync(path.join(root, String(pid), 'stat'), `${pid} (${comm}) S ${ppid} ${pid} 0 0`);
    };

    it('reads parents from procfs, command names with spaces and parentheses included', () => {
        proc(10, 'bash', 1);
        proc(11, 'node (gemini) x', 10);
        proc(12, 'qwen', 11);
        fs.mkdirSync(path.join(root, 'self'));
        assert.deepStrictEqual([...readProcessTable(root)].sort(), [[10, 1], [11, 10], [12, 11]]);
        assert.strictEqual(parentPidOf(11, root), 10);
        assert.strictEqual(parentPidOf(99, root), undefined, 'gone');
    });

    it('finds descendants breadth first', () => {
        assert.deepStrictEqual(descendantsIn(new Map([[2, 1], [3, 2], [4, 1], [5, 3]]), 1), [2, 4, 3, 5]);
    });

    it('finds the nearest of some processes above one (the terminal shell of a CLI), and survives a loop', () => {
        const table = new Map([[2, 1], [3, 2], [4, 3], [7, 8], [8, 7]]);
        assert.strictEqual(ancestorAmong(table, 4, [2, 9]), 2);
        assert.strictEqual(ancestorAmong(table, 4, [4, 2]), 4, 'itself first');
        assert.strictEqual(ancestorAmong(table, 4, [9]), undefined);
        assert.strictEqual(ancestorAmong(table, 7, [9]), undefined);
    });

    it('this process appears in the real table with its parent', () => {
        assert.strictEqual(readProcessTable().get(process.pid), process.ppid);
        assert.strictEqual(parentPidOf(process.pid), process.ppid);
        assert.strictEqual(parentPidOf(2 ** 22 + 12345), undefined, 'no such process');
    });
});
