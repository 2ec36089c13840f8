import { descendantsIn, readProcessTable } from '@ai-cli-companion/node-base';

/** Every descendant of `pid` (children first found, grandchildren after). */
export function descendantsOf(pid: number): number[] {
    return descendantsIn(readProcessTable(), pid);
}

/**
 * SIGKILLs a process, its process group and every descendant. The CLIs run as a wrapper plus one
 * or two node children, and gemini ignores SIGTERM, so anything gentler can leave one behind.
 */
export function killTree(pid: number, descendants = descendantsOf(pid)): void {
    for (const target of [-pid, pid, ...descendants]) {
        try {
            process.kill(target, 'SIGKILL');
        } catch {
            // already gone
        }
    }
}
