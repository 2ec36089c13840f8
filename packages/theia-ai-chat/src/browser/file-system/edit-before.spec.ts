import * as assert from 'assert';
import { contentBeforeEdit } from './edit-before';

describe('contentBeforeEdit (a file an agent edited itself, as its change-set entry needs it)', () => {
    it('puts each hunk back in order, as codex-acp sends an apply_patch update (one diff per hunk, with context)', () => {
        const after = 'a\nB\nc\nd\ne\nF\ng\n';
        const diffs = [{ oldText: 'a\nb\nc', newText: 'a\nB\nc' }, { oldText: 'e\nf\ng', newText: 'e\nF\ng' }];
        assert.deepEqual(contentBeforeEdit(after, diffs), { kind: 'modify', before: 'a\nb\nc\nd\ne\nf\ng\n' });
    });

    it('a whole-file diff gives the whole old text; no oldText at all means the agent created the file', () => {
        assert.deepEqual(contentBeforeEdit('new line\n', [{ oldText: 'old line\n', newText: 'new line\n' }]), { kind: 'modify', before: 'old line\n' });
        assert.deepEqual(contentBeforeEdit('hello\n', [{ newText: 'hello\n' }]), { kind: 'add' });
        assert.deepEqual(contentBeforeEdit('', [{ oldText: '', newText: '' }]), { kind: 'unknown' });
    });

    it('is unknown when the text no longer holds the edit (changed since), for a deletion, or with no diff', () => {
        assert.deepEqual(contentBeforeEdit('other\n', [{ oldText: 'x', newText: 'y' }]), { kind: 'unknown' });
        assert.deepEqual(contentBeforeEdit('', [{ oldText: 'gone\n', newText: '' }]), { kind: 'unknown' });
        assert.deepEqual(contentBeforeEdit('x', []), { kind: 'unknown' });
    });
});
