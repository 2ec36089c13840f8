import * as assert from 'assert';
import { LineChange, applyLineEdit, revertEdit, splitLines } from '@ai-cli-companion/core/editor-shared';
import { ChangeReviews } from './change-reviews';

/** A stand-in for Monaco's diff computer, enough for texts with the same number of lines: runs of differing lines. */
function sameLengthDiff(original: string, modified: string): LineChange[] {
    const a = splitLines(original).lines;
    const b = splitLines(modified).lines;
    assert.strictEqual(a.length, b.length, 'the stand-in diff compares texts of equal length');
    const hunks: LineChange[] = [];
    for (let line = 1; line <= a.length; line++) {
        if (a[line - 1] !== b[line - 1]) {
            const last = hunks.at(-1);
            if (last && last.originalEndLineNumber === line - 1) {
                hunks[hunks.length - 1] = { ...last, originalEndLineNumber: line, modifiedEndLineNumber: line };
            } else {
                hunks.push({ originalStartLineNumber: line, originalEndLineNumber: line, modifiedStartLineNumber: line, modifiedEndLineNumber: line });
            }
        }
    }
    return hunks;
}

const text = (...lines: string[]) => `${lines.join('\n')}\n`;
const BEFORE = text('a', 'b', 'c', 'd', 'e', 'f', 'g');
const AGENT = text('A', 'b', 'c', 'D', 'e', 'f', 'G');
const URI = 'file:///w/a.txt';

/** What the review's Undo does to the file: the hunk's lines from the baseline put back. */
function undo(reviews: ChangeReviews, chat: string, hunk: LineChange): string {
    const review = reviews.get(chat, URI)!;
    reviews.undoing(review, hunk, '/w/a.txt');
    const file = splitLines(review.current).lines;
    return reviews.update(review, applyLineEdit(file, revertEdit(splitLines(review.baseline).lines, file, hunk, '\n'), '\n')).current;
}

