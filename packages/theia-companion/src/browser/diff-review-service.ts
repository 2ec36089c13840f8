import { inject, injectable } from '@theia/core/shared/inversify';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { ClipboardService } from '@theia/core/lib/browser/clipboard-service';
import { DiffUris } from '@theia/core/lib/browser/diff-uris';
import { FrontendApplicationStateService } from '@theia/core/lib/browser/frontend-application-state';
import { SaveableWidget } from '@theia/core/lib/browser/saveable';
import { Widget } from '@theia/core/lib/browser/widgets/widget';
import { Emitter } from '@theia/core/lib/common/event';
import { ILogger } from '@theia/core/lib/common/logger';
import { MessageService } from '@theia/core/lib/common/message-service';
import URI from '@theia/core/lib/common/uri';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { CompanionService, DiffDelivery, DiffOutcome, PendingDiff } from '../common/companion-protocol';
import { ORIGINAL_SCHEME, PROPOSAL_SCHEME, ProposalResources } from './proposal-resources';

/** One open diff the user has not decided on yet. */
export interface DiffReview {
    readonly diff: PendingDiff;
    readonly widget: EditorWidget;
    readonly proposalUri: URI;
    readonly originalUri: URI;
    /** The widget that had focus when the diff opened (the CLI's terminal, usually). */
    readonly focusBefore: Widget | undefined;
    /** A decision is on its way to the CLI; the review stays open until it has arrived. */
    deciding: boolean;
    closed: boolean;
}

export const COPY_PROPOSAL_ACTION = 'Copy Proposal';

/**
 * Native Theia diff editors for the CLIs' proposed edits: left the file on disk (read-only), right the
 * proposal (editable). The pending diffs themselves live in the backend (they survive a reload); this
 * service shows them and sends the user's decision back. The IDE never writes the file, the CLI does.
 */
@injectable()
export class DiffReviewService {
    @inject(EditorManager) protected readonly editorManager: EditorManager;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(FileService) protected readonly fileService: FileService;
    @inject(ProposalResources) protected readonly resources: ProposalResources;
    @inject(CompanionService) protected readonly companion: CompanionService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(ClipboardService) protected readonly clipboard: ClipboardService;
    @inject(FrontendApplicationStateService) protected readonly appState: FrontendApplicationStateService;
    @inject(ILogger) protected readonly logger: ILogger;

    protected readonly reviews = new Map<string, DiffReview>();
    /** Diffs the backend withdrew while their editor was still opening: they must not appear late. */
    protected readonly withdrawn = new Set<string>();
    protected readonly onDidChangeEmitter = new Emitter<void>();
    /** Fires when a review opens or ends (context keys, toolbar). */
    readonly onDidChange = this.onDidChangeEmitter.event;
    protected readonly onWillShowEmitter = new Emitter<PendingDiff>();
    /** Fires when a proposal arrives, before its editor opens (which a hidden window may hold back). */
    readonly onWillShow = this.onWillShowEmitter.event;

    get openReviews(): DiffReview[] {
        return [...this.reviews.values()];
    }

    findByWidget(widget: Widget | undefined): DiffReview | undefined {
        return widget ? this.openReviews.find(review => review.widget === widget) : undefined;
    }

