import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
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
import { COPY_PROPOSAL_ACTION, DiffReviewController } from '@ai-cli-companion/core';
import { CompanionService, DiffDelivery, DiffOutcome, PendingDiff } from '../../common/companion-protocol';
import { CompanionClientImpl } from '../window/companion-client-impl';
import { ORIGINAL_SCHEME, PROPOSAL_SCHEME, ProposalResources } from './proposal-resources';

export { COPY_PROPOSAL_ACTION } from '@ai-cli-companion/core';

/** A proposal the user decided on, as the CLI got it. */
export interface DiffDecision {
    readonly diff: PendingDiff;
    readonly outcome: DiffOutcome;
    readonly delivery: DiffDelivery;
}

/** One open diff the user has not decided on yet. */
export interface DiffReview {
    readonly diff: PendingDiff;
    readonly widget: EditorWidget;
    readonly proposalUri: URI;
    readonly originalUri: URI;
    /** The widget that had focus when the diff opened (the CLI's terminal, usually). */
    readonly focusBefore: Widget | undefined;
}

/**
 * Native Theia diff editors for the CLIs' proposed edits: left the file on disk (read-only), right the
 * proposal (editable). The pending diffs live in the backend (they survive a reload); the core's
 * DiffReviewController owns the review's states and rules, this class is its Theia surface.
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
    @inject(CompanionClientImpl) protected readonly client: CompanionClientImpl;

    protected readonly controller = new DiffReviewController<DiffReview>({
        prepare: diff => this.prepare(diff),
        readFile: editorPath => this.readFile(editorPath),
        open: (diff, sides) => this.openEditor(diff, sides),
        proposedText: review => this.proposedText(review),
        close: review => this.closeEditor(review),
        restoreFocus: review => this.restoreFocus(review),
        notify: (message, copy) => this.notify(message, copy),
        log: (level, message) => void this.logger[level](`AI CLI companion: ${message}`)
    }, (id, outcome) => this.resolve(id, outcome));
    protected readonly onDidChangeEmitter = new Emitter<void>();
    /** Fires when a review opens or ends (context keys, toolbar). */
    readonly onDidChange = this.onDidChangeEmitter.event;
    protected readonly onDidDecideEmitter = new Emitter<DiffDecision>();
    /** Fires once the CLI got the user's decision on a proposal (after any note the decision shows). */
    readonly onDidDecide = this.onDidDecideEmitter.event;
    protected readonly onWillShowEmitter = new Emitter<PendingDiff>();
    /** Fires when a proposal arrives, before its editor opens (which a hidden window may hold back). */
    readonly onWillShow = this.onWillShowEmitter.event;

    @postConstruct()
    protected init(): void {
        this.controller.onDidChange(() => this.onDidChangeEmitter.fire());
        this.client.setDiffView(this.controller);
    }

    get openReviews(): DiffReview[] {
        return this.controller.openReviews.map(review => review.handle);
    }

    findByWidget(widget: Widget | undefined): DiffReview | undefined {
        return widget ? this.openReviews.find(review => review.widget === widget) : undefined;
    }

    show(diff: PendingDiff): Promise<void> {
        return this.controller.show(diff);
    }

    /** The backend closes a diff (the CLI's closeDiff, its session ended, a timeout): no decision, hand back the text. */
    close(diffId: string): Promise<string | undefined> {
        return this.controller.close(diffId);
    }

    protected async resolve(id: string, outcome: DiffOutcome): Promise<DiffDelivery> {
        const diff = this.openReviews.find(review => review.diff.id === id)?.diff;
        const delivery = await this.companion.resolveDiff(id, outcome);
        if (diff) {
            this.onDidDecideEmitter.fire({ diff, outcome, delivery });
        }
        return delivery;
    }

    accept(review: DiffReview): Promise<void> {
        return this.controller.accept(review.diff.id);
    }

    reject(review: DiffReview): Promise<void> {
        return this.controller.reject(review.diff.id);
    }

    protected async prepare(diff: PendingDiff): Promise<void> {
        this.onWillShowEmitter.fire(diff);
        // Pending diffs come back while a reloaded window is still restoring its layout.
        await this.appState.reachedState('initialized_layout');
    }

    protected async readFile(editorPath: string): Promise<string | undefined> {
        const uri = URI.fromFilePath(editorPath);
        return await this.fileService.exists(uri) ? (await this.fileService.read(uri)).value : undefined;
    }

    protected async openEditor(diff: PendingDiff, sides: { original: string; title: string }): Promise<DiffReview> {
        const fileUri = URI.fromFilePath(diff.editorPath);
        const originalUri = fileUri.withScheme(ORIGINAL_SCHEME).withQuery(diff.id);
        const proposalUri = fileUri.withScheme(PROPOSAL_SCHEME).withQuery(diff.id);
        this.resources.add(originalUri, { contents: sides.original, readOnly: true });
        this.resources.add(proposalUri, {
            contents: diff.newContent,
            readOnly: false,
            onSave: content => void this.controller.accept(diff.id, content) // Ctrl/Cmd+S is an accept
        });
        const focusBefore = this.shell.activeWidget;
        try {
            const widget = await this.editorManager.open(DiffUris.encode(originalUri, proposalUri, sides.title), { mode: 'reveal' });
            const review: DiffReview = { diff, widget, proposalUri, originalUri, focusBefore };
            // Closing the tab is a rejection, never a "save changes?" question.
            widget.close = () => void this.controller.closedByUser(diff.id);
            widget.onDidDispose(() => void this.controller.closedByUser(diff.id));
            return review;
        } catch (error) {
            this.resources.remove(originalUri);
            this.resources.remove(proposalUri);
            throw error;
        }
    }

    protected proposedText(review: DiffReview): string {
        return review.widget.isDisposed ? review.diff.newContent : review.widget.editor.document.getText();
    }

    protected notify(message: string, copy?: string): void {
        const actions = copy === undefined ? [] : [COPY_PROPOSAL_ACTION];
        this.messages.warn(message, ...actions).then(action => {
            if (action === COPY_PROPOSAL_ACTION && copy !== undefined) {
                return this.clipboard.writeText(copy);
            }
        });
    }

    /** Typing goes on where it was: the next Enter must reach the CLI, not the editor. */
    protected restoreFocus(review: DiffReview): void {
        const target = review.focusBefore;
        if (target instanceof TerminalWidget && !target.isDisposed && target.isAttached) {
            this.shell.activateWidget(target.id);
        }
    }

    /** Closes the editor without any save prompt. */
    protected async closeEditor(review: DiffReview): Promise<void> {
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
    }
}
