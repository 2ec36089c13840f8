import * as monaco from '@theia/monaco-editor-core';
import { Disposable, DisposableCollection } from '@theia/core/lib/common/disposable';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { MonacoDiffEditor } from '@theia/monaco/lib/browser/monaco-diff-editor';
import { LineChange, blockAnchorLine, blockContainsLine, revertEdit } from '@ai-cli-companion/core/editor-shared';
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
    protected readonly hunkWidgets: monaco.editor.IContentWidget[] = [];
    protected readonly status = document.createElement('div');

    constructor(readonly widget: EditorWidget, readonly review: FileReview, protected readonly host: HunkReviewHost) {
        const modified = this.diffEditor.getModifiedEditor();
        // The review must show (and undo) whitespace-only hunks too, as the count does.
        this.diffEditor.updateOptions({ ignoreTrimWhitespace: false });
        [modified, this.diffEditor.getOriginalEditor()].forEach(editor => editor.createContextKey(HUNK_REVIEW_CONTEXT, true));
        this.status.className = 'theia-acp-hunk-review-status';
        const statusWidget: monaco.editor.IOverlayWidget = {
            getId: () => `theia-acp-hunk-review-status-${review.uri}`,
            getDomNode: () => this.status,
            getPosition: () => ({ preference: monaco.editor.OverlayWidgetPositionPreference.BOTTOM_RIGHT_CORNER })
        };
        modified.addOverlayWidget(statusWidget);
        this.toDispose.pushAll([
            Disposable.create(() => modified.removeOverlayWidget(statusWidget)),
            this.diffEditor.onDidUpdateDiff(() => this.render()),
            // Review All counts every file of its walk: a Keep All elsewhere changes this line too.
            host.reviews.onDidChange(() => this.renderStatus()),
            Disposable.create(() => this.clearHunkWidgets())
        ]);
        this.render();
    }

    get diffEditor(): monaco.editor.IStandaloneDiffEditor {
        return (this.widget.editor as MonacoDiffEditor).diffEditor;
    }

    /** The hunks as the diff editor shows them, top to bottom. */
    hunks(): LineChange[] {
        return this.diffEditor.getLineChanges() ?? [];
    }

    /** The hunk under the cursor of the file's side (or of the baseline's side when that has focus). */
    hunkAtCursor(): LineChange | undefined {
        const original = this.diffEditor.getOriginalEditor();
        if (original.hasTextFocus()) {
            const line = original.getPosition()?.lineNumber ?? 0;
            return this.hunks().find(hunk => hunk.originalEndLineNumber === 0
                ? line === hunk.originalStartLineNumber || line === hunk.originalStartLineNumber + 1
                : line >= hunk.originalStartLineNumber && line <= hunk.originalEndLineNumber);
        }
        const line = this.diffEditor.getModifiedEditor().getPosition()?.lineNumber ?? 0;
        return this.hunks().find(hunk => blockContainsLine(hunk, line));
    }

    keep(hunk: LineChange): void {
        this.syncReview();
        this.host.kept(this.review, this.host.reviews.keep(this.review, hunk));
        // The baseline's model follows its resource, then the diff updates and the next hunk is revealed.
        const next = this.hunks().find(other => other.modifiedStartLineNumber > hunk.modifiedStartLineNumber);
        this.reveal(next ?? this.hunks().find(other => other !== hunk));
    }

    /** Undo, after asking why: the reason goes into the note the agent gets with the next prompt. */
    async undoWithReason(hunk: LineChange): Promise<void> {
        const reason = await this.host.askReason();
        if (reason !== undefined) {
            await this.undo(hunk, reason);
        }
    }

    async undo(hunk: LineChange, reason?: string): Promise<void> {
        const originalModel = this.diffEditor.getOriginalEditor().getModel();
        const editor = this.diffEditor.getModifiedEditor();
        const model = editor.getModel();
        if (!originalModel || !model) {
            return;
        }
        this.syncReview();
        this.host.undoing(this.review, hunk, reason);
        const document = (this.widget.editor as MonacoDiffEditor).document;
        const hadUnsavedChanges = document.dirty;
        const edit = revertEdit(originalModel.getLinesContent(), model.getLinesContent(), hunk, model.getEOL());
        editor.pushUndoStop();
        editor.executeEdits('aiCliChat.undoHunk', [{
            range: new monaco.Range(edit.startLineNumber, edit.startColumn, edit.endLineNumber, edit.endColumn), text: edit.text
        }]);
        editor.pushUndoStop();
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
        const line = this.diffEditor.getModifiedEditor().getPosition()?.lineNumber ?? 0;
        const hunks = direction === 1 ? this.hunks() : this.hunks().reverse();
        const next = hunks.find(hunk => direction === 1 ? blockAnchorLine(hunk) > line : blockAnchorLine(hunk) < line) ?? (wrap ? hunks[0] : undefined);
        this.reveal(next);
        return !!next;
    }

    /** The cursor on the first (or last) hunk, e.g. in a file the review just moved on to. */
    revealFirst(direction: 1 | -1): void {
        this.reveal(direction === 1 ? this.hunks()[0] : this.hunks().at(-1));
    }

    protected reveal(hunk: LineChange | undefined): void {
        if (hunk) {
            const editor = this.diffEditor.getModifiedEditor();
            const line = blockAnchorLine(hunk);
            editor.setPosition({ lineNumber: line, column: 1 });
            editor.revealLineInCenterIfOutsideViewport(line);
        }
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
        this.status.dataset.waiting = String(hunks.length);
        this.status.dataset.walk = walk ?? '';
        const here = hunks.length === 0
            ? 'No hunks waiting: every change of the agent is kept or undone'
            : `${hunks.length} ${hunks.length === 1 ? 'hunk' : 'hunks'} waiting · Keep ${keep} · Undo ${undo} · Next ${next}`;
        this.status.textContent = walk ? `${walk}\n${here}` : here;
    }

    protected render(): void {
        this.syncReview();
        this.renderStatus();
        const hunks = this.hunks();
        this.clearHunkWidgets();
        const editor = this.diffEditor.getModifiedEditor();
        const model = editor.getModel();
        const keys = this.host.keys; // read once: each read asks the keybinding registry for every key (200 hunks: 1,600 asks)
        hunks.forEach((hunk, index) => {
            const line = Math.min(blockAnchorLine(hunk), model?.getLineCount() ?? 1);
            const node = this.hunkControls(hunk, index, keys);
            const widget: monaco.editor.IContentWidget = {
                getId: () => `theia-acp-hunk-${this.review.uri}-${index}`,
                getDomNode: () => node,
                getPosition: () => ({
                    position: { lineNumber: line, column: model?.getLineMaxColumn(line) ?? 1 },
                    preference: [monaco.editor.ContentWidgetPositionPreference.EXACT]
                })
            };
            editor.addContentWidget(widget);
            this.hunkWidgets.push(widget);
        });
    }

    protected hunkControls(hunk: LineChange, index: number, keys: HunkReviewHost['keys']): HTMLElement {
        const node = document.createElement('span');
        node.className = 'theia-acp-hunk-actions';
        node.dataset.hunk = String(index);
        const button = (label: string, title: string, action: string, run: (shift: boolean) => void) => {
            const element = document.createElement('a');
            element.textContent = label;
            element.title = title;
            element.dataset.action = action;
            element.setAttribute('role', 'button');
            // mousedown, not click: Monaco moves the cursor on mousedown and would take the event.
            element.addEventListener('mousedown', event => {
                event.preventDefault();
                event.stopPropagation();
                run(event.shiftKey);
            });
            return element;
        };
        node.append(
            button('✓ Keep', `Keep this change of the agent (${keys.keep})`, 'keep', () => this.keep(hunk)),
            button('↺ Undo', `Put the lines from before back into the file; Ctrl+Z brings the change back (${keys.undo}). Shift+click: say why`,
                'undo', shift => void (shift ? this.undoWithReason(hunk) : this.undo(hunk)))
        );
        return node;
    }

    protected clearHunkWidgets(): void {
        const editor = this.diffEditor.getModifiedEditor();
        this.hunkWidgets.splice(0).forEach(widget => editor.removeContentWidget(widget));
    }

    dispose(): void {
        try {
            this.toDispose.dispose();
        } catch {
            // The diff editor went first (its tab was closed); its widgets went with it.
        }
    }
}