    async show(diff: PendingDiff): Promise<void> {
        if (this.reviews.has(diff.id) || this.withdrawn.delete(diff.id)) {
            return;
        }
        this.onWillShowEmitter.fire(diff);
        // Pending diffs come back while a reloaded window is still restoring its layout.
        await this.appState.reachedState('initialized_layout');
        const fileUri = URI.fromFilePath(diff.editorPath);
        const originalUri = fileUri.withScheme(ORIGINAL_SCHEME).withQuery(diff.id);
        const proposalUri = fileUri.withScheme(PROPOSAL_SCHEME).withQuery(diff.id);
        let review: DiffReview | undefined;
        this.resources.add(originalUri, { contents: await this.readDiskContent(fileUri), readOnly: true });
        this.resources.add(proposalUri, {
            contents: diff.newContent,
            readOnly: false,
            onSave: content => review && this.decide(review, { accepted: true, content })
        });
        const label = `${diff.relativePath} ↔ proposed by ${diff.clientName}`;
        const focusBefore = this.shell.activeWidget;
        try {
            const widget = await this.editorManager.open(DiffUris.encode(originalUri, proposalUri, label), { mode: 'reveal' });
            review = { diff, widget, proposalUri, originalUri, focusBefore, deciding: false, closed: false };
        } catch (error) {
            this.resources.remove(originalUri);
            this.resources.remove(proposalUri);
            throw error;
        }
        this.reviews.set(diff.id, review);
        this.interceptClose(review);
        if (this.withdrawn.delete(diff.id)) {
            await this.closeReview(review); // the CLI gave up while the editor was opening
            return;
        }
        this.onDidChangeEmitter.fire();
    }

    accept(review: DiffReview): Promise<void> {
        return this.decide(review, { accepted: true, content: this.proposedText(review) });
    }

    reject(review: DiffReview): Promise<void> {
        return this.decide(review, { accepted: false });
    }

    /** The backend closes a diff (the CLI's closeDiff, its session ended, a timeout): no decision, hand back the text. */
    async close(diffId: string): Promise<string | undefined> {
        const review = this.reviews.get(diffId);
        if (!review) {
            this.withdrawn.add(diffId);
            return undefined;
        }
        const content = this.proposedText(review);
        await this.closeReview(review);
        return content;
    }

    /**
     * Sends the decision and closes the review only once the CLI has it. If it cannot arrive (the CLI is
     * gone), the user is told and can copy the proposal: nothing they approved is silently lost.
     */
    protected async decide(review: DiffReview, outcome: DiffOutcome): Promise<void> {
        if (review.deciding || review.closed) {
            return;
        }
        review.deciding = true;
        let delivery: DiffDelivery;
        try {
            delivery = await this.companion.resolveDiff(review.diff.id, outcome);
        } catch (error) {
            delivery = { delivered: false, reason: `The decision could not reach the backend: ${(error as Error).message}` };
        }
        await this.closeReview(review);
        if (delivery.delivered) {
            this.restoreFocus(review);
        } else if (outcome.accepted) {
            this.offerCopy(review.diff, delivery.reason, outcome.content);
        } else {
            this.logger.info(`AI CLI companion: rejection of ${review.diff.filePath} not delivered: ${delivery.reason}`);
        }
    }

    protected offerCopy(diff: PendingDiff, reason: string, content: string): void {
        this.logger.warn(`AI CLI companion: ${diff.filePath}: ${reason}`);
        this.messages.warn(`${diff.relativePath}: ${reason}`, COPY_PROPOSAL_ACTION).then(action => {
            if (action === COPY_PROPOSAL_ACTION) {
                return this.clipboard.writeText(content);
            }
        });
    }

    /** Closes the editor without any save prompt and forgets the review. */
    protected async closeReview(review: DiffReview): Promise<void> {
        if (review.closed) {
            return;
        }
        review.closed = true;
        this.reviews.delete(review.diff.id);
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
            if (!review.closed && !review.deciding) {
                void this.decide(review, { accepted: false });
            }
        });
    }

    protected proposedText(review: DiffReview): string {
        return review.widget.isDisposed ? review.diff.newContent : review.widget.editor.document.getText();
    }

    /** Typing goes on where it was: the next Enter must reach the CLI, not the editor. */
    protected restoreFocus(review: DiffReview): void {
        const target = review.focusBefore;
        if (target instanceof TerminalWidget && !target.isDisposed && target.isAttached) {
            this.shell.activateWidget(target.id);
        }
    }

    protected async readDiskContent(uri: URI): Promise<string> {
        if (!await this.fileService.exists(uri)) {
            return '';
        }
        return (await this.fileService.read(uri)).value;
    }
}
