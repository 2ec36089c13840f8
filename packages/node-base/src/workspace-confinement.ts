import * as fs from 'fs';
import * as path from 'path';

/**
 * The one rule by which a path is inside a workspace root, for every server and check: both sides are
 * compared as real paths (symlinks resolved; a file that does not exist yet through its nearest existing
 * parent, so `<root>/../x` and a link pointing out are outside), case-folded where the file system folds
 * case (macOS, Windows), and a dangling symlink on the way is refused (it could be pointed anywhere later).
 */
export interface ConfinementOptions {
    /** Default: macOS and Windows fold case. */
    readonly caseInsensitive?: boolean;
    readonly realpath?: (p: string) => string;
    readonly isSymbolicLink?: (p: string) => boolean;
    readonly pathApi?: typeof path;
}

/** A path that resolves through a dangling symbolic link. */
export class DanglingLinkError extends Error {
    constructor(readonly path: string) {
        super(`${path} is a symbolic link to a missing target.`);
    }
}

export function foldsCase(options: ConfinementOptions = {}): boolean {
    return options.caseInsensitive ?? (process.platform === 'darwin' || process.platform === 'win32');
}

/** The real path of `absolute`, or of its nearest existing ancestor with the missing rest appended. */
export function realPathOfNearest(absolute: string, options: ConfinementOptions = {}): string {
    const p = options.pathApi ?? path;
    const realpath = options.realpath ?? fs.realpathSync.native;
    const missing: string[] = [];
    let current = absolute;
    for (;;) {
        try {
            return p.join(realpath(current), ...missing.reverse());
        } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            const parent = p.dirname(current);
            if ((code !== undefined && code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) {
                if (parent === current) {
                    return absolute;
                }
                throw error;
            }
            if ((options.isSymbolicLink ?? isSymbolicLink)(current)) {
                throw new DanglingLinkError(absolute);
            }
            missing.push(p.basename(current));
            current = parent;
        }
    }
}

/** realPathOfNearest without blocking the event loop. */
export async function realPathOfNearestAsync(absolute: string): Promise<string> {
    const missing: string[] = [];
    let current = absolute;
    for (;;) {
        try {
            return path.join(await fs.promises.realpath(current), ...missing.reverse());
        } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            const parent = path.dirname(current);
            if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) {
                throw error;
            }
            if ((await fs.promises.lstat(current).catch(() => undefined))?.isSymbolicLink()) {
                throw new DanglingLinkError(absolute);
            }
            missing.push(path.basename(current));
            current = parent;
        }
    }
}

/**
 * `child` relative to `parent` (both real paths) when inside it, `''` for the root itself, else undefined.
 * Case folding only decides the question: the answer keeps the child's own spelling.
 */
export function relativeInside(parent: string, child: string, options: ConfinementOptions = {}): string | undefined {
    const p = options.pathApi ?? path;
    const fold = foldsCase(options);
    const foldedChild = fold ? child.toLowerCase() : child;
    const relative = fold ? p.relative(parent.toLowerCase(), foldedChild) : p.relative(parent, child);
    if (relative === '') {
        return '';
    }
    if (relative === '..' || relative.startsWith('..' + p.sep) || p.isAbsolute(relative)) {
        return undefined;
    }
    if (!fold) {
        return relative;
    }
    // Folding may change lengths (`İ` becomes two characters): map the cut back to the original's offsets.
    const start = originalOffset(child, foldedChild.length - relative.length);
    return start === undefined ? undefined : child.slice(start);
}

/** Whether `filePath` (absolute) is inside `root`, by the one rule; a dangling link on the way is not. */
export function isInsideRoot(filePath: string, root: string, options: ConfinementOptions = {}): boolean {
    try {
        return relativeInside(realPathOfNearest(root, options), realPathOfNearest(filePath, options), options) !== undefined;
    } catch {
        return false;
    }
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

function isSymbolicLink(p: string): boolean {
    return fs.lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
}
