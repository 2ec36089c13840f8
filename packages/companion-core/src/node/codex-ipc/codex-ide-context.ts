import * as path from 'path';
import { ConfinementOptions, realPathOfNearest, relativeInside } from '@ai-cli-companion/node-base';
import type { IdeContext, OpenFile } from '../../common/wire-schemas';

/** One editor window as Codex's `ide-context` sees it: its folders and its editor context. */
export interface CodexWindow {
    /** The window's workspace roots, absolute, as the editor knows them. */
    roots(): readonly string[];
    /** The window's last editor context, before limits (the 0-based selection is kept). */
    context(): IdeContext;
    /** False while the user has Codex switched off for this window. */
    enabled?(): boolean;
    /** This window answered a Codex CLI running in `workspaceRoot` (see CodexClients). */
    asked?(workspaceRoot: string): void;
}

interface Position { readonly line: number; readonly character: number }
interface Range { readonly start: Position; readonly end: Position }

export interface CodexFileDescriptor {
    readonly label: string;
    /** Relative to the window's root, or absolute for a file outside every root. */
    readonly path: string;
    readonly fsPath: string;
}

export interface CodexActiveFile extends CodexFileDescriptor {
    readonly selection: Range;
    readonly activeSelectionContent: string;
    readonly selections: readonly Range[];
}

/** The `ideContext` the CLI parses (codex-rs/tui ide_context.rs): lines and characters 0-based. */
export interface CodexIdeContext {
    readonly activeFile: CodexActiveFile | null;
    readonly openTabs: readonly CodexFileDescriptor[];
}

/** The window whose folders hold `workspaceRoot` and the root that does: the deepest root wins. */
export interface CodexWindowMatch<W extends CodexWindow = CodexWindow> {
    readonly window: W;
    readonly root: string;
}

/**
 * Which window answers for the CLI's folder. Both sides are compared as real paths (the CLI sends
 * `getcwd()`, a window may have opened the folder through a symlink). Nested roots of two windows: the
 * deeper one is the more specific answer. Equal roots: the window with the most recent editor activity.
 */
export function findCodexWindow<W extends CodexWindow>(workspaceRoot: string, windows: Iterable<W>, options: ConfinementOptions = {}): CodexWindowMatch<W> | undefined {
    if (!path.isAbsolute(workspaceRoot) || workspaceRoot.includes('\0')) {
        return undefined;
    }
    let target: string;
    try {
        target = realPathOfNearest(path.resolve(workspaceRoot), options);
    } catch {
        return undefined;
    }
    let best: { match: CodexWindowMatch<W>; depth: number; activity: number } | undefined;
    for (const window of windows) {
        if (window.enabled?.() === false) {
            continue;
        }
        for (const root of window.roots()) {
            let realRoot: string;
            try {
                realRoot = realPathOfNearest(path.resolve(root), options);
            } catch {
                continue;
            }
            if (relativeInside(realRoot, target, options) === undefined) {
                continue;
            }
            const depth = realRoot.length;
            const activity = latestActivity(window.context());
            if (!best || depth > best.depth || (depth === best.depth && activity > best.activity)) {
                best = { match: { window, root }, depth, activity };
            }
        }
    }
    return best?.match;
}

/** The window's context in Codex's shape, paths relative to `root` (else to another root of the window). */
export function toCodexIdeContext(context: IdeContext, root: string, otherRoots: readonly string[] = []): CodexIdeContext {
    const files = [...(context.workspaceState?.openFiles ?? [])].sort((a, b) => b.timestamp - a.timestamp);
    const roots = [root, ...otherRoots.filter(other => other !== root)];
    const active = files.find(file => file.isActive);
    return {
        activeFile: active ? activeFileOf(active, roots) : null,
        openTabs: files.map(file => descriptorOf(file.path, roots))
    };
}

function activeFileOf(file: OpenFile, roots: readonly string[]): CodexActiveFile {
    const selection: Range = file.selection
        ?? (file.cursor ? collapsed({ line: file.cursor.line - 1, character: file.cursor.character - 1 }) : collapsed({ line: 0, character: 0 }));
    return { ...descriptorOf(file.path, roots), selection, activeSelectionContent: file.selectedText ?? '', selections: [] };
}

function descriptorOf(fsPath: string, roots: readonly string[]): CodexFileDescriptor {
    for (const root of roots) {
        const relative = relativeInside(root, fsPath);
        if (relative) {
            return { label: path.basename(fsPath), path: relative.split(path.sep).join('/'), fsPath };
        }
    }
    return { label: path.basename(fsPath), path: fsPath, fsPath };
}

function collapsed(position: Position): Range {
    return { start: position, end: position };
}

function latestActivity(context: IdeContext): number {
    return Math.max(0, ...(context.workspaceState?.openFiles ?? []).map(file => file.timestamp));
}
