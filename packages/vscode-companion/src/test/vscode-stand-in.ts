/*
 * A stand-in for the `vscode` module, for unit tests outside an extension host: the parts of the API
 * the extension uses, with state a test can drive (tabs, active editor, documents, configuration) and
 * a record of what the extension did (commands executed, env collection entries, terminals).
 * Loaded with mocha's --require: `require('vscode')` then resolves here.
 */
import * as path from 'path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require('module');

type Listener<T> = (value: T) => unknown;

export class EventEmitter<T> {
    private listeners = new Set<Listener<T>>();
    readonly event = (listener: Listener<T>) => {
        this.listeners.add(listener);
        return new Disposable(() => this.listeners.delete(listener));
    };
    fire(value: T): void {
        [...this.listeners].forEach(listener => listener(value));
    }
    dispose(): void {
        this.listeners.clear();
    }
}

export class Disposable {
    constructor(private readonly callback: () => unknown) { }
    dispose(): void {
        this.callback();
    }
}

export class Uri {
    private constructor(readonly scheme: string, readonly path: string, readonly query = '') { }
    static from({ scheme, path: uriPath, query }: { scheme: string; path: string; query?: string }): Uri {
        return new Uri(scheme, uriPath, query);
    }
    static file(fsPath: string): Uri {
        return new Uri('file', path.resolve(fsPath));
    }
    get fsPath(): string {
        return this.path;
    }
    toString(): string {
        return `${this.scheme}://${this.path}${this.query ? `?${this.query}` : ''}`;
    }
}

export enum FileType { Unknown = 0, File = 1, Directory = 2, SymbolicLink = 64 }
export enum FilePermission { Readonly = 1 }
export enum StatusBarAlignment { Left = 1, Right = 2 }

export class FileSystemError extends Error {
    constructor(message: string, readonly code: string) {
        super(message);
    }
    static FileNotFound(uri?: Uri): FileSystemError {
        return new FileSystemError(`not found: ${uri}`, 'FileNotFound');
    }
    static NoPermissions(uri?: Uri): FileSystemError {
        return new FileSystemError(`no permissions: ${uri}`, 'NoPermissions');
    }
}

export class TabInputText {
    constructor(readonly uri: Uri) { }
}

export class TabInputTextDiff {
    constructor(readonly original: Uri, readonly modified: Uri) { }
}

export class Position {
    constructor(readonly line: number, readonly character: number) { }
}

export class Selection {
    constructor(readonly anchor: Position, readonly active: Position) { }
    get isEmpty(): boolean {
        return this.anchor.line === this.active.line && this.anchor.character === this.active.character;
    }
    /** As VS Code's: the earlier of anchor and active. */
    get start(): Position {
        return this.before(this.anchor, this.active) ? this.anchor : this.active;
    }
    get end(): Position {
        return this.before(this.anchor, this.active) ? this.active : this.anchor;
    }
    private before(a: Position, b: Position): boolean {
        return a.line < b.line || (a.line === b.line && a.character <= b.character);
    }
}

