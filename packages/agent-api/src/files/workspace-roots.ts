import * as fs from 'fs';
import * as path from 'path';
import {
    DanglingLinkError, realPathOfNearest as sharedRealPathOfNearest, realPathOfNearestAsync as sharedRealPathOfNearestAsync, relativeInside
} from '@ai-cli-companion/node-base';
import { ApiError, badRequest, forbidden } from '../http/api-envelope';

/**
 * The directories the API may touch, by node-base's one confinement rule: a path is inside when its
 * real path (for a new file through its nearest existing parent; a dangling link is refused) is a root or under one.
 */
export class WorkspaceRoots {
    /** As given (absolute, normalised) and as real paths, index for index. */
    readonly roots: readonly string[];
    private readonly realRoots: readonly string[];

    constructor(roots: readonly string[]) {
        if (roots.length === 0) {
            throw new Error('At least one workspace is required.');
        }
        this.roots = roots.map(root => path.resolve(root));
        this.realRoots = this.roots.map(root => {
            const stat = fs.statSync(root, { throwIfNoEntry: false });
            if (!stat?.isDirectory()) {
                throw new Error(`Workspace ${root} is not a directory.`);
            }
            return fs.realpathSync(root);
        });
    }

    get primary(): string {
        return this.roots[0];
    }

    /**
     * Resolves a request path (absolute, or relative to `base`, default the first root) to the real
     * path to use; 403 when it ends up outside every root.
     */
    resolve(requested: unknown, base = this.primary): string {
        const absolute = path.resolve(base, this.checkRequested(requested));
        const real = realPathOfNearest(absolute);
        if (!this.contains(real)) {
            throw this.outside(requested as string);
        }
        return real;
    }

    private checkRequested(requested: unknown): string {
        if (typeof requested !== 'string' || requested.length === 0) {
            throw badRequest('"path" must be a non-empty string.');
        }
        if (requested.includes('\0')) {
            throw badRequest('"path" contains a NUL byte.');
        }
        return requested;
    }

    private outside(requested: string): ApiError {
        return forbidden(`Path ${requested} is outside the workspace${this.roots.length > 1 ? 's' : ''} (${this.roots.join(', ')}).`, 'Path outside workspace');
    }

    /** resolve() without blocking the event loop: what a route uses for paths a request sends in bulk. */
    async resolveAsync(requested: unknown, base = this.primary): Promise<string> {
        const absolute = path.resolve(base, this.checkRequested(requested));
        const real = await realPathOfNearestAsync(absolute);
        if (!this.contains(real)) {
            throw this.outside(requested as string);
        }
        return real;
    }

    /** A directory to run in: resolved like a path, and it must be an existing directory. */
    resolveDirectory(requested: unknown, base = this.primary): string {
        const directory = this.resolve(requested, base);
        if (!fs.statSync(directory, { throwIfNoEntry: false })?.isDirectory()) {
            throw new ApiError(400, 'Not a directory', `${String(requested)} is not an existing directory.`);
        }
        return directory;
    }

    /** The real root a real path lies in (the innermost, when roots nest); the path itself when in none. */
    rootOf(realPath: string): string {
        const given = this.roots.indexOf(realPath);
        if (given >= 0) {
            return this.realRoots[given];
        }
        const inside = this.realRoots.filter(root => this.isWithin(root, realPath));
        return inside.sort((a, b) => b.length - a.length)[0] ?? realPath;
    }

    contains(realPath: string): boolean {
        return this.realRoots.some(root => this.isWithin(root, realPath));
    }

    /** The shared rule (case folded where the file system folds case). */
    private isWithin(root: string, realPath: string): boolean {
        return relativeInside(root, realPath) !== undefined;
    }
}

/** The shared rule's real path, with a dangling link answered 403 like any path outside. */
function realPathOfNearest(target: string): string {
    try {
        return sharedRealPathOfNearest(target);
    } catch (error) {
        throw error instanceof DanglingLinkError ? forbidden(error.message, 'Path outside workspace') : error;
    }
}

async function realPathOfNearestAsync(target: string): Promise<string> {
    try {
        return await sharedRealPathOfNearestAsync(target);
    } catch (error) {
        throw error instanceof DanglingLinkError ? forbidden(error.message, 'Path outside workspace') : error;
    }
}
