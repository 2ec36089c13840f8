import type { Clock } from '../common/clock';

/** A clock that moves only when a spec says so: timers fire in order as `advance` passes their time. */
export class ManualClock implements Clock {
    private time = 0;
    private nextId = 1;
    private readonly timers = new Map<number, { at: number; callback: () => void }>();

    now(): number {
        return this.time;
    }

    setTimeout(callback: () => void, ms: number): unknown {
        const id = this.nextId++;
        this.timers.set(id, { at: this.time + Math.max(0, ms), callback });
        return id;
    }

    clearTimeout(handle: unknown): void {
        this.timers.delete(handle as number);
    }

    /** Moves time forward by `ms`, firing each timer that falls due, earliest first. */
    advance(ms: number): void {
        const until = this.time + ms;
        for (;;) {
            const due = [...this.timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
            if (!due) {
                break;
            }
            this.timers.delete(due[0]);
            this.time = due[1].at;
            due[1].callback();
        }
        this.time = until;
    }

    get pendingTimers(): number {
        return this.timers.size;
    }
}
