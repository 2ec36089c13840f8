import * as fs from 'fs';
import * as path from 'path';

/**
 * The PID the CLIs attribute to "the IDE". Terminal shells are children of the backend, and the
 * Gemini CLI's process walk returns the shell's grandparent (the backend's parent), or the
 * backend itself when that parent is init.
 */
export function ideProcessId(proc: { pid: number; ppid: number } = process): number {
    return proc.ppid > 1 ? proc.ppid : proc.pid;
}

/** True unless the process is known to be gone. EPERM means it exists but belongs to someone else. */
export function isProcessAlive(pid: number): boolean {
    if (!Number.isInteger(pid) || pid <= 0) {
        return false;
    }
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
}

/** The same test the Gemini CLI makes before dialling host.docker.internal instead of 127.0.0.1. */
export function isInContainer(exists: (file: string) => boolean = fs.existsSync): boolean {
    return exists('/.dockerenv') || exists('/run/.containerenv');
}

/**
 * `workspacePath` as both CLIs parse it: absolute roots joined by the platform delimiter. An empty
 * segment would match any cwd, so none is ever emitted; "" means "no folder open".
 */
export function joinWorkspaceRoots(roots: readonly string[], delimiter: string = path.delimiter): string {
    const seen = new Set<string>();
    for (const root of roots) {
        if (root && path.isAbsolute(root) && !root.includes(delimiter)) {
            seen.add(root);
        }
    }
    return [...seen].join(delimiter);
}
