import * as assert from 'assert';
import { ManualClock } from '../test/manual-clock';
import { OpenFilesModel } from './open-files-model';
import { IdeContext } from './wire-schemas';

describe('OpenFilesModel', () => {
    let published: IdeContext[];
    let clock: ManualClock;
    let model: OpenFilesModel;
    const files = (context = model.snapshot()) => context.workspaceState!.openFiles!;

    beforeEach(() => {
        published = [];
        clock = new ManualClock();
        clock.advance(1000);
        model = new OpenFilesModel({ publish: context => published.push(context), intervalMs: 30, clock });
    });
    afterEach(() => model.dispose());

    it('orders by last focus, marks only the focused file active with a 1-based cursor and its selection', () => {
        model.editorOpened('e1', '/ws/a.ts');
        model.editorOpened('e2', '/ws/b.ts');
        model.focus('/ws/a.ts', { line: 4, character: 0, selectedText: 'sel' });
        assert.deepStrictEqual(files().map(f => f.path), ['/ws/a.ts', '/ws/b.ts']);
        assert.deepStrictEqual(files()[0].cursor, { line: 5, character: 1 });
        assert.strictEqual(files()[0].selectedText, 'sel');
        assert.strictEqual(files()[1].isActive, undefined);
        assert.ok(files()[0].timestamp > files()[1].timestamp, 'focus in the same millisecond still orders');
    });

    it('keeps at most ten files and cuts the selection to 16 KiB', () => {
        for (let i = 0; i < 12; i++) {
            model.editorOpened(`e${i}`, `/ws/${i}.ts`);
            clock.advance(1);
        }
        model.focus('/ws/0.ts', { line: 0, character: 0, selectedText: 'x'.repeat(20_000) });
        assert.strictEqual(files().length, 10);
        assert.strictEqual(files()[0].selectedText!.length, 16_384);
    });

    it('a renamed file keeps its editors, order and focus; closing its editor later forgets it', () => {
        model.editorOpened('e1', '/ws/src/a.ts');
        model.editorOpened('e2', '/ws/b.ts');
        model.focus('/ws/src/a.ts', { line: 0, character: 0 });
        model.renamed('/ws/src', '/ws/lib');
        assert.deepStrictEqual(files().map(f => f.path), ['/ws/lib/a.ts', '/ws/b.ts']);
        assert.strictEqual(files()[0].isActive, true);
        model.updateCursor('/ws/lib/a.ts', { line: 9, character: 2 });
        assert.deepStrictEqual(files()[0].cursor, { line: 10, character: 3 });
        model.editorClosed('e1');
        assert.deepStrictEqual(files().map(f => f.path), ['/ws/b.ts']);
        assert.ok(!files().some(f => f.isActive));
    });

    it('a deleted file or folder leaves the context even while its editor is open', () => {
        model.editorOpened('e1', '/ws/dir/a.ts');
        model.editorOpened('e2', '/ws/dir2.ts');
        model.focus('/ws/dir/a.ts');
        model.deleted('/ws/dir');
        assert.deepStrictEqual(files().map(f => f.path), ['/ws/dir2.ts'], 'a sibling with the same prefix stays');
        model.editorClosed('e1');
        model.editorOpened('e3', '/ws/dir/a.ts');
        assert.deepStrictEqual(files().map(f => f.path).sort(), ['/ws/dir/a.ts', '/ws/dir2.ts']);
    });

    it('a file open in two editors stays until both are closed', () => {
        model.editorOpened('left', '/ws/a.ts');
        model.editorOpened('right', '/ws/a.ts');
        model.editorClosed('left');
        assert.strictEqual(files().length, 1);
        model.editorClosed('right');
        assert.strictEqual(files().length, 0);
    });

    it('sends the first change of a burst at once and coalesces the rest, ending with the last state', () => {
        model.editorOpened('e1', '/ws/a.ts');
        model.focus('/ws/a.ts', { line: 0, character: 0 });
        assert.strictEqual(published.length, 1, 'the first change went out synchronously');
        for (let line = 1; line <= 50; line++) {
            model.updateCursor('/ws/a.ts', { line, character: 0 });
        }
        assert.strictEqual(published.length, 1, 'the burst waits for the interval');
        clock.advance(29);
        assert.strictEqual(published.length, 1, 'not before the interval is over');
        clock.advance(1);
        assert.strictEqual(published.length, 2);
        clock.advance(100);
        assert.strictEqual(published.length, 2, 'one trailing update, no more');
        assert.deepStrictEqual(files(published[1])[0].cursor, { line: 51, character: 1 });
    });

    it('does not send an unchanged context again unless asked to republish', () => {
        model.editorOpened('e1', '/ws/a.ts');
        clock.advance(50);
        model.updateCursor('/ws/other.ts', { line: 1, character: 1 }); // not the active file: no change
        clock.advance(50);
        assert.strictEqual(published.length, 1);
        model.republish();
        assert.strictEqual(published.length, 2);
    });
});
