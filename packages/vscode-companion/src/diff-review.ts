import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DiffDelivery, DiffOutcome, DiffView, PendingDiff } from '@ai-cli-companion/core';
import { MemoryFileSystem } from './proposal-file-system';
import type { OutputLog } from './output-log';

/** True while the active editor tab is one of our diffs: shows ✓ and ✗ and binds Ctrl/Cmd+S to accept. */
export const DIFF_ACTIVE_CONTEXT = 'aiCli.diffActive';

const COPY_PROPOSAL = 'Copy Proposal';

interface OpenReview {
    readonly diff: PendingDiff;
    readonly original: vscode.Uri;
    readonly proposal: vscode.Uri;
    /** Set while we close the tab ourselves, so its disappearance is not taken for a rejection. */
    closing: boolean;
}

/** Where the user's decision goes: the core's resolveDiff. */
export type DiffResolver = (diffId: string, outcome: DiffOutcome) => Promise<DiffDelivery>;

/**
 * The review UI of the .vsix: each proposal is a native diff editor, left the file as it is on disk
 * (read-only), right the proposal (editable, saveable). ✓, Ctrl/Cmd+S or the accept command send the
 * right side as it is now; ✗, the reject command or closing the tab reject it.
 */
export class DiffReview implements DiffView, vscode.Disposable {
    private readonly reviews = new Map<string, OpenReview>();
    private readonly saving = new Map<string, Promise<unknown>>();
    private readonly disposables: vscode.Disposable[] = [];
    private contextValue: boolean | undefined;

    constructor(
        private readonly resolve: DiffResolver,
        private readonly proposals: MemoryFileSystem,
        private readonly originals: MemoryFileSystem,
        private readonly log: OutputLog
    ) {
        this.disposables.push(
            vscode.window.tabGroups.onDidChangeTabs(event => this.tabsChanged(event)),
            vscode.window.onDidChangeActiveTextEditor(() => this.updateContextKey()),
            // Keep the proposal saved as the user types: a dirty tab would ask "Save changes?" when it closes.
            vscode.workspace.onDidChangeTextDocument(event => this.saveProposal(event.document))
        );
    }

    async show(diff: PendingDiff): Promise<void> {
        const original = this.originals.uriFor(diff.id, diff.relativePath);
        const proposal = this.proposals.uriFor(diff.id, diff.relativePath);
        this.originals.put(original, await readOnDisk(diff.editorPath));
        this.proposals.put(proposal, diff.newContent);
        this.reviews.set(diff.id, { diff, original, proposal, closing: false });
        const title = `${diff.relativePath || path.basename(diff.editorPath)} ↔ proposed by ${diff.clientName}`;
        try {
            await vscode.commands.executeCommand('vscode.diff', original, proposal, title, { preview: false, preserveFocus: true });
        } catch (error) {
            this.forget(diff.id);
            throw error;
        }
        this.log.info(`${diff.clientName} proposes a change to ${diff.relativePath}`);
        this.updateContextKey();
    }

    async close(diffId: string): Promise<string | undefined> {
        const review = this.reviews.get(diffId);
        return review && this.closeReview(review);
    }

    /** ✓, Ctrl/Cmd+S or the command: the right side as the user left it goes to the CLI. */
    async accept(target?: unknown): Promise<void> {
        const review = this.reviewFor(target);
        if (!review) {
            return;
        }
        const content = await this.closeReview(review);
        this.report(review, await this.resolve(review.diff.id, { accepted: true, content }), 'accepted', content);
    }

    async reject(target?: unknown): Promise<void> {
        const review = this.reviewFor(target);
        if (!review) {
            return;
        }
        await this.closeReview(review);
        this.report(review, await this.resolve(review.diff.id, { accepted: false }), 'rejected');
    }

    get openReviews(): number {
        return this.reviews.size;
    }

    dispose(): void {
        this.disposables.forEach(d => d.dispose());
        this.reviews.clear();
    }

