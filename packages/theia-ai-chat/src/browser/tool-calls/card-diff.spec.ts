import * as assert from 'assert';
import { DIFF_LINES, changedLines } from './card-diff';

describe('a tool card\'s diff lines', () => {
    it('are the changed middle: removed lines, then added ones', () => {
        assert.deepStrictEqual(changedLines('a\nb\nc\n', 'a\nB\nc\n', DIFF_LINES), { lines: [{ sign: '-', text: 'b' }, { sign: '+', text: 'B' }], more: 0 });
        assert.deepStrictEqual(changedLines('', 'new\n', DIFF_LINES).lines, [{ sign: '+', text: 'new' }, { sign: '+', text: '' }]);
    });

    it('stop at the limit and say how many more, without building the rest', () => {
        const before = Array.from({ length: 1000 }, (_, i) => `old ${i}`).join('\n');
        const after = Array.from({ length: 1000 }, (_, i) => `new ${i}`).join('\n');
        const { lines, more } = changedLines(before, after, 40);
        assert.strictEqual(lines.length, 40);
        assert.ok(lines.every(line => line.sign === '-'));
        assert.strictEqual(more, 1960);
        assert.deepStrictEqual(changedLines('x\n' + before, 'x\n' + after, 1500).lines.filter(line => line.sign === '+').length, 500);
    });
});
