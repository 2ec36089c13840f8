import * as monaco from '@theia/monaco-editor-core';
import { Disposable, DisposableCollection } from '@theia/core/lib/common/disposable';
import { MonacoDiffEditor } from '@theia/monaco/lib/browser/monaco-diff-editor';
import { LineChange, LineEdit, blockAnchorLine, blockContainsLine, blockContainsOriginalLine, nextBlock, revertEdit } from '@ai-cli-companion/core/editor-shared';

/** Lines above and below the visible ones whose changes get their controls before they scroll into view. */
const CONTROLS_MARGIN_LINES = 60;

/** The names a review gives its status line and its controls (the DOM its tests and styles look for). */
export interface DiffBlockControlsOptions {
    /** The status line's class. */
    readonly statusClassName: string;
    /** The status line's overlay widget id (one per diff editor). */
    readonly statusId: string;
    /** The class of the controls at each change. */
    readonly controlsClassName: string;
    /** The content widget id of the controls of the `index`th change. */
    readonly controlsId: (index: number) => string;
    /** The data attribute that numbers the controls (`hunk`: `data-hunk="0"`). */
    readonly indexAttribute: string;
}

/**
 * What a block-by-block review of a Monaco diff editor is made of, whatever it does with a block: a status line at
 * the modified side's bottom right, controls at the end of every change's anchor line, the change under the cursor,
 * the undoable edit that puts a change's original lines back, and moving the cursor to a change. The AI chat's hunk
 * review (theia-ai-chat) and the terminal CLIs' proposal review (theia-companion) compose it: adapters never import
 * each other, so it lives in this library both may import.
 */
export class DiffBlockControls implements Disposable {
    readonly status: HTMLElement = document.createElement('div');
    /** The controls on the editor now, by the change's index: only those near the visible lines. */
    protected readonly widgets = new Map<number, monaco.editor.IContentWidget>();
    /** What `show` was given last: the controls of the other changes are made when they scroll near. */
    protected shown: { readonly changes: readonly LineChange[]; readonly fill: (node: HTMLElement, index: number) => void } | undefined;
    protected readonly toDispose = new DisposableCollection();

    constructor(readonly editor: MonacoDiffEditor, protected readonly options: DiffBlockControlsOptions) {
        const modified = this.diffEditor.getModifiedEditor();
        this.status.className = options.statusClassName;
        const statusWidget: monaco.editor.IOverlayWidget = {
            getId: () => options.statusId,
            getDomNode: () => this.status,
            getPosition: () => ({ preference: monaco.editor.OverlayWidgetPositionPreference.BOTTOM_RIGHT_CORNER })
        };
        modified.addOverlayWidget(statusWidget);
        this.toDispose.pushAll([
            Disposable.create(() => modified.removeOverlayWidget(statusWidget)),
            modified.onDidScrollChange(event => event.scrollTopChanged && this.showNearby()),
            modified.onDidLayoutChange(() => this.showNearby()),
            Disposable.create(() => this.clear())
        ]);
    }

    get diffEditor(): monaco.editor.IStandaloneDiffEditor {
        return this.editor.diffEditor;
    }

    /** The item whose change is under the cursor of whichever side has focus (the modified side's, by default). */
    atCursor<T>(items: readonly T[], changeOf: (item: T) => LineChange): T | undefined {
        const original = this.diffEditor.getOriginalEditor();
        if (original.hasTextFocus()) {
            const line = original.getPosition()?.lineNumber ?? 0;
            return items.find(item => blockContainsOriginalLine(changeOf(item), line));
        }
        const line = this.diffEditor.getModifiedEditor().getPosition()?.lineNumber ?? 0;
        return items.find(item => blockContainsLine(changeOf(item), line));
    }

    /** The edit of the modified side that puts the original lines of `change` back; undefined without both models. */
    revertEditOf(change: LineChange): LineEdit | undefined {
        const originalModel = this.diffEditor.getOriginalEditor().getModel();
        const model = this.diffEditor.getModifiedEditor().getModel();
        return originalModel && model ? revertEdit(originalModel.getLinesContent(), model.getLinesContent(), change, model.getEOL()) : undefined;
    }

    /** Applies `edit` to the modified side as one undoable step (Ctrl+Z takes it back). */
    applyEdit(edit: LineEdit, source: string): void {
        const editor = this.diffEditor.getModifiedEditor();
        editor.pushUndoStop();
        editor.executeEdits(source, [{
            range: new monaco.Range(edit.startLineNumber, edit.startColumn, edit.endLineNumber, edit.endColumn), text: edit.text
        }]);
        editor.pushUndoStop();
        // The diff recomputes asynchronously; its onDidUpdateDiff is where the owner renders the changes left.
    }