/** A text document whose text a test can change; `save()` writes through the registered file system. */
export class TextDocument {
    isDirty = false;
    saves = 0;
    constructor(readonly uri: Uri, private text: string) { }
    getText(range?: Selection): string {
        if (!range) {
            return this.text;
        }
        const lines = this.text.split('\n');
        const offset = (p: Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
        const [a, b] = [offset(range.anchor), offset(range.active)].sort((x, y) => x - y);
        return this.text.slice(a, b);
    }
    edit(text: string): void {
        this.text = text;
        this.isDirty = true;
        workspace.changeDocument.fire({ document: this });
    }
    async save(): Promise<boolean> {
        const provider = fileSystems.get(this.uri.scheme);
        provider?.writeFile(this.uri, Buffer.from(this.text, 'utf8'), { create: false, overwrite: true });
        this.saves++;
        this.isDirty = false;
        return true;
    }
}

export interface Tab { input: unknown; group: TabGroup; label: string }
export interface TabGroup { viewColumn: number; tabs: Tab[]; activeTab?: Tab }

const fileSystems = new Map<string, { writeFile(uri: Uri, content: Uint8Array, options: unknown): void; readFile(uri: Uri): Uint8Array }>();
const group: TabGroup = { viewColumn: 1, tabs: [] };

/** What the extension did, and levers for a test. */
export const standIn = {
    executed: [] as Array<{ command: string; args: unknown[] }>,
    commandHandlers: new Map<string, (...args: unknown[]) => unknown>(),
    contextKeys: new Map<string, unknown>(),
    messages: [] as string[],
    clipboard: undefined as string | undefined,
    configuration: new Map<string, unknown>(),
    group,
    /** Shows a tab in the group and makes it active, like the editor opening it. */
    openTab(input: unknown, label = 'tab'): Tab {
        const tab: Tab = { input, group, label };
        group.tabs.push(tab);
        group.activeTab = tab;
        window.changeTabs.fire({ opened: [tab], closed: [], changed: [] });
        return tab;
    },
    /** The user closes a tab. */
    closeTab(tab: Tab): void {
        group.tabs = group.tabs.filter(t => t !== tab);
        if (group.activeTab === tab) {
            group.activeTab = group.tabs[group.tabs.length - 1];
        }
        window.changeTabs.fire({ opened: [], closed: [tab], changed: [] });
    },
    setActiveEditor(editor: TextEditor | undefined): void {
        window.activeTextEditor = editor;
        window.changeActiveEditor.fire(editor);
    },
    reset(): void {
        this.executed.length = 0;
        this.commandHandlers.clear();
        this.contextKeys.clear();
        this.messages.length = 0;
        this.clipboard = undefined;
        this.configuration.clear();
        group.tabs = [];
        group.activeTab = undefined;
        window.activeTextEditor = undefined;
        window.terminals = [];
        window.activeTerminal = undefined;
        workspace.textDocuments.length = 0;
        workspace.workspaceFolders = undefined;
        fileSystems.clear();
    }
};

export interface TextEditor { document: TextDocument; selection: Selection; viewColumn?: number }
export interface Terminal { name: string; processId: Promise<number | undefined> }

export const window = {
    changeTabs: new EventEmitter<{ opened: Tab[]; closed: Tab[]; changed: Tab[] }>(),
    changeActiveEditor: new EventEmitter<TextEditor | undefined>(),
    changeSelection: new EventEmitter<{ textEditor: TextEditor }>(),
    activeTextEditor: undefined as TextEditor | undefined,
    terminals: [] as Terminal[],
    activeTerminal: undefined as Terminal | undefined,
    tabGroups: {
        get all() {
            return [group];
        },
        get activeTabGroup() {
            return group;
        },
        onDidChangeTabs: (listener: Listener<{ opened: Tab[]; closed: Tab[]; changed: Tab[] }>) => window.changeTabs.event(listener),
        async close(tabs: Tab | Tab[]): Promise<boolean> {
            for (const tab of Array.isArray(tabs) ? tabs : [tabs]) {
                const document = workspace.textDocuments.find(d => tab.input instanceof TabInputTextDiff && d.uri.toString() === tab.input.modified.toString());
                if (document?.isDirty) {
                    standIn.messages.push('Save changes?'); // what a real editor would ask
                }
                standIn.closeTab(tab);
            }
            return true;
        }
    },
    onDidChangeActiveTextEditor: (listener: Listener<TextEditor | undefined>) => window.changeActiveEditor.event(listener),
    onDidChangeTextEditorSelection: (listener: Listener<{ textEditor: TextEditor }>) => window.changeSelection.event(listener),
    createOutputChannel: (name: string) => ({ name, lines: [] as string[], appendLine(line: string) { this.lines.push(line); }, show() { /* no UI */ }, dispose() { /* nothing */ } }),
    createStatusBarItem: () => ({ text: '', tooltip: '', show() { /* no UI */ }, dispose() { /* nothing */ } }),
    /** Picks the first action offered, like a user who clicks it. */
    showWarningMessage: (message: string, ...actions: string[]) => { standIn.messages.push(message); return Promise.resolve(actions[0]); },
    showInformationMessage: (message: string) => { standIn.messages.push(message); return Promise.resolve(undefined); },
    showErrorMessage: (message: string) => { standIn.messages.push(message); return Promise.resolve(undefined); }
};

export const workspace = {
    changeDocument: new EventEmitter<{ document: TextDocument }>(),
    rename: new EventEmitter<{ files: Array<{ oldUri: Uri; newUri: Uri }> }>(),
    remove: new EventEmitter<{ files: Uri[] }>(),
    textDocuments: [] as TextDocument[],
    workspaceFolders: undefined as Array<{ uri: Uri }> | undefined,
    registerFileSystemProvider(scheme: string, provider: { writeFile(uri: Uri, content: Uint8Array, options: unknown): void; readFile(uri: Uri): Uint8Array }) {
        fileSystems.set(scheme, provider);
        return new Disposable(() => fileSystems.delete(scheme));
    },
    onDidChangeTextDocument: (listener: Listener<{ document: TextDocument }>) => workspace.changeDocument.event(listener),
    onDidRenameFiles: (listener: Listener<{ files: Array<{ oldUri: Uri; newUri: Uri }> }>) => workspace.rename.event(listener),
    onDidDeleteFiles: (listener: Listener<{ files: Uri[] }>) => workspace.remove.event(listener),
    getConfiguration: (section: string) => ({
        get: <T>(key: string, fallback: T): T => (standIn.configuration.has(`${section}.${key}`) ? standIn.configuration.get(`${section}.${key}`) as T : fallback)
    })
};

export const commands = {
    async executeCommand(command: string, ...args: unknown[]): Promise<unknown> {
        standIn.executed.push({ command, args });
        if (command === 'setContext') {
            standIn.contextKeys.set(args[0] as string, args[1]);
            return undefined;
        }
        if (command === 'vscode.diff') {
            // Like the editor: the right side becomes a document, the diff a tab.
            const [original, modified, title] = args as [Uri, Uri, string];
            const text = Buffer.from(fileSystems.get(modified.scheme)!.readFile(modified)).toString('utf8');
            workspace.textDocuments.push(new TextDocument(modified, text));
            standIn.openTab(new TabInputTextDiff(original, modified), title);
            return undefined;
        }
        const handler = standIn.commandHandlers.get(command);
        if (!handler) {
            throw new Error(`Command with id '${command}' is not registered.`);
        }
        return handler(...args);
    },
    registerCommand(command: string, handler: (...args: unknown[]) => unknown) {
        standIn.commandHandlers.set(command, handler);
        return new Disposable(() => standIn.commandHandlers.delete(command));
    }
};

export const env = { appName: 'Stand-in Code', clipboard: { writeText: async (text: string) => { standIn.clipboard = text; } } };

const exported = {
    EventEmitter, Disposable, Uri, FileType, FilePermission, FileSystemError, TabInputText, TabInputTextDiff,
    StatusBarAlignment, Position, Selection, window, workspace, commands, env, standIn
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: exported } as unknown as NodeJS.Module;
