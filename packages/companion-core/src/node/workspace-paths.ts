import * as fs from 'fs';
import * as path from 'path';

/** A CLI's file path, checked against the workspace roots after resolving `..` and symlinks. */
export type ResolvedWorkspacePath =
    | {
        /** The same file below the root as the editor knows it (a symlinked root stays symlinked). */
        readonly editorPath: string;
        /** Relative to its root; prefixed with the root's name when the workspace has several. */
        readonly relativePath: string;
    }
    | { readonly error: string };

export interface PathResolutionOptions {
    /** File systems that ignore case (macOS, Windows by default) compare paths case-folded. */
    readonly caseInsensitive?: boolean;
    readonly realpath?: (p: string) => string;
    readonly pathApi?: typeof path;
}

/**
 * Whether `filePath` lies inside one of `roots`. Both sides are normalised and compared as real paths,
 * so `<root>/../x` and a symlink pointing out of the workspace are refused, while a workspace opened
 * through a symlink (macOS `/tmp` → `/private/tmp`) accepts the `getcwd()` paths the CLIs send.
 * A file that does not exist yet is resolved through its nearest existing parent.
 */
export function resolveInWorkspace(filePath: string, roots: readonly string[], options: PathResolutionOptions = {}): ResolvedWorkspacePath {
    const p = options.pathApi ?? path;
    if (!p.isAbsolute(filePath)) {
        return { error: `"${filePath}" is not an absolute path.` };
    }
    if (filePath.includes('\0')) {
        return { error: 'The path contains a NUL character.' };
    }
    if (roots.length === 0) {
        return { error: 'No workspace folder is open in this window.' };
    }
    const realpath = options.realpath ?? fs.realpathSync.native;
    const fold = options.caseInsensitive ?? (process.platform === 'darwin' || process.platform === 'win32');
    const target = realNearest(p.resolve(filePath), realpath, p);
    for (const root of roots) {
        const relative = relativeInside(realNearest(p.resolve(root), realpath, p), target, fold, p);
        if (relative !== undefined) {
            const label = roots.length > 1 ? p.join(p.basename(root), relative) : relative;
            return { editorPath: relative ? p.join(root, relative) : root, relativePath: label || p.basename(root) };
        }
    }
    return { error: `${filePath} is outside the workspace folders of this window (${roots.join(', ')}).` };
}

/** The real path of `absolute`, or of its nearest existing ancestor with the missing rest appended. */
function realNearest(absolute: string, realpath: (p: string) => string, p: typeof path): string {
    const missing: string[] = [];
    let current = absolute;
    for (;;) {
        try {
            return p.join(realpath(current), ...missing.reverse());
        } catch {
            const parent = p.dirname(current);
            if (parent === current) {
                return absolute;
            }
            missing.push(p.basename(current));
            current = parent;
        }
    }
}

/** `child` relative to `parent` when inside it (`''` for the root itself), else undefined. */
function relativeInside(parent: string, child: string, fold: boolean, p: typeof path): string | undefined {
    const foldedChild = fold ? child.toLowerCase() : child;
    const relative = fold ? p.relative(parent.toLowerCase(), foldedChild) : p.relative(parent, child);
    if (relative === '' ) {
        return '';
    }
    if (relative === '..' || relative.startsWith('..' + p.sep) || p.isAbsolute(relative)) {
        return undefined;
    }
    if (!fold) {
        return relative;
    }
    // Case folding only decided the question: the answer keeps the file's own spelling. Folding may
    // change lengths (`İ` becomes two characters), so the cut is mapped back to the original's offsets.
    const start = originalOffset(child, foldedChild.length - relative.length);
    return start === undefined ? undefined : child.slice(start);
}

/** The offset in `original` where its case-folded form reaches `foldedOffset`, if a character starts there. */
function originalOffset(original: string, foldedOffset: number): number | undefined {
    let folded = 0;
    let offset = 0;
    for (const character of original) {
        if (folded >= foldedOffset) {
            break;
        }
        folded += character.toLowerCase().length;
        offset += character.length;
    }
    return folded === foldedOffset ? offset : undefined;
}
