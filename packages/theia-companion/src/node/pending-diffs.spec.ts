import * as assert from 'assert';
import { PendingDiffs } from './pending-diffs';

describe('PendingDiffs', () => {
    it('keeps one entry per session and path, forgets decided ones and whole sessions, and drains the rest', () => {
        const diffs = new PendingDiffs();
        diffs.add({ sessionId: 's1', filePath: '/w/a.ts' });
        diffs.add({ sessionId: 's1', filePath: '/w/a.ts' });
        diffs.add({ sessionId: 's1', filePath: '/w/b.ts' });
        diffs.add({ sessionId: 's2', filePath: '/w/a.ts' });
        diffs.add({ sessionId: 's3', filePath: '/w/c.ts' });
        diffs.delete({ sessionId: 's1', filePath: '/w/b.ts' });
        diffs.deleteSession('s3');
        assert.deepStrictEqual(diffs.drain(), [{ sessionId: 's1', filePath: '/w/a.ts' }, { sessionId: 's2', filePath: '/w/a.ts' }]);
        assert.deepStrictEqual(diffs.drain(), []);
    });
});
