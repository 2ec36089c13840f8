import * as monaco from '@theia/monaco-editor-core';
import { Disposable, DisposableCollection } from '@theia/core/lib/common/disposable';
import { Emitter } from '@theia/core/lib/common/event';
import { MonacoDiffEditor } from '@theia/monaco/lib/browser/monaco-diff-editor';
import { LineChange, blockKey, blockLines } from '@ai-cli-companion/core/editor-shared';
import { DiffBlockControls, actionLink } from '@ai-cli-companion/theia-block-review';
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
    protected readonly controls: DiffBlockControls;
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange = this.onDidChangeEmitter.event;
    protected readonly reasons: RevertedWithReason[] = [];

    constructor(readonly review: DiffReview, protected readonly options: ChangeBlockReviewOptions) {
        this.controls = new DiffBlockControls(review.widget.editor as MonacoDiffEditor, {
            statusClassName: 'ai-cli-change-block-status',
            statusId: `ai-cli-change-block-status-${review.diff.id}`,
            controlsClassName: 'ai-cli-change-block-actions',
            controlsId: index => `ai-cli-change-block-${review.diff.id}-${index}`,
            indexAttribute: 'block'
        });
        Object.assign(this.controls.status.style, {
            padding: '2px 8px', margin: '0 24px 8px 0', borderRadius: '3px', fontSize: '12px',
            background: 'var(--theia-editorWidget-background)', color: 'var(--theia-editorWidget-foreground)',
            border: '1px solid var(--theia-editorWidget-border, var(--theia-contrastBorder, transparent))'
        });
        this.toDispose.pushAll([this.controls, this.diffEditor.onDidUpdateDiff(() => this.render()), this.onDidChangeEmitter]);
        this.render();
    }

    get diffEditor(): monaco.editor.IStandaloneDiffEditor {
        return this.controls.diffEditor;
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
        return this.controls.atCursor(this.blocks(), block => block.change);
    }

    keep(block: ChangeBlock): void {
        this.kept.add(block.key);
        this.render();
        this.revealNextUnreviewed(block.change);
    }

    revert(block: ChangeBlock): void {
        this.controls.revert(block.change, 'ai-cli-companion.revertChangeBlock');
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
        const { originalLines, modifiedLines } = blockLines(original, modified, change);
        this.reasons.push({ line: Math.max(1, change.modifiedStartLineNumber), reason, proposedLines: modifiedLines, originalLines });
        this.revert(current);
    }

    /** The blocks reverted with a reason so far, in the order the user reverted them, once: whoever takes them tells the CLI. */
    takeRevertReasons(): RevertedWithReason[] {
        return this.reasons.splice(0);
    }

    /** Moves the proposal's cursor to the next (1) or previous (-1) block from the cursor, wrapping around; false when none. */
    go(direction: 1 | -1): boolean {
        const moved = !!this.controls.go(this.blocks().map(block => block.change), direction, true);
        if (moved) {
            this.diffEditor.getModifiedEditor().focus();
        }
        return moved;
    }

    protected revealNextUnreviewed(after: LineChange): void {
        const next = this.blocks().find(block => !block.kept && block.change.modifiedStartLineNumber > after.modifiedStartLineNumber)
            ?? this.blocks().find(block => !block.kept);
        this.controls.reveal(next?.change);
    }

    protected render(): void {
        const blocks = this.blocks();
        const left = blocks.filter(block => !block.kept).length;
        this.controls.status.textContent = blocks.length === 0
            ? 'No changes left: ✓ accepts the proposal as it is'
            : left === 0
                ? `All change blocks reviewed (${blocks.length} kept): ✓ or Ctrl/Cmd+S accepts the merged text`
                : `${left} of ${blocks.length} change ${blocks.length === 1 ? 'block' : 'blocks'} left to review · Keep ${this.options.keys.keep} · Revert ${this.options.keys.revert}`;
        this.controls.show(blocks.map(block => block.change), (node, index) => this.blockControls(node, blocks[index]));
        this.onDidChangeEmitter.fire();
    }

    protected blockControls(node: HTMLElement, block: ChangeBlock): void {
        Object.assign(node.style, { marginLeft: '2em', fontSize: '11px', whiteSpace: 'nowrap', display: 'inline-flex', gap: '4px' });
        const button = (label: string, title: string, action: string, run: (shift: boolean) => void) => {
            const element = actionLink(label, title, action, run);
            Object.assign(element.style, {
                cursor: 'pointer', padding: '0 6px', borderRadius: '3px',
                background: 'var(--theia-button-secondaryBackground)', color: 'var(--theia-button-secondaryForeground)'
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
    }

    dispose(): void {
        this.toDispose.dispose();
    }
}
