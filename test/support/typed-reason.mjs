// A reason the companion typed into a terminal CLI's input (Reject with a Reason…, a block reverted with a reason):
// it must wait there for the user's Enter, and go to the model with it.
import assert from 'node:assert/strict';
import { sleep, waitUntil } from './wait.mjs';

/**
 * Checks that no request so far carries `text` (after a second in which one sent by itself would have gone), presses
 * Enter in the CLI's terminal, and resolves with the request that carries it. `requests()` lists the fake's requests;
 * `waitForRequest(predicate)` waits for one; `answer()` enqueues the model's answer to it.
 */
export async function sentOnlyWithEnter(window, { text, requests, waitForRequest, answer }) {
    const carries = request => JSON.stringify(request.body ?? '').includes(text);
    await sleep(1_000);
    assert.equal(requests().some(carries), false, 'not sent without the user\'s Enter');
    answer();
    await window.page.locator('.xterm-helper-textarea').first().focus();
    await window.page.keyboard.press('Enter');
    return waitForRequest(carries);
}

/**
 * In the diff in front, with two change blocks: Shift+click on the first block's ↺ Revert, type `reason` into the
 * question and press Enter; resolves once that block is reverted (one block left).
 */
export async function revertFirstOfTwoBlocksWithReason(window, reason) {
    const revert = window.page.locator('.ai-cli-change-block-actions [data-action="revert"]');
    await waitUntil(async () => await revert.count() === 2, { timeout: 15_000, what: 'two change blocks with ↺ Revert' });
    await revert.first().click({ modifiers: ['Shift'] });
    const input = window.page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(reason);
    await window.page.keyboard.press('Enter');
    await waitUntil(async () => await revert.count() === 1, { timeout: 15_000, what: 'the first block reverted' });
}
