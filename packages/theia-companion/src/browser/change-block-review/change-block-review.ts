import * as monaco from '@theia/monaco-editor-core';
import { Disposable, DisposableCollection } from '@theia/core/lib/common/disposable';
import { Emitter } from '@theia/core/lib/common/event';
import { MonacoDiffEditor } from '@theia/monaco/lib/browser/monaco-diff-editor';
import { LineChange, blockAnchorLine, blockContainsLine, blockKey, revertEdit } from '@ai-cli-companion/core/editor-shared';
import { DiffReview } from '../diff-review/diff-review-service';

export interface ChangeBlock {
    readonly change: LineChange;
    readonly key: string;
    readonly kept: boolean;
}

/** A block the user reverted and said why: what the CLI is told once the proposal is accepted. */
export interface RevertedWithReason {
    /** Where the block starts in the proposal (1-based). */
    readonly line: number;
    readonly proposedLines: readonly string[];
    readonly originalLines: readonly string[];
    readonly reason: string;
}

export interface ChangeBlockReviewOptions {
    readonly keys: { keep: string; revert: string };
    /** Asks the user why (undefined: cancelled). */
    readonly askReason: () => Promise<string | undefined>;
}

/**
 * Block-by-block review of one proposal: Keep / Revert controls on every changed block of the
 * diff, and a status line with the number of blocks left. Reverting edits the proposal (undoable);
 * whatever the proposal holds when the user accepts is what the CLI writes.
 */
export class ChangeBlockReview implements Disposable {
    protected readonly kept = new Set<string>();
    protected readonly toDispose = new DisposableCollection();
    protected readonly blockWidgets: monaco.editor.IContentWidget[] = [];
    protected readonly status: HTMLElement = document.createElement('div');
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange = this.onDidChangeEmitter.event;
    protected readonly reasons: RevertedWithReason[] = [];

    constructor(readonly review: DiffReview, protected readonly options: ChangeBlockReviewOptions) {
        const modified = this.diffEditor.getModifiedEditor();
        this.status.className = 'ai-cli-change-block-status';
        Object.assign(this.status.style, {
            padding: '2px 8px', margin: '0 24px 8px 0', borderRadius: '3px', fontSize: '12px',
            background: 'var(--theia-editorWidget-background)', color: 'var(--theia-editorWidget-foreground)',
            border: '1px solid var(--theia-editorWidget-border, var(--theia-contrastBorder, transparent))'
        });
        const statusWidget: monaco.editor.IOverlayWidget = {
            getId: () => `ai-cli-change-block-status-${review.diff.id}`,
            getDomNode: () => this.status,
            getPosition: () => ({ preference: monaco.editor.OverlayWidgetPositionPreference.BOTTOM_RIGHT_CORNER })
        };
        modified.addOverlayWidget(statusWidget);
        this.toDispose.push(Disposable.create(() => modified.removeOverlayWidget(statusWidget)));
        this.toDispose.push(this.diffEditor.onDidUpdateDiff(() => this.render()));
        this.toDispose.push(Disposable.create(() => this.clearBlockWidgets()));
        this.toDispose.push(this.onDidChangeEmitter);
        this.render();
    }

    get diffEditor(): monaco.editor.IStandaloneDiffEditor {
        return (this.review.widget.editor as MonacoDiffEditor).diffEditor;
    }

    blocks(): ChangeBlock[] {
        const original = this.diffEditor.getOriginalEditor().getModel()?.getLinesContent() ?? [];
        const modified = this.diffEditor.getModifiedEditor().getModel()?.getLinesContent() ?? [];
        return (this.diffEditor.getLineChanges() ?? []).map(change => {
            const key = blockKey(original, modified, change);
            return { change, key, kept: this.kept.has(key) };
        });
    }

    get unreviewedCount(): number {
        return this.blocks().filter(block => !block.kept).length;
    }

