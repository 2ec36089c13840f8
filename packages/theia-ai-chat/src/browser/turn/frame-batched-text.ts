/** Runs `callback` once, later; the returned function cancels it. */
export type FrameScheduler = (callback: () => void) => () => void;

/** Longest wait for a frame: a hidden page gets no animation frames, but the text must still reach the model. */
const FRAME_FALLBACK_MS = 100;

/**
 * The browser's next animation frame, or a timer when none comes (hidden page). Batching per frame
 * means Theia's response model re-joins its text and React re-renders once per frame, not per chunk.
 */
export const animationFrameScheduler: FrameScheduler = callback => {
    let done = false;
    const run = () => {
        if (!done) {
            done = true;
            cancelAnimationFrame(frame);
            clearTimeout(timer);
            callback();
        }
    };
    const frame = requestAnimationFrame(run);
    const timer = setTimeout(run, FRAME_FALLBACK_MS);
    return () => {
        done = true;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
    };
};

/**
 * Message text batched per frame. The first text after a quiet frame is delivered at once (no added
 * latency for a first token or a lone chunk); text arriving while that frame is pending is joined
 * and delivered when it comes, so a fast stream costs one delivery per frame. `flush()` delivers what
 * waits now: before any other kind of update (order is kept) and when the turn ends.
 */
export class FrameBatchedText {
    private pending = '';
    private cancelFrame: (() => void) | undefined;

    constructor(private readonly deliver: (text: string) => void, private readonly schedule: FrameScheduler) { }

    add(text: string): void {
        if (this.cancelFrame) {
            this.pending += text;
            return;
        }
        this.deliver(text);
        this.armFrame();
    }

    flush(): void {
        if (this.pending) {
            const text = this.pending;
            this.pending = '';
            this.deliver(text);
        }
    }

    /** The turn is over: what waits is delivered and no frame stays scheduled. */
    end(): void {
        this.cancelFrame?.();
        this.cancelFrame = undefined;
        this.flush();
    }

    private armFrame(): void {
        this.cancelFrame = this.schedule(() => {
            this.cancelFrame = undefined;
            if (this.pending) {
                this.flush();
                // Still streaming: the next text waits for the next frame too.
                this.armFrame();
            }
        });
    }
}