    private async closeReview(review: OpenReview): Promise<string> {
        review.closing = true;
        const document = this.proposalDocument(review);
        const content = document?.getText() ?? this.proposals.text(review.proposal) ?? review.diff.newContent;
        await this.saving.get(review.diff.id);
        if (document?.isDirty) {
            await document.save(); // a clean tab closes without "Save changes?"
        }
        const tabs = this.tabsOf(review);
        if (tabs.length > 0) {
            await vscode.window.tabGroups.close(tabs, true);
        }
        this.forget(review.diff.id);
        return content;
    }

    private tabsChanged(event: vscode.TabChangeEvent): void {
        for (const tab of event.closed) {
            const id = this.proposals.diffIdOf(modifiedUri(tab));
            const review = id === undefined ? undefined : this.reviews.get(id);
            if (review && !review.closing && this.tabsOf(review).length === 0) {
                // The user closed the tab: that is a rejection.
                this.forget(review.diff.id);
                this.resolve(review.diff.id, { accepted: false }).then(delivery => this.report(review, delivery, 'rejected (tab closed)'));
            }
        }
        this.updateContextKey();
    }

    private saveProposal(document: vscode.TextDocument): void {
        const id = this.proposals.diffIdOf(document.uri);
        if (!id || !this.reviews.has(id) || !document.isDirty || this.saving.has(id)) {
            return;
        }
        const saving = Promise.resolve(document.save()).catch(() => undefined).finally(() => {
            this.saving.delete(id);
            if (document.isDirty && this.reviews.has(id)) {
                this.saveProposal(document);
            }
        });
        this.saving.set(id, saving);
    }

    private reviewFor(target: unknown): OpenReview | undefined {
        const candidates = [
            target instanceof vscode.Uri ? target : undefined,
            modifiedUri(vscode.window.tabGroups.activeTabGroup?.activeTab),
            vscode.window.activeTextEditor?.document.uri
        ];
        for (const uri of candidates) {
            const id = this.proposals.diffIdOf(uri) ?? this.originals.diffIdOf(uri);
            const review = id === undefined ? undefined : this.reviews.get(id);
            if (review) {
                return review;
            }
        }
        // From the command palette with one review open, there is no doubt which one is meant.
        return this.reviews.size === 1 ? [...this.reviews.values()][0] : undefined;
    }

    private tabsOf(review: OpenReview): vscode.Tab[] {
        return vscode.window.tabGroups.all.flatMap(group => group.tabs)
            .filter(tab => this.proposals.diffIdOf(modifiedUri(tab)) === review.diff.id);
    }

    private proposalDocument(review: OpenReview): vscode.TextDocument | undefined {
        return vscode.workspace.textDocuments.find(doc => this.proposals.diffIdOf(doc.uri) === review.diff.id);
    }

    private forget(diffId: string): void {
        this.reviews.delete(diffId);
        this.proposals.forget(diffId);
        this.originals.forget(diffId);
        this.updateContextKey();
    }

    /** An accepted proposal that cannot reach its CLI is not lost: the user can copy it. */
    private report(review: OpenReview, delivery: DiffDelivery, what: string, acceptedContent?: string): void {
        if (delivery.delivered) {
            this.log.info(`${review.diff.relativePath}: ${what}, sent to ${review.diff.clientName}`);
            return;
        }
        this.log.warn(`${review.diff.relativePath}: ${what}, but ${delivery.reason}`);
        const actions = acceptedContent === undefined ? [] : [COPY_PROPOSAL];
        vscode.window.showWarningMessage(delivery.reason, ...actions).then(choice => {
            if (choice === COPY_PROPOSAL && acceptedContent !== undefined) {
                return vscode.env.clipboard.writeText(acceptedContent);
            }
            return undefined;
        });
    }

    private updateContextKey(): void {
        const active = this.proposals.diffIdOf(modifiedUri(vscode.window.tabGroups.activeTabGroup?.activeTab))
            ?? this.proposals.diffIdOf(vscode.window.activeTextEditor?.document.uri);
        const value = active !== undefined && this.reviews.has(active);
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

/** The file as it is now; a file the CLI creates has no left side yet. */
async function readOnDisk(file: string): Promise<string> {
    try {
        return await fs.promises.readFile(file, 'utf8');
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            return '';
        }
        throw error;
    }
}
