import * as assert from 'assert';
import { addToRecord, formatRecord, parseRecord } from './review-record';

describe('the per-agent review record', () => {
    it('adds the decisions of a window to the record on disk, never below zero', () => {
        const onDisk = parseRecord(JSON.stringify({ tiny: { name: 'TinyAgent', kept: 3, undone: 1 } }));
        const sum = addToRecord(onDisk, { tiny: { name: 'TinyAgent', kept: 2, undone: -2 }, gemini: { name: 'GeminiCLI', kept: 0, undone: 1 } });
        assert.deepStrictEqual(sum, { tiny: { name: 'TinyAgent', kept: 5, undone: 0 }, gemini: { name: 'GeminiCLI', kept: 0, undone: 1 } });
        assert.deepStrictEqual(onDisk.tiny.kept, 3, 'the record read is not changed');
        // A window's decisions not written yet: an undo, then the Ctrl+Z that brought it back, sum to nothing.
        const pending = addToRecord(addToRecord({}, { tiny: { name: 'TinyAgent', kept: 0, undone: -1 } }, false), { tiny: { name: 'TinyAgent', kept: 0, undone: 1 } }, false);
        assert.deepStrictEqual(addToRecord(onDisk, pending), onDisk);
    });

    it('reads what is a record and leaves out the rest', () => {
        assert.deepStrictEqual(parseRecord('not json'), {});
        assert.deepStrictEqual(parseRecord('[1]'), {});
        assert.deepStrictEqual(parseRecord(JSON.stringify({ a: { kept: 1, undone: 2 }, b: { kept: '1', undone: 0 }, c: null })),
            { a: { name: 'a', kept: 1, undone: 2 } });
    });

    it('shows one line per agent, the most reviewed first', () => {
        const text = formatRecord({ a: { name: 'Qwen', kept: 1, undone: 0 }, b: { name: 'TinyAgent', kept: 3, undone: 1 }, c: { name: 'Idle', kept: 0, undone: 0 } });
        assert.deepStrictEqual(text.trim().split('\n').slice(-2), ['TinyAgent: 3 kept, 1 undone (75% kept)', 'Qwen: 1 kept, 0 undone (100% kept)']);
        assert.match(formatRecord({}), /No hunk reviewed yet\./);
    });
});
