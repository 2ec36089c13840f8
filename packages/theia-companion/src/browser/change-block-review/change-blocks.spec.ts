import * as assert from 'assert';
import { LineChange, LineEdit, blockContainsLine, blockKey, revertEdit } from './change-blocks';

/** Applies an edit to a text the way Monaco would. */
function apply(text: string, edit: LineEdit): string {
    const lines = text.split('\n');
    const offset = (line: number, column: number) => lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
    return text.slice(0, offset(edit.startLineNumber, edit.startColumn)) + edit.text + text.slice(offset(edit.endLineNumber, edit.endColumn));
}

function revert(original: string, modified: string, change: LineChange): string {
    return apply(modified, revertEdit(original.split('\n'), modified.split('\n'), change, '\n'));
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
});
