import * as assert from 'assert';
import { atPath, referenceText, selectedLines, selectionReference } from './cli-reference';

describe('CLI references', () => {
    it('writes the range in words, 1-based and inclusive', () => {
        assert.strictEqual(selectionReference('src/app.ts', { startLine: 9, endLine: 19, endCharacter: 4 }), '@src/app.ts lines 10-20');
        assert.strictEqual(selectionReference('src/app.ts', { startLine: 9, endLine: 20, endCharacter: 0 }), '@src/app.ts lines 10-20');
        assert.strictEqual(selectionReference('src/app.ts', { startLine: 4, endLine: 4, endCharacter: 7 }), '@src/app.ts line 5');
        assert.strictEqual(selectionReference('src'), '@src');
    });

    it('counts the lines a selection covers, without the line its column-0 end sits on (what at_mentioned sends)', () => {
        assert.deepStrictEqual(selectedLines({ startLine: 1, endLine: 3, endCharacter: 0 }), { first: 2, last: 3 });
        assert.deepStrictEqual(selectedLines({ startLine: 1, endLine: 3, endCharacter: 2 }), { first: 2, last: 4 });
        assert.deepStrictEqual(selectedLines({ startLine: 4, endLine: 4, endCharacter: 0 }), { first: 5, last: 5 });
    });

    it('escapes spaces and uses forward slashes', () => {
        assert.strictEqual(atPath('my docs/a b.md'), '@my\\ docs/a\\ b.md');
        assert.strictEqual(atPath('src\\win.ts'), '@src/win.ts');
        assert.strictEqual(referenceText(['@a', '@b']), '@a @b ');
    });
});
