import * as monaco from '@theia/monaco-editor-core';
import { Disposable, DisposableCollection } from '@theia/core/lib/common/disposable';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { MonacoDiffEditor } from '@theia/monaco/lib/browser/monaco-diff-editor';
import { LineChange } from '@ai-cli-companion/core/editor-shared';
import { DiffBlockControls, actionLink } from '@ai-cli-companion/theia-block-review';
import { ChangeReviews, FileReview } from './change-reviews';

/** Where a Keep goes (the baseline's resource) and the keys the status line names. */
export interface HunkReviewHost {
    readonly reviews: ChangeReviews;
    kept(review: FileReview, baseline: string): void;
    /** The user is undoing `hunk` of the review (for the note the agent gets with the next prompt), for `reason` if given. */
    undoing(review: FileReview, hunk: LineChange, reason?: string): void;
    /** Asks why (Undo with a reason); undefined when the user gave up. */
    askReason(): Promise<string | undefined>;
    readonly keys: { keep: string; undo: string; next: string; previous: string };
    /** Review All's line when it walks this file ("file 2 of 5 · …"). */
    walkStatus(review: FileReview): string | undefined;
}

/** The Monaco context key of a chat review's editors: its commands' keys apply there only. */
export const HUNK_REVIEW_CONTEXT = 'aiCliChat.hunkReview';

/**
 * The review diff of one file of a chat's change set (baseline ↔ the file itself): Keep and Undo at
 * every hunk, a status line with the hunks waiting. Undo is an edit of the file's own editor model,
 * so Ctrl+Z brings the hunk back; it is saved at once unless the file had unsaved changes already.
 */
export class HunkReviewEditor implements Disposable {
    protected readonly toDispose = new DisposableCollection();
    protected readonly controls: DiffBlockControls;

    constructor(readonly widget: EditorWidget, readonly review: FileReview, protected readonly host: HunkReviewHost) {
        this.controls = new DiffBlockControls(widget.editor as MonacoDiffEditor, {
            statusClassName: 'theia-acp-hunk-review-status',
            statusId: `theia-acp-hunk-review-status-${review.uri}`,
            controlsClassName: 'theia-acp-hunk-actions',
            controlsId: index => `theia-acp-hunk-${review.uri}-${index}`,
            indexAttribute: 'hunk'
        });
        // The review must show (and undo) whitespace-only hunks too, as the count does.
        this.diffEditor.updateOptions({ ignoreTrimWhitespace: false });
        [this.diffEditor.getModifiedEditor(), this.diffEditor.getOriginalEditor()].forEach(editor => editor.createContextKey(HUNK_REVIEW_CONTEXT, true));
        this.toDispose.pushAll([
            this.controls,
            this.diffEditor.onDidUpdateDiff(() => this.render()),
            // Review All counts every file of its walk: a Keep All elsewhere changes this line too.
            host.reviews.onDidChange(() => this.renderStatus())
        ]);
        this.render();
    }

    get diffEditor(): monaco.editor.IStandaloneDiffEditor {
        return this.controls.diffEditor;
    }

    /** The hunks as the diff editor shows them, top to bottom. */
    hunks(): LineChange[] {
        return this.diffEditor.getLineChanges() ?? [];
    }

    /** The hunk under the cursor of the file's side (or of the baseline's side when that has focus). */
    hunkAtCursor(): LineChange | undefined {
        return this.controls.atCursor(this.hunks(), hunk => hunk);
    }

    keep(hunk: LineChange): void {
        this.syncReview();
        this.host.kept(this.review, this.host.reviews.keep(this.review, hunk));
        // The baseline's model follows its resource, then the diff updates and the next hunk is revealed.
        const next = this.hunks().find(other => other.modifiedStartLineNumber > hunk.modifiedStartLineNumber);
        this.controls.reveal(next ?? this.hunks().find(other => other !== hunk));
    }

    /** Undo, after asking why: the reason goes into the note the agent gets with the next prompt. */
    async undoWithReason(hunk: LineChange): Promise<void> {
        const reason = await this.host.askReason();
        if (reason !== undefined) {
            await this.undo(hunk, reason);
        }
    }

    async undo(hunk: LineChange, reason?: string): Promise<void> {
        const edit = this.controls.revertEditOf(hunk);
        if (!edit) {
            return;
        }
        this.syncReview();
        this.host.undoing(this.review, hunk, reason);
        const document = this.controls.editor.document;
        const hadUnsavedChanges = document.dirty;
        this.controls.applyEdit(edit, 'aiCliChat.undoHunk');
        // The diff updates asynchronously; its update renders the hunks left and counts them.
        if (!hadUnsavedChanges) {
            await document.save();
        }
    }

    /**
     * Moves the cursor to the next (or previous) hunk after the cursor; past the last one only with `wrap`
     * (else the caller goes on to another file). Whether it moved.
     */
    go(direction: 1 | -1, wrap: boolean): boolean {
        return !!this.controls.go(this.hunks(), direction, wrap);
    }

    /** The cursor on the first (or last) hunk, e.g. in a file the review just moved on to. */
    revealFirst(direction: 1 | -1): void {
        this.controls.reveal(direction === 1 ? this.hunks()[0] : this.hunks().at(-1));
    }

    /** The review's text and count from what the diff editor shows. */
    protected syncReview(): void {
        const text = this.diffEditor.getModifiedEditor().getModel()?.getValue();
        const hunks = this.diffEditor.getLineChanges(); // null until the first diff is computed
        if (text !== undefined && hunks) {
            this.host.reviews.update(this.review, text, hunks);
        }
    }

    /** The status line again (Review All started or ended a walk). */
    renderStatus(): void {
        const hunks = this.hunks();
        const { keep, undo, next } = this.host.keys;
        const walk = this.host.walkStatus(this.review);
        const status = this.controls.status;
        status.dataset.waiting = String(hunks.length);
        status.dataset.walk = walk ?? '';
        const here = hunks.length === 0
            ? 'No hunks waiting: every change of the agent is kept or undone'
            : `${hunks.length} ${hunks.length === 1 ? 'hunk' : 'hunks'} waiting · Keep ${keep} · Undo ${undo} · Next ${next}`;
        status.textContent = walk ? `${walk}\n${here}` : here;
    }

    protected render(): void {
        this.syncReview();
        this.renderStatus();
        const hunks = this.hunks();
        const keys = this.host.keys; // read once: each read asks the keybinding registry for every key (200 hunks: 1,600 asks)
        this.controls.show(hunks, (node, index) => node.append(
            actionLink('✓ Keep', `Keep this change of the agent (${keys.keep})`, 'keep', () => this.keep(hunks[index])),
            actionLink('↺ Undo', `Put the lines from before back into the file; Ctrl+Z brings the change back (${keys.undo}). Shift+click: say why`,
                'undo', shift => void (shift ? this.undoWithReason(hunks[index]) : this.undo(hunks[index])))
        ));
    }

    dispose(): void {
        this.toDispose.dispose();
    }
}
