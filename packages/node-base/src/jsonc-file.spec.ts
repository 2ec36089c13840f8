import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from './test-support';
import { readJsoncObject, valueAt } from './jsonc-file';

describe('readJsoncObject / valueAt', () => {
    let root: string;
    beforeEach(() => { root = tempFolder('jsonc-file-'); });
    afterEach(() => removeFolder(root));
    const write = (text: string) => {
        const file = path.join(root, 'settings.json');
        fs.writeFileSync(file, text);
        return file;
    };

    it('reads comments and trailing commas, and finds a nested key', () => {
        const settings = readJsoncObject(write('{\n  // on\n  "ide": { "enabled": true, },\n}'));
        assert.strictEqual(valueAt(settings, ['ide', 'enabled']), true);
        assert.strictEqual(valueAt(settings, ['ide', 'missing', 'deeper']), undefined);
    });

    it('keeps the keys before a syntax error; undefined for a missing file or something other than an object', () => {
        assert.deepStrictEqual(readJsoncObject(write('{ "a": 1, "ide": ')), { a: 1 });
        assert.strictEqual(readJsoncObject(path.join(root, 'none.json')), undefined);
        assert.strictEqual(readJsoncObject(write('[1, 2]')), undefined);
        assert.strictEqual(readJsoncObject(write('"text"')), undefined);
    });

    it('ignores a FIFO at once (a cloned repository\'s .theia/settings.json could be one), and follows a link to a real file', function () {
        if (process.platform === 'win32') {
            this.skip();
        }
        const fifo = path.join(root, 'fifo.json');
        execFileSync('mkfifo', [fifo]);
        assert.strictEqual(readJsoncObject(fifo), undefined);
        const link = path.join(root, 'link.json');
        fs.symlinkSync(fifo, link);
        assert.strictEqual(readJsoncObject(link), undefined);
        const dotfile = write('{ "a": 1 }');
        fs.unlinkSync(link);
        fs.symlinkSync(dotfile, link);
        assert.deepStrictEqual(readJsoncObject(link), { a: 1 });
    });
});
