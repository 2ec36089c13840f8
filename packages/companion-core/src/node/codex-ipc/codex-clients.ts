import { randomUUID } from 'crypto';
import { Clock, systemClock } from '../../common/clock';
import { CodexProcesses, ProcCodexProcesses } from './codex-processes';

/** The client profile id Codex's sessions are shown under. */
export const CODEX_PROFILE_ID = 'codex';

/** How often the tracked CLIs are checked for having exited. */
const CHECK_INTERVAL_MS = 2000;
/** Where no process can be seen: a CLI that has not asked for this long no longer counts. */
const IDLE_MS = 10 * 60_000;

/** A Codex CLI that asked a window for its context. */
export interface CodexClient {
    readonly id: string;
    /** The folder it runs in: the `workspaceRoot` it asked about. */
    readonly workspaceRoot: string;
    readonly since: number;
    /** Its process, where processes can be read (Linux). */
    readonly pid?: number;
}

export interface CodexClientsOptions {
    readonly processes?: CodexProcesses;
    readonly clock?: Clock;
    readonly onChange?: () => void;
}

interface Tracked extends CodexClient {
    lastAsked: number;
}

/**
 * The Codex CLIs connected to one window. Codex holds no connection (0.169.0 opens one per request, at
 * `/ide` and before each prompt), so a CLI counts as connected from the first `ide-context` this window
 * answered until its process exits: the Codex processes running in the folder it asked about. Where
 * processes cannot be read (no procfs), one entry per folder stays until it has not asked for 10 minutes.
 */
export class CodexClients {
    private readonly processes: CodexProcesses;
    private readonly clock: Clock;
    private readonly tracked = new Map<string, Tracked>();
    private timer: unknown;

    constructor(private readonly options: CodexClientsOptions = {}) {
        this.processes = options.processes ?? new ProcCodexProcesses();
        this.clock = options.clock ?? systemClock;
    }

    list(): CodexClient[] {
        return [...this.tracked.values()].map(({ id, workspaceRoot, since, pid }) => pid === undefined ? { id, workspaceRoot, since } : { id, workspaceRoot, since, pid });
    }

    /** This window answered a Codex in `workspaceRoot`. */
    asked(workspaceRoot: string): void {
        const now = this.clock.now();
        const pids = this.processes.inFolder(workspaceRoot);
        const keys = pids.length > 0 ? pids.map(pid => `pid:${pid}`) : [`folder:${workspaceRoot}`];
        let added = false;
        keys.forEach((key, index) => {
            const known = this.tracked.get(key);
            if (known) {
                known.lastAsked = now;
            } else {
                this.tracked.set(key, { id: randomUUID(), workspaceRoot, since: now, lastAsked: now, ...pids.length > 0 ? { pid: pids[index] } : {} });
                added = true;
            }
        });
        this.schedule();
        if (added) {
            this.options.onChange?.();
        }
    }

    /** Codex was switched off for the window, or the window is gone. */
    clear(): void {
        this.clock.clearTimeout(this.timer);
        this.timer = undefined;
        if (this.tracked.size > 0) {
            this.tracked.clear();
            this.options.onChange?.();
        }
    }

    private schedule(): void {
        if (this.timer === undefined && this.tracked.size > 0) {
            this.timer = this.clock.setTimeout(() => this.check(), CHECK_INTERVAL_MS);
            (this.timer as { unref?: () => void }).unref?.();
        }
    }

    private check(): void {
        this.timer = undefined;
        const now = this.clock.now();
        let removed = false;
        for (const [key, client] of this.tracked) {
            const gone = client.pid !== undefined ? !this.processes.alive(client.pid) : now - client.lastAsked >= IDLE_MS;
            if (gone) {
                this.tracked.delete(key);
                removed = true;
            }
        }
        this.schedule();
        if (removed) {
            this.options.onChange?.();
        }
    }
}
