import { inject, injectable } from '@theia/core/shared/inversify';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { DiffUris } from '@theia/core/lib/browser/diff-uris';
import { SaveableWidget } from '@theia/core/lib/browser/saveable';
import { Widget } from '@theia/core/lib/browser/widgets/widget';
import { Emitter } from '@theia/core/lib/common/event';
import { ILogger } from '@theia/core/lib/common/logger';
import URI from '@theia/core/lib/common/uri';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { findProfile } from '@ai-cli-companion/core/lib/client-profiles';
import { CompanionService, DiffOutcome, DiffRequest } from '../common/companion-protocol';
import { ORIGINAL_SCHEME, PROPOSAL_SCHEME, ProposalResources } from './proposal-resources';

/** One open diff the user has not decided on yet. */
export interface DiffReview {
    readonly id: string;
    readonly request: DiffRequest;
    readonly widget: EditorWidget;
    readonly proposalUri: URI;
    readonly originalUri: URI;
    /** The widget that had focus when the diff opened (the CLI's terminal, usually). */
    readonly focusBefore: Widget | undefined;
    decided: boolean;
}

/**
 * Native Theia diff editors for the CLIs' proposed edits: left the file on disk (read-only),
 * right the proposal (editable). The user's decision goes back to the CLI session that asked;
 * the IDE never writes the file, the CLI does.
 */
@injectable()
export class DiffReviewService {
    @inject(EditorManager) protected readonly editorManager: EditorManager;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(FileService) protected readonly fileService: FileService;
    @inject(WorkspaceService) protected readonly workspaceService: WorkspaceService;
    @inject(ProposalResources) protected readonly resources: ProposalResources;
    @inject(CompanionService) protected readonly companion: CompanionService;
    @inject(ILogger) protected readonly logger: ILogger;

    protected readonly reviews = new Map<string, DiffReview>();
    protected nextId = 1;
    protected readonly onDidChangeEmitter = new Emitter<void>();
    /** Fires when a review opens or ends (context keys, toolbar). */
    readonly onDidChange = this.onDidChangeEmitter.event;

    get openReviews(): DiffReview[] {
        return [...this.reviews.values()];
    }

    findByWidget(widget: Widget | undefined): DiffReview | undefined {
        return widget ? this.openReviews.find(review => review.widget === widget) : undefined;
    }

    async open(request: DiffRequest): Promise<void> {
        const fileUri = await this.checkedFileUri(request.filePath);
        // A second proposal for the same file replaces the first, which counts as rejected.
        for (const previous of this.openReviews.filter(review => review.request.filePath === request.filePath)) {
            await this.decide(previous, { accepted: false });
        }
        const original = await this.readDiskContent(fileUri);
        const id = `${Date.now().toString(36)}-${this.nextId++}`;
        const originalUri = fileUri.withScheme(ORIGINAL_SCHEME).withQuery(id);
        const proposalUri = fileUri.withScheme(PROPOSAL_SCHEME).withQuery(id);
        let review: DiffReview | undefined;
        this.resources.add(originalUri, { contents: original, readOnly: true });
        this.resources.add(proposalUri, {
            contents: request.newContent,
            readOnly: false,
            onSave: content => review && this.decide(review, { accepted: true, content })
        });
        const client = findProfile(request.clientId)?.displayName ?? request.clientId;
        const label = `${fileUri.path.base} ↔ proposed by ${client}`;
        const focusBefore = this.shell.activeWidget;
        try {
            const widget = await this.editorManager.open(DiffUris.encode(originalUri, proposalUri, label), { mode: 'reveal' });
            review = { id, request, widget, proposalUri, originalUri, focusBefore, decided: false };
        } catch (error) {
            this.resources.remove(originalUri);
            this.resources.remove(proposalUri);
            throw error;
        }
        this.reviews.set(id, review);
        this.interceptClose(review);
        this.onDidChangeEmitter.fire();
    }

    accept(review: DiffReview): Promise<void> {
        return this.decide(review, { accepted: true, content: this.proposedText(review) });
    }

    reject(review: DiffReview): Promise<void> {
        return this.decide(review, { accepted: false });
    }

    /** The CLI's closeDiff: close without telling anyone, hand back the proposal as edited. */
    async closeSilently(sessionId: string, filePath: string): Promise<string | undefined> {
        const review = this.openReviews.find(r => r.request.filePath === filePath && r.request.sessionId === sessionId)
            ?? this.openReviews.find(r => r.request.filePath === filePath);
        if (!review) {
            return undefined;
        }
        const content = this.proposedText(review);
        await this.finish(review);
        return content;
    }

    /** The CLI's session ended: its diffs can no longer be answered. */
    closeAllOfSession(sessionId: string): void {
        for (const review of this.openReviews.filter(r => r.request.sessionId === sessionId)) {
            void this.finish(review);
        }
    }

    protected async decide(review: DiffReview, outcome: DiffOutcome): Promise<void> {
        if (review.decided) {
            return;
        }
        await this.finish(review);
        try {
            await this.companion.resolveDiff(review.request.sessionId, review.request.filePath, outcome);
        } catch (error) {
            this.logger.error(`AI CLI companion: cannot report the decision on ${review.request.filePath}`, error);
        }
        this.restoreFocus(review);
    }

    /** Marks the review done and closes its editor without any save prompt. */
    protected async finish(review: DiffReview): Promise<void> {
        if (review.decided) {
            return;
        }
        review.decided = true;
        this.reviews.delete(review.id);
        if (!review.widget.isDisposed) {
            if (SaveableWidget.is(review.widget)) {
                await review.widget.closeWithoutSaving();
            }
            if (!review.widget.isDisposed) {
                review.widget.dispose();
            }
        }
        this.resources.remove(review.originalUri);
        this.resources.remove(review.proposalUri);
        this.onDidChangeEmitter.fire();
    }

    /** Closing the tab is a rejection, never a "save changes?" question. */
    protected interceptClose(review: DiffReview): void {
        const widget = review.widget;
        widget.close = () => void this.reject(review);
        widget.onDidDispose(() => {
            if (!review.decided) {
                void this.decide(review, { accepted: false });
            }
        });
    }

    protected proposedText(review: DiffReview): string {
        return review.widget.editor.document.getText();
    }

    /** Typing goes on where it was: the next Enter must reach the CLI, not the editor. */
    protected restoreFocus(review: DiffReview): void {
        const target = review.focusBefore;
        if (target instanceof TerminalWidget && !target.isDisposed && target.isAttached) {
            this.shell.activateWidget(target.id);
        }
    }

    protected async checkedFileUri(filePath: string): Promise<URI> {
        if (!filePath.startsWith('/') && !/^[a-zA-Z]:[\\/]/.test(filePath)) {
            throw new Error(`"${filePath}" is not an absolute path.`);
        }
        const uri = URI.fromFilePath(filePath);
        const roots = this.workspaceService.tryGetRoots().map(root => root.resource);
        if (!roots.some(root => root.isEqualOrParent(uri))) {
            throw new Error(`${filePath} is outside the workspace folders of this window.`);
        }
        return uri;
    }

    protected async readDiskContent(uri: URI): Promise<string> {
        if (!await this.fileService.exists(uri)) {
            return '';
        }
        return (await this.fileService.read(uri)).value;
    }
}
