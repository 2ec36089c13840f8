import * as assert from 'assert';

/** Polls `check` every 25 ms until it holds; fails naming `what` after `attempts` tries (10 s by default). */
export async function until(check: () => boolean | Promise<boolean>, what: string, attempts = 400): Promise<void> {
    for (let attempt = 0; attempt < attempts; attempt++) {
        if (await check()) {
            return;
        }
        await new Promise(resolve => setTimeout(resolve, 25));
    }
    assert.fail(`timed out waiting for ${what}`);
}
