/** Polling and sleeping for tests: every wait names what it waited for when it gives up. */

export function sleep(ms) {
    return new Promise(resolve => setTimeout(resolve, ms));
}

/** Polls until `probe` returns a truthy value; the error names what was awaited and the last value. */
export async function waitUntil(probe, { timeout = 30_000, interval = 100, what = 'condition', diagnostics } = {}) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
        try {
            last = await probe();
            if (last) {
                return last;
            }
        } catch (error) {
            last = error;
        }
        if (Date.now() > deadline) {
            const extra = diagnostics ? `\n${await diagnostics()}` : '';
            throw new Error(`Timed out after ${timeout} ms waiting for ${what}; last value: ${describe(last)}${extra}`);
        }
        await sleep(interval);
    }
}

export function describe(value) {
    if (value instanceof Error) {
        return value.stack ?? String(value);
    }
    try {
        return JSON.stringify(value);
    } catch {
        return String(value);
    }
}