    /** The block under the cursor of whichever side has focus (the proposal's, by default). */
    blockAtCursor(): ChangeBlock | undefined {
        const original = this.diffEditor.getOriginalEditor();
        if (original.hasTextFocus()) {
            const line = original.getPosition()?.lineNumber ?? 0;
            return this.blocks().find(({ change }) => change.originalEndLineNumber === 0
                ? line === change.originalStartLineNumber || line === change.originalStartLineNumber + 1
                : line >= change.originalStartLineNumber && line <= change.originalEndLineNumber);
        }
        const line = this.diffEditor.getModifiedEditor().getPosition()?.lineNumber ?? 0;
        return this.blocks().find(block => blockContainsLine(block.change, line));
    }

    keep(block: ChangeBlock): void {
        this.kept.add(block.key);
        this.render();
        this.revealNextUnreviewed(block.change);
    }

    revert(block: ChangeBlock): void {
        const originalModel = this.diffEditor.getOriginalEditor().getModel();
        const modifiedEditor = this.diffEditor.getModifiedEditor();
        const modifiedModel = modifiedEditor.getModel();
        if (!originalModel || !modifiedModel) {
            return;
        }
        const edit = revertEdit(originalModel.getLinesContent(), modifiedModel.getLinesContent(), block.change, modifiedModel.getEOL());
        modifiedEditor.pushUndoStop();
        modifiedEditor.executeEdits('ai-cli-companion.revertChangeBlock', [{
            range: new monaco.Range(edit.startLineNumber, edit.startColumn, edit.endLineNumber, edit.endColumn),
            text: edit.text
        }]);
        modifiedEditor.pushUndoStop();
        // The diff recomputes asynchronously; onDidUpdateDiff renders the new blocks.
    }

    /** Asks why, then reverts the block; the reason waits for the proposal's acceptance (`takeRevertReasons`). */
    async revertWithReason(block: ChangeBlock): Promise<void> {
        const reason = (await this.options.askReason())?.trim();
        // The proposal may have changed while the user typed: the block as it is now.
        const current = this.blocks().find(candidate => candidate.key === block.key);
        if (!reason || !current) {
            return; // Esc (or the block is gone): nothing reverted
        }
        const original = this.diffEditor.getOriginalEditor().getModel()?.getLinesContent() ?? [];
        const modified = this.diffEditor.getModifiedEditor().getModel()?.getLinesContent() ?? [];
        const { change } = current;
        this.reasons.push({
            line: Math.max(1, change.modifiedStartLineNumber), reason,
            proposedLines: change.modifiedEndLineNumber === 0 ? [] : modified.slice(change.modifiedStartLineNumber - 1, change.modifiedEndLineNumber),
            originalLines: change.originalEndLineNumber === 0 ? [] : original.slice(change.originalStartLineNumber - 1, change.originalEndLineNumber)
        });
        this.revert(current);
    }

    /** The blocks reverted with a reason so far, in the order the user reverted them, once: whoever takes them tells the CLI. */
    takeRevertReasons(): RevertedWithReason[] {
        return this.reasons.splice(0);
    }

    /** Moves the proposal's cursor to the next (1) or previous (-1) block from the cursor, wrapping around; false when none. */
    go(direction: 1 | -1): boolean {
        const blocks = this.blocks();
        if (blocks.length === 0) {
            return false;
        }
        const modified = this.diffEditor.getModifiedEditor();
        const line = modified.getPosition()?.lineNumber ?? 0;
        const anchors = blocks.map(block => blockAnchorLine(block.change));
        const target = direction === 1
            ? anchors.find(anchor => anchor > line) ?? anchors[0]
            : [...anchors].reverse().find(anchor => anchor < line) ?? anchors[anchors.length - 1];
        modified.setPosition({ lineNumber: target, column: 1 });
        modified.revealLineInCenterIfOutsideViewport(target);
        modified.focus();
        return true;
    }

