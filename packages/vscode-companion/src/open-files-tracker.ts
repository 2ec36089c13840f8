import * as fs from 'fs';
import * as vscode from 'vscode';
import type { CursorState, OpenFilesModel } from '@ai-cli-companion/core';

/**
 * Feeds the core's open-files model from the editor: a file is open while a tab shows it, the
 * focused text editor's file is active, its cursor and selection follow. Only files on disk count:
 * untitled documents and the diff sides (our own schemes) never reach a CLI.
 */
export class OpenFilesTracker implements vscode.Disposable {
    private readonly disposables: vscode.Disposable[] = [];

    constructor(private readonly model: OpenFilesModel) { }

    start(): void {
        for (const group of vscode.window.tabGroups.all) {
            group.tabs.forEach(tab => this.tabOpened(tab));
        }
        this.activeEditorChanged(vscode.window.activeTextEditor);
        this.disposables.push(
            vscode.window.tabGroups.onDidChangeTabs(event => {
                event.opened.forEach(tab => this.tabOpened(tab));
                event.changed.forEach(tab => this.tabOpened(tab));
                event.closed.forEach(tab => this.tabClosed(tab));
            }),
            vscode.window.onDidChangeActiveTextEditor(editor => this.activeEditorChanged(editor)),
            vscode.window.onDidChangeTextEditorSelection(event => {
                if (event.textEditor === vscode.window.activeTextEditor && isFileOnDisk(event.textEditor.document.uri)) {
                    this.model.updateCursor(event.textEditor.document.uri.fsPath, cursorOf(event.textEditor));
                }
            }),
            vscode.workspace.onDidRenameFiles(event => event.files.forEach(({ oldUri, newUri }) => {
                if (oldUri.scheme === 'file') {
                    if (newUri.scheme === 'file') {
                        this.model.renamed(oldUri.fsPath, newUri.fsPath);
                    } else {
                        this.model.deleted(oldUri.fsPath);
                    }
                }
            })),
            vscode.workspace.onDidDeleteFiles(event => event.files.forEach(uri => uri.scheme === 'file' && this.model.deleted(uri.fsPath)))
        );
    }

    dispose(): void {
        this.disposables.forEach(d => d.dispose());
    }

    private tabOpened(tab: vscode.Tab): void {
        const uri = textTabUri(tab);
        if (uri && isFileOnDisk(uri)) {
            this.model.editorOpened(tabId(tab.group.viewColumn, uri), uri.fsPath);
        }
    }

    private tabClosed(tab: vscode.Tab): void {
        const uri = textTabUri(tab);
        if (uri) {
            this.model.editorClosed(tabId(tab.group.viewColumn, uri));
        }
    }

    /** Focus moving to a terminal, a diff or an untitled editor keeps the last file active. */
    private activeEditorChanged(editor: vscode.TextEditor | undefined): void {
        const uri = editor?.document.uri;
        if (!editor || !uri || !isFileOnDisk(uri)) {
            return;
        }
        // The tab event may come after the editor event: register the same editor id now.
        const column = editor.viewColumn ?? vscode.window.tabGroups.activeTabGroup?.viewColumn ?? 1;
        this.model.editorOpened(tabId(column, uri), uri.fsPath);
        this.model.focus(uri.fsPath, cursorOf(editor));
    }
}

function tabId(column: number, uri: vscode.Uri): string {
    return `${column}:${uri.toString()}`;
}

function textTabUri(tab: vscode.Tab): vscode.Uri | undefined {
    return tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
}

function isFileOnDisk(uri: vscode.Uri): boolean {
    return uri.scheme === 'file' && fs.existsSync(uri.fsPath);
}

function cursorOf(editor: vscode.TextEditor): CursorState {
    const selection = editor.selection;
    const selectedText = selection.isEmpty ? undefined : editor.document.getText(selection);
    // The range, 0-based and ordered, is what Claude Code's selection_changed carries.
    const range = selectedText ? { selection: { start: { line: selection.start.line, character: selection.start.character }, end: { line: selection.end.line, character: selection.end.character } } } : {};
    return { line: selection.active.line, character: selection.active.character, ...(selectedText ? { selectedText } : {}), ...range };
}
