import * as assert from 'assert';
import { atPath, referenceText, selectionReference } from './cli-reference';

describe('CLI references', () => {
    it('writes the range in words, 1-based and inclusive', () => {
        assert.strictEqual(selectionReference('src/app.ts', { startLine: 9, endLine: 19, endCharacter: 4 }), '@src/app.ts lines 10-20');
        assert.strictEqual(selectionReference('src/app.ts', { startLine: 9, endLine: 20, endCharacter: 0 }), '@src/app.ts lines 10-20');
        assert.strictEqual(selectionReference('src/app.ts', { startLine: 4, endLine: 4, endCharacter: 7 }), '@src/app.ts line 5');
        assert.strictEqual(selectionReference('src'), '@src');
    });

    it('types the bare path for a CLI whose @ opens a file picker (Codex), quoted when it holds a space', () => {
        assert.strictEqual(selectionReference('src/app.ts', { startLine: 9, endLine: 19, endCharacter: 4 }, 'path'), 'src/app.ts lines 10-20');
        assert.strictEqual(selectionReference('my docs/a b.md', undefined, 'path'), '"my docs/a b.md"');
        assert.strictEqual(selectionReference('src\\win.ts', { startLine: 0, endLine: 0, endCharacter: 3 }, 'path'), 'src/win.ts line 1');
    });

    it('escapes spaces and uses forward slashes', () => {
        assert.strictEqual(atPath('my docs/a b.md'), '@my\\ docs/a\\ b.md');
        assert.strictEqual(atPath('src\\win.ts'), '@src/win.ts');
        assert.strictEqual(referenceText(['@a', '@b']), '@a @b ');
    });
});