    protected revealNextUnreviewed(after: LineChange): void {
        const next = this.blocks().find(block => !block.kept && block.change.modifiedStartLineNumber > after.modifiedStartLineNumber)
            ?? this.blocks().find(block => !block.kept);
        if (next) {
            const modified = this.diffEditor.getModifiedEditor();
            const line = blockAnchorLine(next.change);
            modified.setPosition({ lineNumber: line, column: 1 });
            modified.revealLineInCenterIfOutsideViewport(line);
        }
    }

    protected render(): void {
        const blocks = this.blocks();
        const left = blocks.filter(block => !block.kept).length;
        this.status.textContent = blocks.length === 0
            ? 'No changes left: ✓ accepts the proposal as it is'
            : left === 0
                ? `All change blocks reviewed (${blocks.length} kept): ✓ or Ctrl/Cmd+S accepts the merged text`
                : `${left} of ${blocks.length} change ${blocks.length === 1 ? 'block' : 'blocks'} left to review · Keep ${this.options.keys.keep} · Revert ${this.options.keys.revert}`;
        this.clearBlockWidgets();
        const modified = this.diffEditor.getModifiedEditor();
        const model = modified.getModel();
        blocks.forEach((block, index) => {
            const line = Math.min(blockAnchorLine(block.change), model?.getLineCount() ?? 1);
            const node = this.blockControls(block, index);
            const widget: monaco.editor.IContentWidget = {
                getId: () => `ai-cli-change-block-${this.review.diff.id}-${index}`,
                getDomNode: () => node,
                getPosition: () => ({
                    position: { lineNumber: line, column: model?.getLineMaxColumn(line) ?? 1 },
                    preference: [monaco.editor.ContentWidgetPositionPreference.EXACT]
                })
            };
            modified.addContentWidget(widget);
            this.blockWidgets.push(widget);
        });
        this.onDidChangeEmitter.fire();
    }

    protected blockControls(block: ChangeBlock, index: number): HTMLElement {
        const node = document.createElement('span');
        node.className = 'ai-cli-change-block-actions';
        node.dataset.block = String(index);
        Object.assign(node.style, { marginLeft: '2em', fontSize: '11px', whiteSpace: 'nowrap', display: 'inline-flex', gap: '4px' });
        const button = (label: string, title: string, action: string, run: (shift: boolean) => void) => {
            const element = document.createElement('a');
            element.textContent = label;
            element.title = title;
            element.dataset.action = action;
            element.setAttribute('role', 'button');
            Object.assign(element.style, {
                cursor: 'pointer', padding: '0 6px', borderRadius: '3px',
                background: 'var(--theia-button-secondaryBackground)', color: 'var(--theia-button-secondaryForeground)'
            });
            // mousedown, not click: Monaco moves the cursor on mousedown and would steal the event.
            element.addEventListener('mousedown', event => {
                event.preventDefault();
                event.stopPropagation();
                run(event.shiftKey);
            });
            return element;
        };
        if (block.kept) {
            const kept = document.createElement('span');
            kept.textContent = '✓ kept';
            kept.dataset.state = 'kept';
            kept.style.opacity = '0.8';
            node.append(kept);
        } else {
            node.append(button('✓ Keep', `Keep this change (${this.options.keys.keep})`, 'keep', () => this.keep(block)));
        }
        node.append(button('↺ Revert', `Put the original lines back (${this.options.keys.revert}); Shift+click: and tell the CLI why`, 'revert',
            shift => shift ? void this.revertWithReason(block) : this.revert(block)));
        return node;
    }

    protected clearBlockWidgets(): void {
        const modified = this.diffEditor.getModifiedEditor();
        this.blockWidgets.splice(0).forEach(widget => modified.removeContentWidget(widget));
    }

    dispose(): void {
        try {
            this.toDispose.dispose();
        } catch {
            // The diff editor went first (the review was decided); its widgets went with it.
        }
    }
}
