/*
 * No Node imports: browser-side adapters bundle this file.
 */
import { Clock, systemClock } from './clock';
import { CONTEXT_LIMITS, IdeContext, OpenFile } from './wire-schemas';

/** Where the cursor of the focused editor is, as editors report it (0-based), and what is selected. */
export interface CursorState {
    readonly line: number;
    readonly character: number;
    readonly selectedText?: string;
    /** The selection, 0-based, start before end (Claude Code's selection_changed carries it). */
    readonly selection?: { readonly start: { line: number; character: number }; readonly end: { line: number; character: number } };
}

export interface OpenFilesModelOptions {
    /** Receives every context worth sending; the first change of a burst at once, then at most one per interval. */
    readonly publish: (context: IdeContext) => void;
    /** The CLIs expect no more than one update per 50 ms. */
    readonly intervalMs?: number;
    readonly now?: () => number;
    /** Timers of the coalescing interval (and `now` when not given): specs pass a manual one. */
    readonly clock?: Clock;
}

interface TrackedFile {
    path: string;
    /** When the file was last focused: strictly increasing, so the order never depends on clock resolution. */
    timestamp: number;
    readonly editors: Set<string>;
}

/**
 * The editor context the CLIs see, kept by any editor adapter: files open in editors (most recently
 * focused first, at most ten), the focused one with its cursor and selection. Editors are tracked by
 * an id of the adapter's choosing, so a rename or delete never leaves an entry that its editor's close
 * cannot find again.
 */
export class OpenFilesModel {
    private readonly files = new Map<string, TrackedFile>();
    private readonly editorPaths = new Map<string, string>();
    private active: TrackedFile | undefined;
    private cursor: CursorState | undefined;
    private lastTimestamp = 0;
    private lastPublished: string | undefined;
    private timer: unknown;
    private dirty = false;
    private disposed = false;

    private readonly clock: Clock;

    constructor(private readonly options: OpenFilesModelOptions) {
        this.clock = options.clock ?? systemClock;
    }

    /** An editor shows a file that exists on disk. */
    editorOpened(editorId: string, path: string): void {
        const previous = this.editorPaths.get(editorId);
        if (previous === path) {
            return;
        }
        if (previous !== undefined) {
            this.detachEditor(editorId, previous);
        }
        let file = this.files.get(path);
        if (!file) {
            file = { path, timestamp: this.nextTimestamp(), editors: new Set() };
            this.files.set(path, file);
        }
        file.editors.add(editorId);
        this.editorPaths.set(editorId, path);
        this.changed();
    }

    editorClosed(editorId: string): void {
        const path = this.editorPaths.get(editorId);
        if (path !== undefined) {
            this.detachEditor(editorId, path);
            this.changed();
        }
    }

    /** The file's editor got focus; focus moving to a terminal or a diff keeps the last file active. */
    focus(path: string, state?: CursorState): void {
        const file = this.files.get(path);
        if (!file) {
            return;
        }
        file.timestamp = this.nextTimestamp();
        this.active = file;
        this.cursor = state;
        this.changed();
    }

    /** The focused editor's cursor or selection moved. */
    updateCursor(path: string, state: CursorState): void {
        if (this.active?.path === path) {
            this.cursor = state;
            this.changed();
        }
    }

    /** A file or folder was moved or renamed: its open files keep their editors, order and focus. */
    renamed(fromPath: string, toPath: string): void {
        const moves: Array<[TrackedFile, string]> = [];
        for (const file of this.files.values()) {
            const target = movedPath(file.path, fromPath, toPath);
            if (target !== undefined) {
                moves.push([file, target]);
            }
        }
        for (const [file] of moves) {
            this.files.delete(file.path);
        }
        for (const [file, target] of moves) {
            file.path = target;
            this.files.set(target, file);
            file.editors.forEach(editorId => this.editorPaths.set(editorId, target));
        }
        if (moves.length > 0) {
            this.changed();
        }
    }

    /** A file or folder is gone from disk: its files leave the context even while editors still show them. */
    deleted(path: string): void {
        let removed = false;
        for (const file of [...this.files.values()]) {
            if (movedPath(file.path, path, path) !== undefined) {
                this.forget(file);
                removed = true;
            }
        }
        if (removed) {
            this.changed();
        }
    }

    /** The context as it would be sent now. */
    snapshot(): IdeContext {
        const openFiles = [...this.files.values()]
            .sort((a, b) => b.timestamp - a.timestamp)
            .slice(0, CONTEXT_LIMITS.maxOpenFiles)
            .map(file => this.describe(file));
        return { workspaceState: { openFiles } };
    }

    /** Sends the current context again, unchanged or not (the receiver restarted or reconnected). */
    republish(): void {
        this.lastPublished = undefined;
        this.changed();
    }

    dispose(): void {
        this.disposed = true;
        this.clock.clearTimeout(this.timer);
        this.timer = undefined;
    }

    private describe(file: TrackedFile): OpenFile {
        const entry: OpenFile = { path: file.path, timestamp: file.timestamp };
        if (file !== this.active) {
            return entry;
        }
        const cursor = this.cursor;
        const selected = cursor?.selectedText?.slice(0, CONTEXT_LIMITS.maxSelectedTextLength);
        return {
            ...entry,
            isActive: true,
            ...(cursor ? { cursor: { line: cursor.line + 1, character: cursor.character + 1 } } : {}),
            ...(selected ? { selectedText: selected } : {}),
            ...(cursor?.selection ? { selection: cursor.selection } : {})
        };
    }

    private detachEditor(editorId: string, path: string): void {
        this.editorPaths.delete(editorId);
        const file = this.files.get(path);
        file?.editors.delete(editorId);
        if (file && file.editors.size === 0) {
            this.forget(file);
        }
    }

    private forget(file: TrackedFile): void {
        this.files.delete(file.path);
        file.editors.forEach(editorId => this.editorPaths.delete(editorId));
        if (this.active === file) {
            this.active = undefined;
            this.cursor = undefined;
        }
    }

    private nextTimestamp(): number {
        const now = this.options.now ? this.options.now() : this.clock.now();
        this.lastTimestamp = Math.max(now, this.lastTimestamp + 1);
        return this.lastTimestamp;
    }

    /**
     * Leading edge, then coalescing: the first change of a burst goes out at once (a cursor move reaches
     * the CLI in a few ms), later ones within the interval collapse into one trailing update with the
     * last state.
     */
    private changed(): void {
        if (this.disposed) {
            return;
        }
        if (this.timer !== undefined) {
            this.dirty = true;
            return;
        }
        this.publishNow();
        this.timer = this.clock.setTimeout(() => this.tick(), this.options.intervalMs ?? 50);
    }

    private tick(): void {
        this.timer = undefined;
        if (this.dirty && !this.disposed) {
            this.dirty = false;
            this.publishNow();
            this.timer = this.clock.setTimeout(() => this.tick(), this.options.intervalMs ?? 50);
        }
    }

    private publishNow(): void {
        const context = this.snapshot();
        const text = JSON.stringify(context);
        if (text !== this.lastPublished) {
            this.lastPublished = text;
            this.options.publish(context);
        }
    }
}

/** The path of `path` after `from` moved to `to`, or undefined when `path` is not `from` or below it. */
function movedPath(path: string, from: string, to: string): string | undefined {
    if (path === from) {
        return to;
    }
    const separator = from.includes('\\') && !from.includes('/') ? '\\' : '/';
    const prefix = from.endsWith(separator) ? from : from + separator;
    return path.startsWith(prefix) ? to + path.slice(from.length) : undefined;
}
