import * as assert from 'assert';

/**
 * Polls `check` every 25 ms until it holds, and fails naming `what` after `attempts` tries (10 s by default, half
 * of the specs' mocha timeout): a spec waits for what it needs, never for a fixed time, and never forever.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, attempts = 400): Promise<void> {
    for (let attempt = 0; attempt < attempts; attempt++) {
        if (await check()) {
            return;
        }
        await new Promise(resolve => setTimeout(resolve, 25));
    }
    assert.fail(`timed out waiting for ${what}`);
}