    /** Puts the original lines of `change` back (undoable); whether it could. */
    revert(change: LineChange, source: string): boolean {
        const edit = this.revertEditOf(change);
        if (edit) {
            this.applyEdit(edit, source);
        }
        return !!edit;
    }

    /** The modified side's cursor on the change's anchor line, scrolled into view. */
    reveal(change: LineChange | undefined): void {
        if (change) {
            const editor = this.diffEditor.getModifiedEditor();
            const line = blockAnchorLine(change);
            editor.setPosition({ lineNumber: line, column: 1 });
            editor.revealLineInCenterIfOutsideViewport(line);
        }
    }

    /** Reveals the next (1) or previous (-1) change from the modified side's cursor (see `nextBlock`); the one it went to. */
    go<T extends LineChange>(changes: readonly T[], direction: 1 | -1, wrap: boolean): T | undefined {
        const line = this.diffEditor.getModifiedEditor().getPosition()?.lineNumber ?? 0;
        const next = nextBlock(changes, line, direction, wrap);
        this.reveal(next);
        return next;
    }

    /**
     * Controls at the end of every change's anchor line, in place of the previous ones; `fill` puts the buttons in.
     * Only the changes near the visible lines get theirs now, the others as they scroll near: Monaco moves every
     * content widget at every line change, so 200 of them made a file rewritten under the review a 100 ms task.
     */
    show(changes: readonly LineChange[], fill: (node: HTMLElement, index: number) => void): void {
        this.clear();
        this.shown = { changes, fill };
        this.showNearby();
    }

    protected showNearby(): void {
        if (!this.shown) {
            return;
        }
        const editor = this.diffEditor.getModifiedEditor();
        const lineCount = editor.getModel()?.getLineCount() ?? 1;
        const visible = editor.getVisibleRanges();
        // Not laid out yet (a hidden tab): the top of the file, until its first layout.
        const first = (visible[0]?.startLineNumber ?? 1) - CONTROLS_MARGIN_LINES;
        const last = (visible.at(-1)?.endLineNumber ?? 1) + CONTROLS_MARGIN_LINES;
        this.shown.changes.forEach((change, index) => {
            const line = Math.min(blockAnchorLine(change), lineCount);
            const widget = this.widgets.get(index);
            if (line >= first && line <= last) {
                if (!widget) {
                    this.addControls(editor, index, line, this.shown!.fill);
                }
            } else if (widget) {
                editor.removeContentWidget(widget);
                this.widgets.delete(index);
            }
        });
    }

    protected addControls(editor: monaco.editor.ICodeEditor, index: number, line: number, fill: (node: HTMLElement, index: number) => void): void {
        const node = document.createElement('span');
        node.className = this.options.controlsClassName;
        node.dataset[this.options.indexAttribute] = String(index);
        fill(node, index);
        const widget: monaco.editor.IContentWidget = {
            getId: () => this.options.controlsId(index),
            getDomNode: () => node,
            getPosition: () => ({
                position: { lineNumber: line, column: editor.getModel()?.getLineMaxColumn(line) ?? 1 },
                preference: [monaco.editor.ContentWidgetPositionPreference.EXACT]
            })
        };
        editor.addContentWidget(widget);
        this.widgets.set(index, widget);
    }

    /** Removes every change's controls. */
    clear(): void {
        const editor = this.diffEditor.getModifiedEditor();
        this.widgets.forEach(widget => editor.removeContentWidget(widget));
        this.widgets.clear();
        this.shown = undefined;
    }

    dispose(): void {
        try {
            this.toDispose.dispose();
        } catch {
            // The diff editor went first (its tab was closed, the review decided); its widgets went with it.
        }
    }
}

/**
 * A button of a change's controls: `data-action` names it, `run` gets whether Shift was held (the "say why" variant).
 * It acts on mousedown, not click: Monaco moves the cursor on mousedown and would take the event.
 */
export function actionLink(label: string, title: string, action: string, run: (shift: boolean) => void): HTMLAnchorElement {
    const element = document.createElement('a');
    element.textContent = label;
    element.title = title;
    element.dataset.action = action;
    element.setAttribute('role', 'button');
    element.addEventListener('mousedown', event => {
        event.preventDefault();
        event.stopPropagation();
        run(event.shiftKey);
    });
    return element;
}
