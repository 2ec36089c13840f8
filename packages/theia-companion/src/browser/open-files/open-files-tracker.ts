import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { DisposableCollection } from '@theia/core/lib/common/disposable';
import URI from '@theia/core/lib/common/uri';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileChangeType, FileOperation } from '@theia/filesystem/lib/common/files';
import { Clock, CursorState, OpenFilesModel, IdeContext, systemClock } from '@ai-cli-companion/core';
import { CompanionService } from '../../common/companion-protocol';

/**
 * Feeds Theia's editors into the core's open-files model, which decides what the CLIs see and when:
 * `file:` editors that exist on disk, the focused one's cursor and selection.
 */
@injectable()
export class OpenFilesTracker implements FrontendApplicationContribution {
    @inject(EditorManager) protected readonly editorManager: EditorManager;
    @inject(FileService) protected readonly fileService: FileService;
    @inject(CompanionService) protected readonly companion: CompanionService;

    protected model: OpenFilesModel;
    /** The model's coalescing timer runs on it; specs replace it with a manual one. */
    protected readonly clock: Clock = systemClock;
    protected readonly editorIds = new WeakMap<EditorWidget, string>();
    protected nextEditorId = 1;
    protected activeEditorListeners = new DisposableCollection();

    @postConstruct()
    protected init(): void {
        this.model = new OpenFilesModel({ publish: context => this.publish(context), clock: this.clock });
    }

    onStart(): void {
        this.editorManager.all.forEach(widget => void this.track(widget));
        this.editorManager.onCreated(widget => void this.track(widget));
        this.editorManager.onCurrentEditorChanged(widget => widget && this.focus(widget));
        this.fileService.onDidFilesChange(event => {
            for (const change of event.changes.filter(c => c.type === FileChangeType.DELETED)) {
                this.model.deleted(change.resource.path.fsPath());
            }
        });
        this.fileService.onDidRunOperation(event => {
            if (event.isOperation(FileOperation.MOVE) && event.target) {
                this.model.renamed(event.resource.path.fsPath(), event.target.resource.path.fsPath());
            } else if (event.isOperation(FileOperation.DELETE)) {
                this.model.deleted(event.resource.path.fsPath());
            }
        });
    }

    /** Sends the current context again (the window has just attached to its server). */
    republish(): void {
        this.model.republish();
    }

    /** The context as it would be sent now. */
    snapshot(): IdeContext {
        return this.model.snapshot();
    }

    protected async track(widget: EditorWidget): Promise<void> {
        const uri = widget.editor.uri;
        if (uri.scheme !== 'file') {
            return; // untitled, diff, settings, output and proposal editors are not files on disk
        }
        const editorId = `editor-${this.nextEditorId++}`;
        this.editorIds.set(widget, editorId);
        // Registered before the await: an editor closed while we look at the disk is still forgotten.
        widget.onDidDispose(() => this.model.editorClosed(editorId));
        if (!await this.exists(uri) || widget.isDisposed) {
            return;
        }
        this.model.editorOpened(editorId, uri.path.fsPath());
        if (this.editorManager.currentEditor === widget) {
            this.focus(widget);
        }
    }

    /** Focus moving to a diff, a terminal or any non-file widget keeps the last file active. */
    protected focus(widget: EditorWidget): void {
        if (!this.editorIds.has(widget)) {
            return;
        }
        this.model.focus(widget.editor.uri.path.fsPath(), this.cursorOf(widget));
        // The path is read at each event: the file may have been renamed since it got focus.
        const moved = () => this.model.updateCursor(widget.editor.uri.path.fsPath(), this.cursorOf(widget));
        this.activeEditorListeners.dispose();
        this.activeEditorListeners = new DisposableCollection(
            widget.editor.onCursorPositionChanged(moved),
            widget.editor.onSelectionChanged(moved)
        );
    }

    protected cursorOf(widget: EditorWidget): CursorState {
        const { editor } = widget;
        const selectedText = editor.document.getText(editor.selection);
        const { start, end } = editor.selection; // 0-based, start before end: Claude Code's selection_changed
        return {
            line: editor.cursor.line, character: editor.cursor.character,
            ...(selectedText ? { selectedText, selection: { start: { line: start.line, character: start.character }, end: { line: end.line, character: end.character } } } : {})
        };
    }

    protected async exists(uri: URI): Promise<boolean> {
        try {
            return await this.fileService.exists(uri);
        } catch {
            return false;
        }
    }

    protected publish(context: IdeContext): void {
        this.companion.updateContext(context).catch(() => undefined); // not attached yet: attach pushes again
    }
}
