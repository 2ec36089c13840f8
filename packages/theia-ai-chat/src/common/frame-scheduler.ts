/*
 * The next animation frame, shared by the features (turn/) and the Theia patches (the chat input's layout): in
 * common/ because both may import it. It calls the browser's requestAnimationFrame, so only the browser calls it.
 */

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