describe('the chat\'s hunk review', () => {
    it('counts the hunks of the agent\'s write against the text before it; lists the chat\'s files that wait, in order', () => {
        const reviews = new ChangeReviews(sameLengthDiff);
        assert.strictEqual(reviews.agentWrote('chat', URI, BEFORE, AGENT).waiting, 3);
        assert.strictEqual(reviews.get('other chat', URI), undefined);
        reviews.agentWrote('chat', 'file:///w/same.txt', 'x\n', 'x\n');
        reviews.agentWrote('chat', 'file:///w/b.txt', 'x\n', 'y\n');
        reviews.agentWrote('other chat', 'file:///w/c.txt', 'x\n', 'y\n');
        assert.deepStrictEqual(reviews.waitingFiles('chat').map(review => review.uri), [URI, 'file:///w/b.txt']);
    });

    it('undo of the second hunk and keep of the others: the file holds hunks 1 and 3, nothing waits', () => {
        const reviews = new ChangeReviews(sameLengthDiff);
        const review = reviews.agentWrote('chat', URI, BEFORE, AGENT);
        const [first, second] = sameLengthDiff(review.baseline, review.current);
        assert.strictEqual(undo(reviews, 'chat', second), text('A', 'b', 'c', 'd', 'e', 'f', 'G'));
        assert.strictEqual(review.waiting, 2);
        reviews.keep(review, first);
        assert.strictEqual(review.waiting, 1);
        reviews.keep(review, sameLengthDiff(review.baseline, review.current)[0]);
        assert.deepStrictEqual([review.waiting, review.baseline, review.current], [0, text('A', 'b', 'c', 'd', 'e', 'f', 'G'), text('A', 'b', 'c', 'd', 'e', 'f', 'G')]);
    });

    it('a later write keeps the earlier decisions where its hunks did not change, and shows what it changed', () => {
        const reviews = new ChangeReviews(sameLengthDiff);
        const review = reviews.agentWrote('chat', URI, BEFORE, AGENT);
        const [first, second] = sameLengthDiff(review.baseline, review.current);
        reviews.keep(review, first);
        undo(reviews, 'chat', second);
        // The agent writes on from the file as it is now (hunk 2 undone) and changes one more line, and hunk 1 again.
        reviews.agentWrote('chat', URI, 'ignored: the review has its baseline', text('A', 'b', 'c', 'd', 'E', 'f', 'G'));
        assert.strictEqual(review.waiting, 2); // line 5 (new) and line 7 (still waiting); the kept line 1 does not return
        reviews.agentWrote('chat', URI, '', text('A1', 'b', 'c', 'd', 'E', 'f', 'G'));
        assert.deepStrictEqual(sameLengthDiff(review.baseline, review.current).map(hunk => hunk.modifiedStartLineNumber), [1, 5, 7]);
        assert.strictEqual(review.original, BEFORE);
    });

    it('Keep All ends the review; a whole-file Revert starts it again from the original; a deleted chat drops it', () => {
        const reviews = new ChangeReviews(sameLengthDiff);
        const changes: number[] = [];
        reviews.onDidChange(review => changes.push(review.waiting));
        const review = reviews.agentWrote('chat', URI, BEFORE, AGENT);
        reviews.keepAll(review);
        assert.strictEqual(review.waiting, 0);
        reviews.reverted(review);
        assert.deepStrictEqual([review.baseline, review.current, review.waiting], [BEFORE, BEFORE, 0]);
        assert.deepStrictEqual(changes, [3, 0, 0]);
        reviews.deleteChat('chat');
        assert.strictEqual(reviews.get('chat', URI), undefined);
    });

    it('remembers the undone hunks for the next prompt until it is sent, unless Ctrl+Z brought one back', () => {
        const reviews = new ChangeReviews(sameLengthDiff);
        const review = reviews.agentWrote('chat', URI, BEFORE, AGENT);
        const [, second, third] = sameLengthDiff(review.baseline, review.current);
        undo(reviews, 'chat', second);
        undo(reviews, 'chat', third);
        assert.deepStrictEqual(reviews.undoneHunks('chat'), [
            { path: '/w/a.txt', line: 4, agentLines: ['D'], restoredLines: ['d'] },
            { path: '/w/a.txt', line: 7, agentLines: ['G'], restoredLines: ['g'] }
        ]);
        assert.deepStrictEqual(reviews.undoneHunks('other chat'), []);
        reviews.update(review, text('A', 'b', 'c', 'd', 'e', 'f', 'G')); // Ctrl+Z: line 7 is the agent's again
        assert.deepStrictEqual(reviews.undoneHunks('chat').map(hunk => hunk.line), [4]);
        undo(reviews, 'chat', sameLengthDiff(review.baseline, review.current)[1]); // undone again: told once
        assert.deepStrictEqual(reviews.undoneHunks('chat').map(hunk => hunk.line), [4, 7]);
        reviews.noteSent('chat');
        assert.deepStrictEqual(reviews.undoneHunks('chat'), []);
    });

    it('the review stored with the chat comes back after a reload: the kept hunk stays kept, the undone one is still to be told', () => {
        const reviews = new ChangeReviews(sameLengthDiff);
        const review = reviews.agentWrote('chat', URI, BEFORE, AGENT, { agentId: 'tiny', requestId: 'r1' });
        const [first, second] = sameLengthDiff(review.baseline, review.current);
        reviews.keep(review, first);
        const file = undo(reviews, 'chat', second);
        const stored = JSON.parse(JSON.stringify(reviews.snapshot(review)));
        // The reloaded window: the entry of each turn that wrote the file comes back, each with the same stored review.
        const reloaded = new ChangeReviews(sameLengthDiff);
        const decided: number[] = [];
        reloaded.onDidDecide(({ undone }) => decided.push(undone));
        for (const [requestId, after] of [['r1', AGENT], ['r2', text('A', 'b', 'c', 'D', 'e', 'f', 'g')]]) {
            // r2 wrote line 4 again, so its text has the undone hunk: no Ctrl+Z brought it back, it is still undone.
            const again = reloaded.agentWrote('chat', URI, BEFORE, after, { agentId: 'tiny', requestId, restored: true });
            reloaded.restore(again, stored);
        }
        assert.deepStrictEqual(decided, [], 'restoring decides nothing');
        const back = reloaded.update(reloaded.get('chat', URI)!, file); // the file as it is on disk
        assert.deepStrictEqual([back.waiting, back.baseline, back.agentId, back.requestId], [1, text('A', 'b', 'c', 'd', 'e', 'f', 'g'), 'tiny', 'r2']);
        assert.deepStrictEqual(reloaded.undoneHunks('chat'), [{ path: '/w/a.txt', line: 4, agentLines: ['D'], restoredLines: ['d'] }]);
        // Nothing decided: nothing stored but the (empty) state; a malformed undone entry is left out.
        const fresh = new ChangeReviews(sameLengthDiff);
        const untouched = fresh.agentWrote('chat', URI, BEFORE, AGENT);
        assert.deepStrictEqual(fresh.snapshot(untouched), {});
        fresh.restore(untouched, { undone: [{ key: 'k', hunk: { path: 1 } } as any] });
        assert.deepStrictEqual([untouched.waiting, fresh.undoneHunks('chat')], [3, []]);
    });

    it('Undo All puts every waiting hunk into the note and returns them; the decisions are counted for the agent\'s record', () => {
        const reviews = new ChangeReviews(sameLengthDiff);
        const decisions: Array<[string | undefined, number, number]> = [];
        reviews.onDidDecide(({ review, kept, undone }) => decisions.push([review.agentId, kept, undone]));
        const review = reviews.agentWrote('chat', URI, BEFORE, AGENT, { agentId: 'tiny' });
        reviews.keep(review, sameLengthDiff(review.baseline, review.current)[0]);
        const hunks = reviews.undoingAll(review, '/w/a.txt');
        assert.deepStrictEqual(hunks.map(hunk => hunk.modifiedStartLineNumber), [4, 7]);
        assert.deepStrictEqual(reviews.undoneHunks('chat').map(hunk => hunk.line), [4, 7]);
        reviews.update(review, text('A', 'b', 'c', 'd', 'e', 'f', 'g')); // the file with both undone
        reviews.update(review, text('A', 'b', 'c', 'd', 'e', 'f', 'G')); // Ctrl+Z brought line 7 back
        reviews.keepAll(review);
        assert.deepStrictEqual(decisions, [['tiny', 1, 0], ['tiny', 0, 1], ['tiny', 0, 1], ['tiny', 0, -1], ['tiny', 1, 0]]);
        assert.deepStrictEqual(reviews.chatFiles('chat'), [review]);
    });
});
