// A CPU profile of the page over a phase of a bench, with the windows support/profile-windows.mjs reads next to it.
import fs from 'node:fs';

/** Runs in the page while it is profiled: a ~50 ms busy loop in a function of this name, whose first sample ties the
 * profile's clock to the page's (support/profile-windows.mjs looks for the name). Returns the mark on the page's clock. */
export function markProfileClock() {
    const start = performance.now();
    while (performance.now() - start < 50) {
        // busy: the profiler samples this function
    }
    return performance.timeOrigin + start;
}

/** Starts the profiler in `page`; `stop(file, windows)` writes the profile and `<file>.windows.json`
 * (windows: [{label, start, duration}] on the page's clock, performance.timeOrigin + now()). */
export async function startPageProfile(page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    const clockMark = await page.evaluate(markProfileClock);
    return {
        async stop(file, windows) {
            const { profile } = await cdp.send('Profiler.stop');
            fs.writeFileSync(file, JSON.stringify(profile));
            fs.writeFileSync(`${file}.windows.json`, JSON.stringify({ clockMark, windows }));
            await cdp.detach();
        }
    };
}
