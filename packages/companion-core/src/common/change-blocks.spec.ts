import * as assert from 'assert';
import { LineChange, applyLineEdit, blockContainsLine, blockContainsOriginalLine, blockKey, blockLines, keepEdit, lineChangeOf, nextBlock, revertEdit, splitLines } from './change-blocks';

function revert(original: string, modified: string, change: LineChange): string {
    return applyLineEdit(modified.split('\n'), revertEdit(original.split('\n'), modified.split('\n'), change, '\n'), '\n');
}

function keep(original: string, modified: string, change: LineChange): string {
    return applyLineEdit(original.split('\n'), keepEdit(original.split('\n'), modified.split('\n'), change, '\n'), '\n');
}

const change = (os: number, oe: number, ms: number, me: number): LineChange =>
    ({ originalStartLineNumber: os, originalEndLineNumber: oe, modifiedStartLineNumber: ms, modifiedEndLineNumber: me });

describe('change blocks', () => {
    const original = 'a\nb\nc\nd\n';

    it('reverts a modified block and leaves the others', () => {
        const modified = 'A\nb\nC\nd\n';
        assert.strictEqual(revert(original, modified, change(1, 1, 1, 1)), 'a\nb\nC\nd\n');
        assert.strictEqual(revert(original, modified, change(3, 3, 3, 3)), 'A\nb\nc\nd\n');
    });

    it('reverts inserted lines in the middle, at the start and at the very end', () => {
        assert.strictEqual(revert(original, 'a\nx\ny\nb\nc\nd\n', change(1, 0, 2, 3)), original);
        assert.strictEqual(revert(original, 'x\na\nb\nc\nd\n', change(0, 0, 1, 1)), original);
        assert.strictEqual(revert('a\nb', 'a\nb\nx', change(2, 0, 3, 3)), 'a\nb');
    });

    it('reverts deleted lines in the middle, at the start and at the end', () => {
        assert.strictEqual(revert(original, 'a\nd\n', change(2, 3, 1, 0)), original);
        assert.strictEqual(revert(original, 'c\nd\n', change(1, 2, 0, 0)), original);
        assert.strictEqual(revert('a\nb\nc', 'a', change(2, 3, 1, 0)), 'a\nb\nc');
    });

    it('finds the block under the cursor and keys blocks by content', () => {
        assert.ok(blockContainsLine(change(2, 3, 1, 0), 2));
        assert.ok(!blockContainsLine(change(1, 1, 3, 4), 5));
        const o = original.split('\n');
        assert.strictEqual(blockKey(o, 'A\nb\nc\nd\n'.split('\n'), change(1, 1, 1, 1)), blockKey(o, 'x\nA\nb\nc\nd\n'.split('\n'), change(1, 1, 2, 2)));
    });

    it('reads a block\'s lines on each side: none where it only adds or only removes', () => {
        const o = original.split('\n');
        assert.deepStrictEqual(blockLines(o, 'A\nB\nc\nd\n'.split('\n'), change(1, 2, 1, 2)), { originalLines: ['a', 'b'], modifiedLines: ['A', 'B'] });
        assert.deepStrictEqual(blockLines(o, 'a\nx\nb\nc\nd\n'.split('\n'), change(1, 0, 2, 2)), { originalLines: [], modifiedLines: ['x'] });
        assert.deepStrictEqual(blockLines(o, 'a\nd\n'.split('\n'), change(2, 3, 1, 0)), { originalLines: ['b', 'c'], modifiedLines: [] });
    });

    it('finds the block under a line of the original side, deletions and insertions included', () => {
        assert.ok(blockContainsOriginalLine(change(2, 3, 1, 1), 3));
        assert.ok(!blockContainsOriginalLine(change(2, 3, 1, 1), 1));
        // Lines inserted after original line 4: the lines on both sides of the gap count, as on the proposal's side.
        assert.ok(blockContainsOriginalLine(change(4, 0, 5, 6), 4) && blockContainsOriginalLine(change(4, 0, 5, 6), 5));
        assert.ok(!blockContainsOriginalLine(change(4, 0, 5, 6), 6));
    });

    it('goes to the next or previous block from a line, wrapping around only when asked', () => {
        const blocks = [change(1, 1, 2, 2), change(4, 5, 6, 0), change(7, 7, 9, 10)];
        assert.strictEqual(nextBlock(blocks, 2, 1, false), blocks[1]);
        assert.strictEqual(nextBlock(blocks, 0, 1, false), blocks[0]);
        assert.strictEqual(nextBlock(blocks, 9, 1, false), undefined);
        assert.strictEqual(nextBlock(blocks, 9, 1, true), blocks[0]);
        assert.strictEqual(nextBlock(blocks, 9, -1, false), blocks[1]);
        assert.strictEqual(nextBlock(blocks, 2, -1, false), undefined);
        assert.strictEqual(nextBlock(blocks, 2, -1, true), blocks[2]);
        assert.strictEqual(nextBlock([], 1, 1, true), undefined);
    });

    it('keeps one block: the original takes its modified lines and nothing else (changed, inserted, deleted)', () => {
        const modified = 'A\nb\nx\nC\n';
        assert.strictEqual(keep(original, modified, change(1, 1, 1, 1)), 'A\nb\nc\nd\n');
        assert.strictEqual(keep(original, 'a\nx\nb\nc\nd\n', change(1, 0, 2, 2)), 'a\nx\nb\nc\nd\n');
        assert.strictEqual(keep(original, 'a\nd\n', change(2, 3, 1, 0)), 'a\nd\n');
        assert.strictEqual(keep('a\nb', 'a\nb\nx', change(2, 0, 3, 3)), 'a\nb\nx');
    });

    it('reads a diff computer\'s line ranges as the diff editor\'s line changes, and splits CRLF text', () => {
        assert.deepStrictEqual(lineChangeOf({ startLineNumber: 2, endLineNumberExclusive: 4 }, { startLineNumber: 2, endLineNumberExclusive: 2 }), change(2, 3, 1, 0));
        assert.deepStrictEqual(lineChangeOf({ startLineNumber: 1, endLineNumberExclusive: 1 }, { startLineNumber: 1, endLineNumberExclusive: 2 }), change(0, 0, 1, 1));
        assert.deepStrictEqual(splitLines('a\r\nb'), { lines: ['a', 'b'], eol: '\r\n' });
        assert.strictEqual(applyLineEdit(['a', 'b'], { startLineNumber: 2, startColumn: 1, endLineNumber: 2, endColumn: 2, text: 'B' }, '\r\n'), 'a\r\nB');
    });
});
