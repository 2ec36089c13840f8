import { ProgramStatus, ProgramStatusSequence, TabStatus } from './terminal-status';

/** What one terminal shows: the program's status and the tab status, either absent. */
export interface ShownTerminalStatus {
    readonly program?: ProgramStatus;
    readonly tab?: { readonly indicator?: string; readonly status?: string; readonly statusColor?: string };
}

/** A flood of status changes may update the view this often: a burst, then a steady rate. */
export interface StatusRateLimit {
    readonly burst: number;
    readonly perSecond: number;
}
export const DEFAULT_STATUS_RATE_LIMIT: StatusRateLimit = { burst: 8, perSecond: 10 };

/**
 * One terminal's status, fed with parsed sequences. A program that floods changes cannot make the
 * window re-render (or notify) more than the rate limit allows: updates past it are folded into the
 * latest, which is shown once `flush` is called at `nextFlushAt`. The caller owns the clock and timer.
 */
export class TerminalStatusState {
    protected shownStatus: ShownTerminalStatus = {};
    protected latest: ShownTerminalStatus = {};
    protected tokens: number;
    protected lastRefill = 0;
    protected pending = false;

    constructor(protected readonly limit: StatusRateLimit = DEFAULT_STATUS_RATE_LIMIT) {
        this.tokens = limit.burst;
    }

    get shown(): ShownTerminalStatus {
        return this.shownStatus;
    }

    /** Whether an update waits for `flush`. */
    get deferred(): boolean {
        return this.pending;
    }

    /** Applies a program status sequence (a query changes nothing); true when what is shown changed now. */
    applyProgram(sequence: ProgramStatusSequence, now: number): boolean {
        if (sequence.type === 'query') {
            return false;
        }
        if (sequence.type === 'clear') {
            // A clear naming another id leaves this status alone.
            if (sequence.id !== undefined && this.latest.program?.id !== undefined && sequence.id !== this.latest.program.id) {
                return false;
            }
            return this.update({ ...this.latest, program: undefined }, now);
        }
        return this.update({ ...this.latest, program: sequence.status }, now);
    }

    applyTab(tab: TabStatus, now: number): boolean {
        const merged = { ...this.latest.tab };
        for (const key of ['indicator', 'status', 'statusColor'] as const) {
            if (tab[key] === null) {
                delete merged[key];
            } else if (tab[key] !== undefined) {
                merged[key] = tab[key]!;
            }
        }
        return this.update({ ...this.latest, tab: Object.keys(merged).length ? merged : undefined }, now);
    }

    /** The program exited or the terminal closed: shown at once, whatever the rate. */
    reset(): boolean {
        const had = !!(this.shownStatus.program || this.shownStatus.tab);
        this.latest = this.shownStatus = {};
        this.pending = false;
        return had;
    }

    /** When a deferred update may be shown (undefined: none waits). */
    nextFlushAt(): number | undefined {
        return this.pending ? this.lastRefill + Math.ceil((1 - this.tokens) * 1000 / this.limit.perSecond) : undefined;
    }

    /** Shows the deferred update if the rate allows it now; true when what is shown changed. */
    flush(now: number): boolean {
        if (!this.pending || !this.take(now)) {
            return false;
        }
        this.pending = false;
        return this.show(this.latest);
    }

    protected update(next: ShownTerminalStatus, now: number): boolean {
        this.latest = next;
        if (this.pending || !this.take(now)) {
            this.pending = !sameStatus(next, this.shownStatus);
            return false;
        }
        return this.show(next);
    }

    protected show(next: ShownTerminalStatus): boolean {
        const changed = !sameStatus(next, this.shownStatus);
        this.shownStatus = next;
        return changed;
    }

    protected take(now: number): boolean {
        this.tokens = Math.min(this.limit.burst, this.tokens + Math.max(0, now - this.lastRefill) * this.limit.perSecond / 1000);
        this.lastRefill = Math.max(this.lastRefill, now);
        if (this.tokens < 1) {
            return false;
        }
        this.tokens -= 1;
        return true;
    }
}

function sameStatus(a: ShownTerminalStatus, b: ShownTerminalStatus): boolean {
    return JSON.stringify(a.program ?? null) === JSON.stringify(b.program ?? null) && JSON.stringify(a.tab ?? null) === JSON.stringify(b.tab ?? null);
}
