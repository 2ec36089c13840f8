/*
 * Animation frames that come only when a spec says so. For specs only.
 */
import { FrameScheduler } from '../common/frame-scheduler';

export interface ManualFrames {
    schedule: FrameScheduler;
    /** Runs what waits for the next frame (what those callbacks schedule waits for the one after). */
    frame(): void;
    pending(): number;
}

export function manualFrames(): ManualFrames {
    let callbacks: Array<() => void> = [];
    return {
        schedule: callback => {
            callbacks.push(callback);
            return () => { callbacks = callbacks.filter(c => c !== callback); };
        },
        frame: () => {
            const due = callbacks;
            callbacks = [];
            due.forEach(callback => callback());
        },
        pending: () => callbacks.length
    };
}
