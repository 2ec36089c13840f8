import * as assert from 'assert';
import type { DiffDelivery, DiffOutcome, PendingDiff } from './diff-registry';
import { DiffReviewController, ReviewSurface, reviewTitle } from './diff-review-controller';

interface Handle { readonly id: string; text: string; closed: boolean }

/** An editor adapter reduced to what the controller asks of it; every call is recorded. */
class RecordingSurface implements ReviewSurface<Handle> {
    readonly opened: Array<{ diff: PendingDiff; original: string; title: string }> = [];
    readonly notices: Array<{ message: string; copy?: string }> = [];
    readonly focused: string[] = [];
    files = new Map<string, string>();
    /** When set, open() waits for it: an editor still opening. */
    gate: Promise<void> | undefined;
    async readFile(editorPath: string): Promise<string | undefined> {
        return this.files.get(editorPath);
    }
    async open(diff: PendingDiff, sides: { original: string; title: string }): Promise<Handle> {
        this.opened.push({ diff, ...sides });
        await this.gate;
        return { id: diff.id, text: diff.newContent, closed: false };
    }
    proposedText(handle: Handle): string {
        return handle.text;
    }
    async close(handle: Handle): Promise<void> {
        handle.closed = true;
    }
    restoreFocus(handle: Handle): void {
        this.focused.push(handle.id);
    }
    notify(message: string, copy?: string): void {
        this.notices.push({ message, copy });
    }
    log(): void { /* not under test */ }
}

describe('DiffReviewController (the review rules every adapter shares)', () => {
    let surface: RecordingSurface;
    let controller: DiffReviewController<Handle>;
    let decisions: Array<{ id: string; outcome: DiffOutcome; answer: (delivery: DiffDelivery) => void }>;
    const diff = (id: string, over: Partial<PendingDiff> = {}): PendingDiff => ({
        id, sessionId: 's1', clientId: 'gemini', clientName: 'Gemini CLI', filePath: '/ws/src/a.ts',
        editorPath: '/ws/src/a.ts', relativePath: 'src/a.ts', newContent: 'proposal', createdAt: 0, ...over
    });
    const handle = (id: string) => controller.find(review => review.diff.id === id)!.handle;
    const tick = () => new Promise(resolve => setImmediate(resolve));

    beforeEach(() => {
        surface = new RecordingSurface();
        decisions = [];
        controller = new DiffReviewController(surface, (id, outcome) => new Promise(answer => decisions.push({ id, outcome, answer })));
    });

    it('titles a review after the path and the CLI; the left side is the disk, or empty for a new file', async () => {
        surface.files.set('/ws/src/a.ts', 'on disk');
        await controller.show(diff('d1'));
        await controller.show(diff('d2', { editorPath: '/ws/new.ts', relativePath: '' }));
        assert.deepStrictEqual(surface.opened.map(o => [o.title, o.original]), [
            ['src/a.ts ↔ proposed by Gemini CLI', 'on disk'],
            ['new.ts ↔ proposed by Gemini CLI', '']
        ]);
        assert.strictEqual(reviewTitle(diff('x', { relativePath: 'b.ts', clientName: 'Qwen Code' })), 'b.ts ↔ proposed by Qwen Code');
    });

    it('shows a diff once, however often the backend asks', async () => {
        await Promise.all([controller.show(diff('d1')), controller.show(diff('d1'))]);
        await controller.show(diff('d1'));
        assert.strictEqual(surface.opened.length, 1);
    });

    it('keeps the review open until the decision has arrived, then closes it and gives the focus back', async () => {
        await controller.show(diff('d1'));
        handle('d1').text = 'edited';
        const accepting = controller.accept('d1');
        await tick();
        assert.deepStrictEqual(decisions.map(d => [d.id, d.outcome]), [['d1', { accepted: true, content: 'edited' }]]);
        assert.strictEqual(controller.openReviews.length, 1, 'still open while the CLI has not got it');
        decisions[0].answer({ delivered: true });
        await accepting;
        assert.deepStrictEqual(controller.openReviews, []);
        assert.deepStrictEqual(surface.focused, ['d1']);
    });

    it('decides once: a second accept, a reject or the user closing the tab meanwhile send nothing more', async () => {
        await controller.show(diff('d1'));
        const accepting = controller.accept('d1', 'saved text');
        await controller.reject('d1');
        await controller.closedByUser('d1');
        await controller.accept('d1');
        decisions[0].answer({ delivered: true });
        await accepting;
        await controller.reject('d1');
        assert.deepStrictEqual(decisions.map(d => d.outcome), [{ accepted: true, content: 'saved text' }]);
    });

    it('closing is a rejection, marked as by the tab (✗ is not)', async () => {
        await controller.show(diff('d1'));
        await controller.show(diff('d2'));
        const closing = controller.closedByUser('d1');
        const rejecting = controller.reject('d2');
        decisions.forEach(d => d.answer({ delivered: true }));
        await Promise.all([closing, rejecting]);
        assert.deepStrictEqual(decisions.map(d => d.outcome), [{ accepted: false, via: 'tab' }, { accepted: false }]);
    });

    it('an accepted proposal that cannot arrive is offered for copying; an undelivered rejection is only logged', async () => {
        await controller.show(diff('d1', { newContent: 'approved' }));
        await controller.show(diff('d2', { relativePath: 'src/b.ts' }));
        const accepting = controller.accept('d1');
        const rejecting = controller.reject('d2');
        await tick();
        assert.strictEqual(decisions.length, 2);
        decisions.forEach(d => d.answer({ delivered: false, reason: 'Gemini CLI is no longer connected.' }));
        await Promise.all([accepting, rejecting]);
        assert.deepStrictEqual(surface.notices, [{ message: 'src/a.ts: Gemini CLI is no longer connected.', copy: 'approved' }]);
        assert.deepStrictEqual(surface.focused, []);
    });

    it('a delivered decision with a note (the CLI drops the edits) tells the user and offers the edited text', async () => {
        await controller.show(diff('d1', { newContent: 'proposed' }));
        const accepting = controller.accept('d1', 'edited');
        await tick();
        decisions[0].answer({ delivered: true, note: 'your edits were not applied' });
        await accepting;
        assert.deepStrictEqual(surface.notices, [{ message: 'src/a.ts: your edits were not applied', copy: 'edited' }]);
        assert.deepStrictEqual(controller.openReviews, []);
    });

    it('a backend that cannot be reached counts as not delivered', async () => {
        controller = new DiffReviewController(surface, async () => { throw new Error('connection lost'); });
        await controller.show(diff('d1'));
        await controller.accept('d1');
        assert.match(surface.notices[0].message, /could not reach the backend: connection lost/);
        assert.deepStrictEqual(controller.openReviews, []);
    });

    it('the backend\'s close hands back the edited text and decides nothing; a diff withdrawn while opening never stays', async () => {
        await controller.show(diff('d1'));
        handle('d1').text = 'edited';
        assert.strictEqual(await controller.close('d1'), 'edited');
        assert.strictEqual(await controller.close('d1'), undefined);

        let open!: () => void;
        surface.gate = new Promise(resolve => open = resolve);
        const showing = controller.show(diff('d2'));
        await tick();
        assert.strictEqual(await controller.close('d2'), undefined, 'not open yet: nothing to hand back');
        open();
        await showing;
        assert.deepStrictEqual(controller.openReviews, []);
        assert.deepStrictEqual(decisions, []);
    });
});
