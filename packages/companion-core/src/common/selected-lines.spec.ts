import * as assert from 'assert';
import { selectedLines } from './selected-lines';

describe('selected lines', () => {
    it('counts the lines a selection covers, without the line its column-0 end sits on (what at_mentioned sends)', () => {
        assert.deepStrictEqual(selectedLines({ startLine: 1, endLine: 3, endCharacter: 0 }), { first: 2, last: 3 });
        assert.deepStrictEqual(selectedLines({ startLine: 1, endLine: 3, endCharacter: 2 }), { first: 2, last: 4 });
        assert.deepStrictEqual(selectedLines({ startLine: 4, endLine: 4, endCharacter: 0 }), { first: 5, last: 5 });
    });
});
