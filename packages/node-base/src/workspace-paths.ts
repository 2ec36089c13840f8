import * as path from 'path';
import { ConfinementOptions, DanglingLinkError, realPathOfNearest, relativeInside } from './workspace-confinement';

/** An agent's or a CLI's file path, checked against the workspace roots after resolving `..` and symlinks. */
export type ResolvedWorkspacePath =
    | {
        /** The same file below the root as the editor knows it (a symlinked root stays symlinked). */
        readonly editorPath: string;
        /** Relative to its root; prefixed with the root's name when the workspace has several. */
        readonly relativePath: string;
    }
    | { readonly error: string };

/** File systems that ignore case (macOS, Windows by default) compare paths case-folded. */
export type PathResolutionOptions = ConfinementOptions;

/**
 * Whether `filePath` lies inside one of `roots`, by the shared rule (node-base's workspace
 * confinement): a workspace opened through a symlink (macOS `/tmp` → `/private/tmp`) accepts the
 * `getcwd()` paths the CLIs send; the answer is the path as the editor knows it.
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
    let target: string;
    try {
        target = realPathOfNearest(p.resolve(filePath), options);
    } catch (error) {
        return { error: error instanceof DanglingLinkError ? error.message : `${filePath} cannot be resolved: ${(error as Error).message}` };
    }
    for (const root of roots) {
        let realRoot: string;
        try {
            realRoot = realPathOfNearest(p.resolve(root), options);
        } catch {
            continue;
        }
        const relative = relativeInside(realRoot, target, options);
        if (relative !== undefined) {
            const label = roots.length > 1 ? p.join(p.basename(root), relative) : relative;
            return { editorPath: relative ? p.join(root, relative) : root, relativePath: label || p.basename(root) };
        }
    }
    return { error: `${filePath} is outside the workspace folders of this window (${roots.join(', ')}).` };
}
