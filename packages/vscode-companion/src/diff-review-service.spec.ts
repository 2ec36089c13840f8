import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { DiffOutcome, PendingDiff } from '@ai-cli-companion/core';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { DIFF_ACTIVE_CONTEXT, DiffReviewService } from './diff-review-service';
import { MemoryFileSystem, ORIGINAL_SCHEME, PROPOSAL_SCHEME } from './proposal-file-system';
import { CompanionOutput } from './companion-output';
import { TabInputTextDiff, TextDocument, standIn, workspace } from './test/vscode-stand-in';

describe('DiffReviewService (the .vsix diff view)', () => {
    let dir: string;
    let review: DiffReviewService;
    let decisions: Array<{ id: string; outcome: DiffOutcome }>;
    let proposals: MemoryFileSystem;

    const pending = (over: Partial<PendingDiff> = {}): PendingDiff => ({
        id: 'd1', sessionId: 's1', clientId: 'gemini', clientName: 'Gemini CLI', filePath: path.join(dir, 'src/a.ts'),
        editorPath: path.join(dir, 'src/a.ts'), relativePath: 'src/a.ts', newContent: 'proposed\n', createdAt: 0, ...over
    });
    const proposalDocument = () => workspace.textDocuments.find(d => d.uri.scheme === PROPOSAL_SCHEME) as TextDocument;
    const diffTabs = () => standIn.group.tabs.filter(t => t.input instanceof TabInputTextDiff);

    beforeEach(() => {
        standIn.reset();
        dir = tempFolder('diff-review-');
        fs.mkdirSync(path.join(dir, 'src'));
        fs.writeFileSync(path.join(dir, 'src/a.ts'), 'on disk\n');
        decisions = [];
        proposals = new MemoryFileSystem(PROPOSAL_SCHEME, false);
        const originals = new MemoryFileSystem(ORIGINAL_SCHEME, true);
        proposals.register();
        originals.register();
        review = new DiffReviewService(async (id, outcome) => {
            decisions.push({ id, outcome });
            return { delivered: true };
        }, proposals, originals, new CompanionOutput(() => false));
    });

    afterEach(() => {
        review.dispose();
        removeFolder(dir);
    });

    it('opens a diff: left the file on disk (read-only scheme), right the proposal, titled after the path and the CLI', async () => {
        await review.show(pending());
        const call = standIn.executed.find(c => c.command === 'vscode.diff')!;
        const [left, right, title, options] = call.args as [{ scheme: string }, { scheme: string }, string, object];
        assert.strictEqual(left.scheme, ORIGINAL_SCHEME);
        assert.strictEqual(right.scheme, PROPOSAL_SCHEME);
        assert.strictEqual(title, 'src/a.ts ↔ proposed by Gemini CLI');
        assert.deepStrictEqual(options, { preview: false, preserveFocus: true });
        assert.strictEqual(standIn.contextKeys.get(DIFF_ACTIVE_CONTEXT), true, '✓ and ✗ show on the diff');
        assert.strictEqual(proposalDocument().getText(), 'proposed\n');
    });

    it('a new file has an empty left side', async () => {
        await review.show(pending({ editorPath: path.join(dir, 'src/new.ts'), relativePath: 'src/new.ts' }));
        const [left] = standIn.executed.find(c => c.command === 'vscode.diff')!.args as [never];
        assert.strictEqual(getOriginals().text(left), '');
    });

    it('accept sends the right side as the user edited it, closes the tab without asking to save', async () => {
        await review.show(pending());
        proposalDocument().edit('proposed and edited\n');
        const [, right] = standIn.executed.find(c => c.command === 'vscode.diff')!.args;
        await review.accept(right);
        assert.deepStrictEqual(decisions, [{ id: 'd1', outcome: { accepted: true, content: 'proposed and edited\n' } }]);
        assert.deepStrictEqual(diffTabs(), []);
        assert.deepStrictEqual(standIn.messages, [], 'no "Save changes?"');
        assert.strictEqual(standIn.contextKeys.get(DIFF_ACTIVE_CONTEXT), false);
        assert.strictEqual(fs.readFileSync(path.join(dir, 'src/a.ts'), 'utf8'), 'on disk\n', 'the CLI writes the file, not the IDE');
    });

    it('keeps the tab open until the decision has arrived, as the Theia extension does', async () => {
        review.dispose();
        let answer!: (delivered: boolean) => void;
        review = new DiffReviewService((id, outcome) => {
            decisions.push({ id, outcome });
            return new Promise(resolve => answer = delivered => resolve(delivered ? { delivered: true } : { delivered: false, reason: 'gone' }));
        }, proposals, new MemoryFileSystem(ORIGINAL_SCHEME, true), new CompanionOutput(() => false));
        await review.show(pending());
        const accepting = review.accept();
        await new Promise(resolve => setImmediate(resolve));
        assert.strictEqual(decisions.length, 1);
        assert.strictEqual(diffTabs().length, 1, 'still open while the CLI has not got it');
        standIn.closeTab(diffTabs()[0]); // closing it meanwhile is no second decision
        answer(true);
        await accepting;
        assert.deepStrictEqual(decisions, [{ id: 'd1', outcome: { accepted: true, content: 'proposed\n' } }]);
        assert.deepStrictEqual(diffTabs(), []);
    });

    it('accept from the command palette (no argument) takes the one open review', async () => {
        await review.show(pending());
        await review.accept();
        assert.deepStrictEqual(decisions, [{ id: 'd1', outcome: { accepted: true, content: 'proposed\n' } }]);
    });

    it('reject, and the user closing the tab, both reject', async () => {
        await review.show(pending());
        await review.reject();
        await review.show(pending({ id: 'd2' }));
        standIn.closeTab(diffTabs()[0]);
        await new Promise(resolve => setImmediate(resolve));
        assert.deepStrictEqual(decisions, [{ id: 'd1', outcome: { accepted: false } }, { id: 'd2', outcome: { accepted: false, via: 'tab' } }]);
        assert.strictEqual(review.openReviews, 0);
    });

    it('close (the CLI\'s closeDiff) returns the edited proposal and decides nothing', async () => {
        await review.show(pending());
        proposalDocument().edit('edited\n');
        assert.strictEqual(await review.close('d1'), 'edited\n');
        assert.deepStrictEqual(decisions, []);
        assert.deepStrictEqual(diffTabs(), []);
        assert.deepStrictEqual(standIn.messages, []);
        assert.strictEqual(await review.close('d1'), undefined, 'a second close finds nothing');
    });

    it('keeps the proposal saved while the user types, so the tab is never dirty for long', async () => {
        await review.show(pending());
        const document = proposalDocument();
        document.edit('typed\n');
        await new Promise(resolve => setImmediate(resolve));
        assert.strictEqual(document.isDirty, false);
        assert.strictEqual(proposals.text(document.uri as never), 'typed\n', 'saving stores the text; it is not an accept');
        assert.deepStrictEqual(decisions, []);
    });

    it('an undeliverable decision is shown to the user', async () => {
        review.dispose();
        review = new DiffReviewService(async () => ({ delivered: false, reason: 'Gemini CLI is no longer connected' }),
            proposals, new MemoryFileSystem(ORIGINAL_SCHEME, true), new CompanionOutput(() => false));
        await review.show(pending());
        await review.accept();
        assert.deepStrictEqual(standIn.messages, ['src/a.ts: Gemini CLI is no longer connected']);
        await new Promise(resolve => setImmediate(resolve));
        assert.strictEqual(standIn.clipboard, 'proposed\n', 'the accepted proposal is offered for copying, not lost');
    });

    function getOriginals(): MemoryFileSystem {
        return (review as unknown as { originals: MemoryFileSystem }).originals;
    }
});
