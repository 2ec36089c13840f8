import * as fs from 'fs';
import * as vscode from 'vscode';
import { COPY_PROPOSAL_ACTION, DiffReviewController, DiffResolver } from '@ai-cli-companion/core';
import type { DiffView, PendingDiff } from '@ai-cli-companion/core';
import { MemoryFileSystem } from './proposal-file-system';
import type { CompanionOutput } from './companion-output';

export type { DiffResolver };

/** True while the active editor tab is one of our diffs: shows ✓ and ✗ and binds Ctrl/Cmd+S to accept. */
export const DIFF_ACTIVE_CONTEXT = 'aiCli.diffActive';

interface OpenReview {
    readonly diff: PendingDiff;
    readonly original: vscode.Uri;
    readonly proposal: vscode.Uri;
}

/**
 * The review UI of the .vsix: each proposal is a native diff editor, left the file as it is on disk
 * (read-only), right the proposal (editable, saveable). ✓, Ctrl/Cmd+S or the accept command send the
 * right side as it is now; ✗, the reject command or closing the tab reject it. The core's
 * DiffReviewController owns the states and rules; this class is its VS Code surface.
 */
export class DiffReviewService implements DiffView, vscode.Disposable {
    private readonly controller: DiffReviewController<OpenReview>;
    private readonly saving = new Map<string, Promise<unknown>>();
    private readonly disposables: vscode.Disposable[] = [];
    private contextValue: boolean | undefined;

    constructor(
        resolve: DiffResolver,
        private readonly proposals: MemoryFileSystem,
        private readonly originals: MemoryFileSystem,
        private readonly log: CompanionOutput
    ) {
        this.controller = new DiffReviewController<OpenReview>({
            readFile: readOnDisk,
            open: (diff, sides) => this.openEditor(diff, sides),
            proposedText: review => this.proposedText(review),
            close: review => this.closeEditor(review),
            restoreFocus: () => undefined, // opened with preserveFocus: the focus never left the terminal
            notify: (message, copy) => this.notify(message, copy),
            log: (level, message) => this.log[level](message)
        }, resolve);
        this.controller.onDidChange(() => this.updateContextKey());
        this.disposables.push(
            vscode.window.tabGroups.onDidChangeTabs(event => this.tabsChanged(event)),
            vscode.window.onDidChangeActiveTextEditor(() => this.updateContextKey()),
            // Keep the proposal saved as the user types: a dirty tab would ask "Save changes?" when it closes.
            vscode.workspace.onDidChangeTextDocument(event => this.saveProposal(event.document))
        );
    }

    show(diff: PendingDiff): Promise<void> {
        return this.controller.show(diff);
    }

    close(diffId: string): Promise<string | undefined> {
        return this.controller.close(diffId);
    }

    /** ✓, Ctrl/Cmd+S or the command: the right side as the user left it goes to the CLI. */
    async accept(target?: unknown): Promise<void> {
        const review = this.reviewFor(target);
        if (review) {
            await this.controller.accept(review.diff.id);
        }
    }

    async reject(target?: unknown): Promise<void> {
        const review = this.reviewFor(target);
        if (review) {
            await this.controller.reject(review.diff.id);
        }
    }

    get openReviews(): number {
        return this.controller.openReviews.length;
    }

    dispose(): void {
        this.disposables.forEach(d => d.dispose());
    }

    private async openEditor(diff: PendingDiff, sides: { original: string; title: string }): Promise<OpenReview> {
        const original = this.originals.uriFor(diff.id, diff.relativePath);
        const proposal = this.proposals.uriFor(diff.id, diff.relativePath);
        this.originals.put(original, sides.original);
        this.proposals.put(proposal, diff.newContent);
        try {
            await vscode.commands.executeCommand('vscode.diff', original, proposal, sides.title, { preview: false, preserveFocus: true });
        } catch (error) {
            this.forget(diff.id);
            throw error;
        }
        return { diff, original, proposal };
    }

    private proposedText(review: OpenReview): string {
        return this.proposalDocument(review)?.getText() ?? this.proposals.text(review.proposal) ?? review.diff.newContent;
    }

