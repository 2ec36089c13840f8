import * as assert from 'assert';
import { ReviewWalk } from './review-walk';

describe('Review All\'s walk over the chat\'s files', () => {
    const walk = new ReviewWalk('chat', 'chat', ['a', 'b', 'c', 'd', 'e']);
    const waitingIn = (counts: Record<string, number>) => (uri: string) => counts[uri] ?? 0;

    it('goes to the next file with hunks waiting, round the walk, the file it comes from last', () => {
        const waiting = waitingIn({ b: 2, d: 1 });
        assert.strictEqual(walk.nextFile(undefined, 1, waiting), 'b');
        assert.strictEqual(walk.nextFile(undefined, -1, waiting), 'd');
        assert.strictEqual(walk.nextFile('b', 1, waiting), 'd');
        assert.strictEqual(walk.nextFile('d', 1, waiting), 'b');
        assert.strictEqual(walk.nextFile('d', -1, waiting), 'b');
        assert.strictEqual(walk.nextFile('c', -1, waiting), 'b');
        assert.strictEqual(walk.nextFile('b', 1, waitingIn({ b: 2 })), 'b');
        assert.strictEqual(walk.nextFile('b', 1, waitingIn({})), undefined);
        assert.strictEqual(walk.nextFile(undefined, 1, waitingIn({})), undefined);
    });

    it('says where the review is and how much waits', () => {
        const waiting = waitingIn({ b: 3, d: 4, e: -1 });
        assert.strictEqual(walk.status('b', waiting), 'All changes of the chat: file 2 of 5 · 3 hunks waiting here, 7 in all');
        assert.strictEqual(new ReviewWalk('chat', 'lastTurn', ['d']).status('d', waitingIn({ d: 1 })),
            'Changes of the last turn: file 1 of 1 · 1 hunk waiting here, 1 in all');
        assert.ok(walk.includes('chat', 'c'));
        assert.ok(!walk.includes('other chat', 'c'));
        assert.ok(!walk.includes('chat', 'f'));
    });
});
