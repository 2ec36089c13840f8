import * as vscode from 'vscode';

/** The editable right side of a diff: the proposal, which the user may change and save. */
export const PROPOSAL_SCHEME = 'ai-cli-proposal';
/** The read-only left side: the file as it was on disk when the proposal arrived (empty for a new file). */
export const ORIGINAL_SCHEME = 'ai-cli-original';

interface MemoryFile {
    data: Uint8Array;
    readonly ctime: number;
    mtime: number;
}

/**
 * In-memory files behind one side of the diff editors, at `<scheme>:/<diffId>/<relative path>`.
 * A file-system provider rather than a content provider: in Theia a content-provider document can be
 * edited but never saved, so it stays dirty and closing its tab asks "Save changes?" (or refuses to
 * close with auto-save on). Here save reaches `writeFile`, which only stores the text: saving is never
 * "accept". Registered read-only for the left side, so neither IDE lets the user edit the snapshot.
 */
export class MemoryFileSystem implements vscode.FileSystemProvider {
    private readonly files = new Map<string, MemoryFile>();
    private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
    readonly onDidChangeFile = this.changes.event;

    constructor(readonly scheme: string, readonly readonly: boolean) { }

    register(): vscode.Disposable {
        return vscode.workspace.registerFileSystemProvider(this.scheme, this, { isCaseSensitive: true, isReadonly: this.readonly });
    }

    uriFor(diffId: string, relativePath: string): vscode.Uri {
        const segments = relativePath.split(/[\\/]+/).filter(Boolean);
        return vscode.Uri.from({ scheme: this.scheme, path: `/${diffId}/${segments.join('/')}` });
    }

    /** The diff a URI of this scheme belongs to; compared by id, never by a round-tripped URI string. */
    diffIdOf(uri: vscode.Uri | undefined): string | undefined {
        if (!uri || uri.scheme !== this.scheme) {
            return undefined;
        }
        return uri.path.split('/')[1] || undefined;
    }

    put(uri: vscode.Uri, text: string): void {
        const now = Date.now();
        this.files.set(uri.path, { data: Buffer.from(text, 'utf8'), ctime: now, mtime: now });
    }

    text(uri: vscode.Uri): string | undefined {
        const file = this.files.get(uri.path);
        return file && Buffer.from(file.data).toString('utf8');
    }

    /** Forgets every file of one diff. */
    forget(diffId: string): void {
        for (const key of [...this.files.keys()].filter(key => key.startsWith(`/${diffId}/`))) {
            this.files.delete(key);
        }
    }

    watch(): vscode.Disposable {
        // Nothing but the editor writes these files: there are no outside changes to report.
        return new vscode.Disposable(() => undefined);
    }

    stat(uri: vscode.Uri): vscode.FileStat {
        const file = this.files.get(uri.path);
        if (file) {
            return {
                type: vscode.FileType.File, ctime: file.ctime, mtime: file.mtime, size: file.data.byteLength,
                ...(this.readonly ? { permissions: vscode.FilePermission.Readonly } : {})
            };
        }
        if (this.isDirectory(uri.path)) {
            return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
        }
        throw vscode.FileSystemError.FileNotFound(uri);
    }

    readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
        const prefix = uri.path.endsWith('/') ? uri.path : `${uri.path}/`;
        const entries = new Map<string, vscode.FileType>();
        for (const key of this.files.keys()) {
            if (key.startsWith(prefix)) {
                const [name, ...rest] = key.slice(prefix.length).split('/');
                entries.set(name, rest.length > 0 ? vscode.FileType.Directory : vscode.FileType.File);
            }
        }
        return [...entries];
    }

    readFile(uri: vscode.Uri): Uint8Array {
        const file = this.files.get(uri.path);
        if (!file) {
            throw vscode.FileSystemError.FileNotFound(uri);
        }
        return file.data;
    }

    /** The user saved the proposal (Ctrl+S is bound to accept, but auto-save writes too): store it, nothing else. */
    writeFile(uri: vscode.Uri, content: Uint8Array): void {
        const file = this.files.get(uri.path);
        if (this.readonly || !file) {
            throw this.readonly ? vscode.FileSystemError.NoPermissions(uri) : vscode.FileSystemError.FileNotFound(uri);
        }
        file.data = content;
        file.mtime = Math.max(Date.now(), file.mtime + 1); // a new etag for every save
    }

    createDirectory(uri: vscode.Uri): void {
        throw vscode.FileSystemError.NoPermissions(uri);
    }

    delete(uri: vscode.Uri): void {
        throw vscode.FileSystemError.NoPermissions(uri);
    }

    rename(uri: vscode.Uri): void {
        throw vscode.FileSystemError.NoPermissions(uri);
    }

    private isDirectory(path: string): boolean {
        const prefix = path.endsWith('/') ? path : `${path}/`;
        return [...this.files.keys()].some(key => key.startsWith(prefix));
    }
}
