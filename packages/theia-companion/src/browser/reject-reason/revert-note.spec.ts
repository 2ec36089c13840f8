import * as assert from 'assert';
import { revertNote } from './revert-note';

describe('revertNote', () => {
    it('says which lines went back, what the CLI had written there, and why', () => {
        assert.strictEqual(revertNote('notes.txt', [{ line: 2, proposedLines: ['2nd line'], originalLines: ['second line'], reason: 'keep the wording' }]),
            'In notes.txt I put back line 2 instead of your "2nd line": keep the wording');
    });

    it('joins several blocks; added lines left out and long lines are said briefly', () => {
        const long = 'x'.repeat(200);
        const note = revertNote('a.ts', [
            { line: 3, proposedLines: ['one', 'two'], originalLines: ['a', 'b'], reason: 'no' },
            { line: 9, proposedLines: [long], originalLines: [], reason: 'not needed' }
        ]);
        assert.strictEqual(note, `In a.ts I put back lines 3-4 instead of your "one two": no; and I left out what you added at line 9 ("${'x'.repeat(79)}…"): not needed`);
    });
});
