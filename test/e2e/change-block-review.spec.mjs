// Review block by block (issue 9 part 1): every changed block of a proposal's diff has Keep and
// Revert controls, "Revert/Keep Change Block at Cursor" act on the block under the cursor, a status
// line counts the blocks left, and accepting sends the merged text (plus the user's own edits) to
// the CLI. The real Gemini CLI IdeClient proposes the edit. Run from test/:
//   npx mocha --exit --timeout 240000 e2e/change-block-review.spec.mjs
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { MOD, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';

const ORIGINAL = [
    'export function total(items) {',     // 1
    '    let sum = 0;',                    // 2  → block A changes it
    '    for (const item of items) {',     // 3
    '        sum += item.price;',          // 4
    '    }',                               // 5
    '    return sum;',                     // 6  → block B inserts a line after it
    '}',                                   // 7
    '',                                    // 8
    'export const currency = "EUR";',      // 9
    'export const legacy = true;',         // 10 → block C deletes it
    ''
].join('\n');

const PROPOSAL = [
    'export function total(items) {',
    '    let sum = 0.0;',
    '    for (const item of items) {',
    '        sum += item.price;',
    '    }',
    '    return sum;',
    '    // rounded by the caller',
    '}',
    '',
    'export const currency = "EUR";',
    ''
].join('\n');

/** Original with only block B kept, plus what the user types at the end. */
const MERGED = ORIGINAL.replace('    return sum;\n', '    return sum;\n    // rounded by the caller\n');

describe('block-by-block review of a proposal', function () {
    this.timeout(240_000);
    let root, folder, backend, browser, window, client, diff;

    before(async () => {
        root = makeTempRoot('block-review-e2e-');
        folder = writeTree(path.join(root, 'workspace'), { 'src/total.ts': ORIGINAL });
        backend = await TheiaBackend.start({ root, workspace: folder });
        const discovery = await backend.waitForDiscoveryFile([folder]);
        browser = await launchChromium();
        window = await TheiaWindow.open(browser, backend, folder);
        client = await IdeClientProcess.start({ cwd: folder, env: backend.ideClientEnv(discovery) });
        assert.equal((await client.request('connect')).status, 'connected', client.output);
        diff = client.request('openDiff', { filePath: path.join(folder, 'src/total.ts'), newContent: PROPOSAL });
        await window.diffTab('src/total.ts').waitFor({ state: 'visible', timeout: 30_000 });
    });

    after(async () => {
        await client?.stop();
        await window?.close();
        await browser?.close();
        await backend?.stop();
        removeTempRoot(root);
    });

    const statusLine = () => window.modifiedEditor().locator('.ai-cli-change-block-status').innerText();
    const controls = () => window.modifiedEditor().locator('.ai-cli-change-block-actions');
    const waitForStatus = expected => waitUntil(async () => (await statusLine()).startsWith(expected), {
        timeout: 15_000, what: `the status line "${expected}"`, diagnostics: async () => `status line: "${await statusLine()}"\n${await window.diagnostics()}`
    });

    /** Puts the proposal's cursor on `line` (1-based) with the keyboard. */
    async function focusProposal() {
        // Into the text area's left part: the status line sits top right, block controls at line ends.
        const box = await window.modifiedEditor().boundingBox();
        await window.page.mouse.click(box.x + 80, box.y + 30);
    }

    async function cursorToLine(line) {
        await focusProposal();
        await window.page.keyboard.press(`${MOD}+Home`);
        for (let i = 1; i < line; i++) {
            await window.page.keyboard.press('ArrowDown');
        }
    }

    it('shows Keep and Revert on each of the three blocks and counts them', async () => {
        await waitForStatus('3 of 3 change blocks left to review');
        assert.equal(await controls().count(), 3);
        assert.deepEqual(await controls().first().locator('[data-action]').allInnerTexts(), ['✓ Keep', '↺ Revert']);
        await window.dismissHover();
        await window.screenshot('change-block-review.png');
    });

    it('Ctrl/Cmd+Alt+] and [ go from block to block, wrapping around: the keys of the chat\'s review (issue 30 part 4)', async () => {
        const activeLine = async () => Number(await window.modifiedEditor().locator('.line-numbers.active-line-number').first().innerText());
        const go = async key => {
            const before = await activeLine();
            // A key pressed while the editor still lays out the last move can be dropped: press again until it moves.
            await waitUntil(async () => {
                await window.page.keyboard.press(`${MOD}+Alt+${key}`);
                return waitUntil(async () => await activeLine() !== before, { timeout: 5_000, what: 'the move' }).then(() => true, () => false);
            }, { timeout: 20_000, what: `${key} to move the cursor from line ${before}` });
            return activeLine();
        };
        await cursorToLine(1);
        // The line numbers follow the cursor a frame later: a move measured from the old line would count that redraw.
        await waitUntil(async () => await activeLine() === 1, { timeout: 10_000, what: 'the cursor on line 1' });
        const first = await go('BracketRight');
        assert.equal(first, 2, 'block A');
        const second = await go('BracketRight');
        const third = await go('BracketRight');
        assert.ok(first < second && second < third, `${first} < ${second} < ${third}`);
        assert.equal(await go('BracketRight'), first, 'wraps around to the first block');
        assert.equal(await go('BracketLeft'), third, 'and back to the last');
        assert.equal(await go('BracketLeft'), second);
    });

    it('"Revert Change Block at Cursor" puts the original line back into the proposal', async () => {
        await cursorToLine(2);
        await window.runCommand('Revert Change Block at Cursor');
        await waitForStatus('2 of 2 change blocks left to review');
        assert.match(await window.renderedText(window.modifiedEditor()), /let sum = 0;/);
    });

    it('the Keep button marks its block reviewed; the Revert button of the deletion restores the line', async () => {
        // Blocks are listed top to bottom: the insertion after "return sum;" first, then the deletion.
        await controls().nth(0).locator('[data-action="keep"]').click();
        await waitForStatus('1 of 2 change blocks left to review');
        await controls().nth(1).locator('[data-action="revert"]').click();
        await waitForStatus('All change blocks reviewed');
        assert.match(await window.renderedText(window.modifiedEditor()), /export const legacy = true;/);
    });

    it('"Keep Change Block at Cursor" on a kept block is harmless; the user edits by hand and ✓ sends the merged text', async () => {
        await cursorToLine(7);
        await window.runCommand('Keep Change Block at Cursor');
        await waitForStatus('All change blocks reviewed');
        await focusProposal();
        await window.page.keyboard.press(`${MOD}+End`);
        // No Enter: a word-completion popup may take it (seen under load).
        await window.page.keyboard.type('// reviewed');
        await window.page.keyboard.press('Escape');
        await waitUntil(async () => (await window.renderedText(window.modifiedEditor())).includes('// reviewed'),
            { timeout: 15_000, what: 'the typed line in the proposal' });
        await window.acceptButton().click();
        const outcome = await diff;
        assert.deepEqual(outcome, { status: 'accepted', content: `${MERGED}// reviewed` });
    });
});
