import { execFileSync } from 'child_process';

/** Every descendant of `pid` (children first found, grandchildren after), from one `ps` listing. */
export function descendantsOf(pid: number): number[] {
    let listing: string;
    try {
        listing = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' });
    } catch {
        return [];
    }
    const children = new Map<number, number[]>();
    for (const line of listing.split('\n')) {
        const [child, parent] = line.trim().split(/\s+/).map(Number);
        if (child && parent) {
            children.set(parent, [...(children.get(parent) ?? []), child]);
        }
    }
    const found: number[] = [];
    const queue = [pid];
    while (queue.length > 0) {
        for (const child of children.get(queue.shift()!) ?? []) {
            found.push(child);
            queue.push(child);
        }
    }
    return found;
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
