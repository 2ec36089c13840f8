import * as assert from 'assert';

/** Whether a process with this id still exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch {
        return false;
    }
}

/** Polls `check` every 25 ms until it holds; fails naming `what` after `attempts` tries. */
export async function until(check: () => boolean | Promise<boolean>, what: string, attempts = 200): Promise<void> {
    for (let attempt = 0; attempt < attempts; attempt++) {
        if (await check()) {
            return;
        }
        await new Promise(resolve => setTimeout(resolve, 25));
    }
    assert.fail(`timed out waiting for ${what}`);
}
