import * as fs from 'fs';
import * as path from 'path';

/**
 * A path was checked (real path inside the workspace), then changed before it was used: a directory
 * became a symlink, or the file opened is not the one checked. Answer it like an escape attempt.
 */
export class PathChangedError extends Error {
    constructor(message: string) {
        super(message);
        this.name = 'PathChangedError';
    }
}

/**
 * Creates the missing directories from `base` (a trusted real directory) down to `directory` one at a
 * time, and checks each segment with lstat: a symlink or non-directory anywhere on the way is refused
 * instead of followed, which `mkdir -p` would do.
 */
export async function makeDirectoriesNoFollow(base: string, directory: string): Promise<void> {
    const relative = path.relative(base, directory);
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
        throw new PathChangedError(`${directory} is not below ${base}.`);
    }
    let current = base;
    for (const segment of relative.split(path.sep).filter(Boolean)) {
        current = path.join(current, segment);
        await fs.promises.mkdir(current, { mode: 0o777 }).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'EEXIST') {
                throw error;
            }
        });
        const stat = await fs.promises.lstat(current);
        if (!stat.isDirectory()) {
            throw new PathChangedError(`${current} is ${stat.isSymbolicLink() ? 'a symbolic link' : 'not a directory'} now; it is not followed.`);
        }
    }
}

/**
 * Where an open file descriptor really is. Linux names it in /proc/self/fd (whatever happened to
 * the path since); elsewhere the path is resolved again and must lead to the same inode.
 */
export async function openedPath(fd: number, expected: string): Promise<string | undefined> {
    if (process.platform === 'linux') {
        try {
            return await fs.promises.readlink(`/proc/self/fd/${fd}`);
        } catch {
            // no /proc (a container without it): fall through
        }
    }
    const [opened, real] = await Promise.all([
        new Promise<fs.Stats>((resolve, reject) => fs.fstat(fd, (error, stat) => error ? reject(error) : resolve(stat))),
        fs.promises.realpath(expected).catch(() => undefined)
    ]);
    const current = real && await fs.promises.stat(real).catch(() => undefined);
    return current && current.ino === opened.ino && current.dev === opened.dev ? real : undefined;
}

/** Throws PathChangedError unless the descriptor is the file at `expected` (a real path). */
export async function assertOpenedAt(fd: number, expected: string): Promise<void> {
    const actual = await openedPath(fd, expected);
    if (actual !== expected) {
        throw new PathChangedError(`${expected} changed while it was in use (it led to ${actual ?? 'another file'}); nothing was done there.`);
    }
}
