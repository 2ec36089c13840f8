import { RpcProxy } from '@theia/core/lib/common/messaging/proxy-factory';
import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { DisposableCollection } from '@theia/core/lib/common/disposable';
import URI from '@theia/core/lib/common/uri';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileChangeType, FileOperation } from '@theia/filesystem/lib/common/files';
import { CONTEXT_LIMITS, IdeContext, OpenFile } from '@ai-cli-companion/core/lib/wire-schemas';
import { CompanionService } from '../common/companion-protocol';

/** Cursor and selection events come per keystroke; the CLIs expect at most one update per 50 ms. */
export const CONTEXT_DEBOUNCE_MS = 50;

interface TrackedFile {
    readonly uri: URI;
    /** When the file was last focused, ms. */
    timestamp: number;
    widgets: Set<EditorWidget>;
}

/**
 * The editor context the CLIs see: the files open in this window that exist on disk, most recently
 * focused first, and the focused one's cursor and selection.
 */
@injectable()
export class EditorContextTracker implements FrontendApplicationContribution {
    @inject(EditorManager) protected readonly editorManager: EditorManager;
    @inject(FileService) protected readonly fileService: FileService;
    @inject(CompanionService) protected readonly companion: RpcProxy<CompanionService>;

    protected readonly files = new Map<string, TrackedFile>();
    protected active: TrackedFile | undefined;
    protected activeEditorListeners = new DisposableCollection();
    protected timer: ReturnType<typeof setTimeout> | undefined;

    onStart(): void {
        this.editorManager.all.forEach(widget => this.track(widget));
        this.editorManager.onCreated(widget => this.track(widget));
        this.editorManager.onCurrentEditorChanged(widget => widget && this.focus(widget));
        this.fileService.onDidFilesChange(event => {
            for (const change of event.changes.filter(c => c.type === FileChangeType.DELETED)) {
                this.forgetUnder(change.resource);
            }
        });
        this.fileService.onDidRunOperation(event => {
            if (event.isOperation(FileOperation.MOVE) && event.target) {
                this.rename(event.resource, event.target.resource);
            } else if (event.isOperation(FileOperation.DELETE)) {
                this.forgetUnder(event.resource);
            }
        });
        this.companion.onDidOpenConnection(() => this.schedule());
    }

    /** The context as it would be sent now. */
    snapshot(): IdeContext {
        const files = [...this.files.values()]
            .sort((a, b) => b.timestamp - a.timestamp)
            .slice(0, CONTEXT_LIMITS.maxOpenFiles)
            .map(file => this.describe(file));
        return { workspaceState: { openFiles: files } };
    }

    protected async track(widget: EditorWidget): Promise<void> {
        const uri = widget.editor.uri;
        if (uri.scheme !== 'file' || !await this.fileService.exists(uri)) {
            return; // untitled, diff, settings, output and proposal editors are not files on disk
        }
        const key = uri.toString();
        let file = this.files.get(key);
        if (!file) {
            file = { uri, timestamp: Date.now(), widgets: new Set() };
            this.files.set(key, file);
        }
        file.widgets.add(widget);
        widget.onDidDispose(() => this.untrack(key, widget));
        if (this.editorManager.currentEditor === widget) {
            this.focus(widget);
        }
        this.schedule();
    }

    protected untrack(key: string, widget: EditorWidget): void {
        const file = this.files.get(key);
        if (!file) {
            return;
        }
        file.widgets.delete(widget);
        if (file.widgets.size === 0) {
            this.files.delete(key);
            if (this.active === file) {
                this.setActive(undefined);
            }
        }
        this.schedule();
    }

    /** Focus moving to a diff, a terminal or any non-file widget keeps the last file active. */
    protected focus(widget: EditorWidget): void {
        const file = this.files.get(widget.editor.uri.toString());
        if (!file) {
            return;
        }
        file.timestamp = Date.now();
        this.setActive(file, widget);
        this.schedule();
    }

    protected setActive(file: TrackedFile | undefined, widget?: EditorWidget): void {
        this.activeEditorListeners.dispose();
        this.activeEditorListeners = new DisposableCollection();
        this.active = file;
        if (widget) {
            this.activeEditorListeners.push(widget.editor.onCursorPositionChanged(() => this.schedule()));
            this.activeEditorListeners.push(widget.editor.onSelectionChanged(() => this.schedule()));
        }
    }

    protected describe(file: TrackedFile): OpenFile {
        const entry: OpenFile = { path: file.uri.path.fsPath(), timestamp: file.timestamp };
        const editor = this.active === file ? this.activeEditorOf(file) : undefined;
        if (!editor) {
            return entry;
        }
        const { line, character } = editor.cursor;
        const selected = editor.document.getText(editor.selection);
        return {
            ...entry,
            isActive: true,
            cursor: { line: line + 1, character: character + 1 },
            ...(selected ? { selectedText: selected.slice(0, CONTEXT_LIMITS.maxSelectedTextLength) } : {})
        };
    }

    protected activeEditorOf(file: TrackedFile): EditorWidget['editor'] | undefined {
        const current = this.editorManager.currentEditor;
        const widget = current && file.widgets.has(current) ? current : [...file.widgets][0];
        return widget?.editor;
    }

    protected forgetUnder(resource: URI): void {
        for (const [key, file] of this.files) {
            if (resource.isEqualOrParent(file.uri)) {
                this.files.delete(key);
                if (this.active === file) {
                    this.setActive(undefined);
                }
            }
        }
        this.schedule();
    }

    protected rename(from: URI, to: URI): void {
        for (const [key, file] of [...this.files]) {
            if (from.isEqualOrParent(file.uri)) {
                this.files.delete(key);
                const relative = from.relative(file.uri);
                const uri = relative ? to.resolve(relative) : to;
                const moved = { ...file, uri };
                this.files.set(uri.toString(), moved);
                if (this.active === file) {
                    this.active = moved;
                }
            }
        }
        this.schedule();
    }

    protected schedule(): void {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => {
            this.companion.updateContext(this.snapshot()).catch(() => undefined);
        }, CONTEXT_DEBOUNCE_MS);
    }
}