    private async closeEditor(review: OpenReview): Promise<void> {
        const document = this.proposalDocument(review);
        await this.saving.get(review.diff.id);
        if (document?.isDirty) {
            await document.save(); // a clean tab closes without "Save changes?"
        }
        const tabs = this.tabsOf(review);
        if (tabs.length > 0) {
            await vscode.window.tabGroups.close(tabs, true);
        }
        this.forget(review.diff.id);
    }

    private tabsChanged(event: vscode.TabChangeEvent): void {
        for (const tab of event.closed) {
            const id = this.proposals.diffIdOf(modifiedUri(tab));
            const review = id === undefined ? undefined : this.reviewById(id);
            if (review && this.tabsOf(review).length === 0) {
                void this.controller.closedByUser(review.diff.id); // the user closed the tab: a rejection
            }
        }
        this.updateContextKey();
    }

    private saveProposal(document: vscode.TextDocument): void {
        const id = this.proposals.diffIdOf(document.uri);
        if (!id || !this.reviewById(id) || !document.isDirty || this.saving.has(id)) {
            return;
        }
        const saving = Promise.resolve(document.save()).catch(() => undefined).finally(() => {
            this.saving.delete(id);
            if (document.isDirty && this.reviewById(id)) {
                this.saveProposal(document);
            }
        });
        this.saving.set(id, saving);
    }

    private reviewById(diffId: string): OpenReview | undefined {
        return this.controller.find(review => review.diff.id === diffId)?.handle;
    }

    private reviewFor(target: unknown): OpenReview | undefined {
        const candidates = [
            target instanceof vscode.Uri ? target : undefined,
            modifiedUri(vscode.window.tabGroups.activeTabGroup?.activeTab),
            vscode.window.activeTextEditor?.document.uri
        ];
        for (const uri of candidates) {
            const id = this.proposals.diffIdOf(uri) ?? this.originals.diffIdOf(uri);
            const review = id === undefined ? undefined : this.reviewById(id);
            if (review) {
                return review;
            }
        }
        // From the command palette with one review open, there is no doubt which one is meant.
        const open = this.controller.openReviews;
        return open.length === 1 ? open[0].handle : undefined;
    }

    private tabsOf(review: OpenReview): vscode.Tab[] {
        return vscode.window.tabGroups.all.flatMap(group => group.tabs)
            .filter(tab => this.proposals.diffIdOf(modifiedUri(tab)) === review.diff.id);
    }

    private proposalDocument(review: OpenReview): vscode.TextDocument | undefined {
        return vscode.workspace.textDocuments.find(doc => this.proposals.diffIdOf(doc.uri) === review.diff.id);
    }

    private forget(diffId: string): void {
        this.proposals.forget(diffId);
        this.originals.forget(diffId);
        this.updateContextKey();
    }

    /** An accepted proposal that cannot reach its CLI is not lost: the user can copy it. */
    private notify(message: string, copy?: string): void {
        const actions = copy === undefined ? [] : [COPY_PROPOSAL_ACTION];
        vscode.window.showWarningMessage(message, ...actions).then(choice => {
            if (choice === COPY_PROPOSAL_ACTION && copy !== undefined) {
                return vscode.env.clipboard.writeText(copy);
            }
            return undefined;
        });
    }

    private updateContextKey(): void {
        const active = this.proposals.diffIdOf(modifiedUri(vscode.window.tabGroups.activeTabGroup?.activeTab))
            ?? this.proposals.diffIdOf(vscode.window.activeTextEditor?.document.uri);
        const value = active !== undefined && !!this.reviewById(active);
        if (value !== this.contextValue) {
            this.contextValue = value;
            vscode.commands.executeCommand('setContext', DIFF_ACTIVE_CONTEXT, value).then(undefined, () => undefined);
        }
    }
}

function modifiedUri(tab: vscode.Tab | undefined): vscode.Uri | undefined {
    const input = tab?.input;
    return input instanceof vscode.TabInputTextDiff ? input.modified : undefined;
}

/** The file as it is now; undefined for a file the CLI creates. */
async function readOnDisk(file: string): Promise<string | undefined> {
    try {
        return await fs.promises.readFile(file, 'utf8');
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            return undefined;
        }
        throw error;
    }
}
