import { FrameScheduler } from '../../common/frame-scheduler';

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
