import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/**
 * The process table as parent pids by pid: procfs on Linux (`procRoot`, for tests), else one `ps` listing
 * (macOS); empty when neither is there.
 */
export function readProcessTable(procRoot = '/proc'): Map<number, number> {
    const parents = new Map<number, number>();
    let names: string[] | undefined;
    try {
        names = fs.readdirSync(procRoot).filter(name => /^\d+$/.test(name));
    } catch {
        // no procfs
    }
    if (names) {
        for (const name of names) {
            const ppid = readProcStatParent(path.join(procRoot, name, 'stat'));
            if (ppid !== undefined) {
                parents.set(Number(name), ppid);
            }
        }
        return parents;
    }
    try {
        for (const line of execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8', timeout: 3000 }).split('\n')) {
            const [pid, ppid] = line.trim().split(/\s+/).map(Number);
            if (pid && Number.isInteger(ppid)) {
                parents.set(pid, ppid);
            }
        }
    } catch {
        // no ps either
    }
    return parents;
}

/** The parent pid of one process, undefined when it is gone. */
export function parentPidOf(pid: number, procRoot = '/proc'): number | undefined {
    const fromProc = readProcStatParent(path.join(procRoot, String(pid), 'stat'));
    if (fromProc !== undefined || fs.existsSync(procRoot)) {
        return fromProc;
    }
    try {
        const ppid = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8', timeout: 3000 }).trim());
        return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
    } catch {
        return undefined;
    }
}

/** Every descendant of `pid` in `table` (children first, grandchildren after). */
export function descendantsIn(table: ReadonlyMap<number, number>, pid: number): number[] {
    const children = new Map<number, number[]>();
    for (const [child, parent] of table) {
        children.set(parent, [...children.get(parent) ?? [], child]);
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

/** The first of `candidates` met walking up from `pid` (itself included): e.g. the terminal shell a CLI runs under. */
export function ancestorAmong(table: ReadonlyMap<number, number>, pid: number, candidates: readonly number[]): number | undefined {
    const seen = new Set<number>();
    for (let current: number | undefined = pid; current !== undefined && current > 0 && !seen.has(current); current = table.get(current)) {
        if (candidates.includes(current)) {
            return current;
        }
        seen.add(current);
    }
    return undefined;
}

/** "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'. */
function readProcStatParent(statFile: string): number | undefined {
    try {
        const stat = fs.readFileSync(statFile, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return Number.isInteger(ppid) ? ppid : undefined;
    } catch {
        return undefined;
    }
}
