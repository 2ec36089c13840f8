import * as assert from 'assert';
import { NOTE_LIMITS, reviewNote, undoneHunk } from './review-note';

const change = (os: number, oe: number, ms: number, me: number) =>
    ({ originalStartLineNumber: os, originalEndLineNumber: oe, modifiedStartLineNumber: ms, modifiedEndLineNumber: me });

describe('the review note the agent gets with the next prompt', () => {
    it('names the file and line, quotes what the agent wrote and what the file holds again, and says the rest was kept', () => {
        const hunk = undoneHunk('/w/a.txt', ['a', 'b', 'c'], ['a', 'B', 'c'], change(2, 2, 2, 2));
        assert.strictEqual(reviewNote([hunk]), [
            'The user reviewed your changes and undid this one (the file holds its earlier lines there again; do not redo it unless asked):',
            '- /w/a.txt, line 2: you wrote', '    B', '  and the file has again', '    b',
            'The user kept the rest.'
        ].join('\n'));
    });

    it('an Undo with a reason says why, on one line, bounded (issue 30 part 3)', () => {
        const hunk = undoneHunk('/w/a.txt', ['a', 'b'], ['a', 'B'], change(2, 2, 2, 2), '  callers\n depend on b  ');
        assert.strictEqual(hunk.reason, 'callers depend on b');
        assert.match(reviewNote([hunk]), /\n {4}b\n {2}because: callers depend on b\nThe user kept the rest\.$/);
        const long = undoneHunk('p', ['a'], ['x'], change(1, 1, 1, 1), 'r'.repeat(NOTE_LIMITS.reason + 50));
        assert.ok(reviewNote([long]).includes(`because: ${'r'.repeat(NOTE_LIMITS.reason)}…`));
        assert.strictEqual(undoneHunk('p', ['a'], ['x'], change(1, 1, 1, 1), '   ').reason, undefined, 'a blank reason is none');
    });

    it('an undone insertion has no earlier lines; an undone deletion is placed after the line before it', () => {
        assert.deepStrictEqual(undoneHunk('p', ['a'], ['a', 'x'], change(1, 0, 2, 2)), { path: 'p', line: 2, agentLines: ['x'], restoredLines: [] });
        assert.deepStrictEqual(undoneHunk('p', ['a', 'b'], ['a'], change(2, 2, 1, 0)), { path: 'p', line: 2, agentLines: [], restoredLines: ['b'] });
        assert.match(reviewNote([undoneHunk('p', ['a'], ['a', 'x'], change(1, 0, 2, 2))]), /and the file has again\n {4}\(no lines\)/);
    });

    it('stays bounded: long lines, many lines, many hunks and a long note are cut with a count of what was left out', () => {
        const many = Array.from({ length: 40 }, (_, index) => `${'x'.repeat(500)} ${index}`);
        const big = undoneHunk('/w/big.txt', [], many, change(0, 0, 1, 40));
        const note = reviewNote(Array.from({ length: 30 }, () => big));
        assert.ok(note.length <= NOTE_LIMITS.total + 200, `${note.length} characters`);
        assert.match(note, /… 28 more lines/);
        assert.match(note, /… and \d+ more undone changes\.\nThe user kept the rest\.$/);
        assert.ok(!note.includes('x'.repeat(NOTE_LIMITS.lineLength + 1)));
    });
});
