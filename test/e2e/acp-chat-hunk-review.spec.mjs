// The chat's changes reviewed hunk by hunk (issue 30 part 1), in Chromium with the test's ACP agent in its Trust
// mode (it writes without asking, through fs/write_text_file): three hunks into a.txt, one into b.txt. The change set
// counts the hunks waiting; Review Agent Changes opens Theia's diff editor on a.txt itself with Keep and Undo at each
// hunk; the keys keep the hunk at the cursor, and Next at a file's last hunk goes on to the chat's next file; a write
// of the agent while the review is open shows in it and leaves the kept hunk kept; Undo of hunk 2 is saved, so the disk holds hunks 1 and 3; Ctrl+Z in the editor brings hunk 2 back.
// Part 2: hunk 2 undone again shows a "Review note" chip in the chat input, and the next prompt the agent gets
// carries the note (file, line, the agent's lines and those back in their place); the chip then goes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { MOD, REPO_ROOT, TheiaBackend, waitUntil } from '../support/theia-app.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
/** The README's picture of the chat's review: the diff with Keep and Undo at each hunk, the change set's count. */
const SCREENSHOT = path.join(REPO_ROOT, 'docs', 'images', 'chat-hunk-review.png');
const lines = count => Array.from({ length: count }, (_, index) => `line ${index + 1}`);
const text = all => `${all.join('\n')}\n`;
/** long.txt: a hunk every 10th line, far more than one screen holds. */
const LONG_LINES = 600;
const LONG_HUNKS = LONG_LINES / 10;
/** The 30 lines of a.txt with the given lines (1-based) replaced. */
const aWith = replaced => text(lines(30).map((line, index) => replaced[index + 1] ?? line));

describe('the chat\'s changes reviewed hunk by hunk (Keep, Undo as an editor edit, the count in the change set)', function () {
    let window, chat, workspace, promptLog;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-hunk-review-', files: { 'a.txt': text(lines(30)), 'b.txt': text(lines(5)), 'long.txt': text(lines(LONG_LINES)) } });
        ({ workspace } = app);
        promptLog = path.join(app.root, 'tiny-prompts.log');
        ({ window, chat } = await app.open(() => TheiaBackend.start({
            root: app.root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: { 'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT, '--prompt-log', promptLog], description: 'An ACP agent written in the test' }] }
        })));
    });

    const a = () => path.join(workspace, 'a.txt');
    const status = () => window.modifiedEditor().locator('.theia-acp-hunk-review-status');
    const waitForWaiting = (count, what) => waitUntil(async () => await status().getAttribute('data-waiting').catch(() => null) === String(count), {
        timeout: 20_000, what: `the review to count ${count} hunks waiting (${what})`,
        diagnostics: async () => `status: "${await status().innerText().catch(() => '?')}"\n${await window.diagnostics()}`
    });
    const waitForInfo = (fileName, expected) => waitUntil(async () => (await chat.changeSetInfo(fileName).catch(() => '')).includes(expected), {
        timeout: 20_000, what: `the change set to say "${expected}" for ${fileName}`,
        diagnostics: async () => `entry: "${await chat.changeSetInfo(fileName).catch(() => '?')}"`
    });
    const hunkButton = (index, action) => window.modifiedEditor().locator(`.theia-acp-hunk-actions[data-hunk="${index}"] [data-action="${action}"]`);
    /** The keyboard in the file's side of the review, the cursor on its first line. */
    async function focusFileSide() {
        const box = await window.modifiedEditor().boundingBox();
        await window.page.mouse.click(box.x + 60, box.y + 10);
        await window.page.keyboard.press(`${MOD}+Home`);
    }

    it('the agent writes in its Trust mode without asking; the change set counts each file\'s hunks', async () => {
        await chat.send('@TinyAgent hello');
        await chat.waitForText('Echo: hello');
        await chat.waitUntilIdle();
        await chat.selectMode('Trust');
        await chat.send(`@TinyAgent edit ${a()} 3=agent-one 15=agent-two 27=agent-three ${path.join(workspace, 'b.txt')} 2=agent-four`);
        await chat.waitForText(/Edited .*b\.txt\./);
        await chat.waitUntilIdle();
        assert.equal(fs.readFileSync(a(), 'utf8'), aWith({ 3: 'agent-one', 15: 'agent-two', 27: 'agent-three' }));
        await waitForInfo('a.txt', '3 hunks to review');
        await waitForInfo('b.txt', '1 hunk to review');
    });

    it('Review Agent Changes of This Chat opens the first file\'s review diff; the keys keep its first hunk; the change set follows', async () => {
        await window.runCommand('Review Agent Changes of This Chat');
        await waitForWaiting(3, 'opened');
        assert.equal(await window.modifiedEditor().locator('.theia-acp-hunk-actions').count(), 3);
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // next hunk: line 3
        await window.page.keyboard.press(`${MOD}+Alt+Y`); // keep
        await waitForWaiting(2, 'hunk 1 kept');
        await waitForInfo('a.txt', '2 hunks to review');
    });

    it('a write of the agent while the review is open shows in it; the kept hunk stays kept', async () => {
        await chat.send(`@TinyAgent edit ${a()} 20=agent-five`);
        await chat.waitForText(/Edited [^,]*a\.txt\./);
        await waitForWaiting(3, 'hunks 2 and 3 and the new line 20');
        assert.equal(fs.readFileSync(a(), 'utf8'), aWith({ 3: 'agent-one', 15: 'agent-two', 20: 'agent-five', 27: 'agent-three' }));
        await window.resizePanel('right', 420);
        await window.dismissHover();
        await window.page.screenshot({ path: SCREENSHOT });
    });

    it('Undo of hunk 2 puts line 15 back and saves; keeping the rest leaves the disk with hunks 1 and 3', async () => {
        await hunkButton(0, 'undo').click(); // hunk 1 is kept, so hunk 2 is the first waiting
        await waitForWaiting(2, 'hunk 2 undone');
        await waitUntil(() => fs.readFileSync(a(), 'utf8') === aWith({ 3: 'agent-one', 20: 'agent-five', 27: 'agent-three' }),
            { timeout: 10_000, what: 'a.txt saved without hunk 2', diagnostics: () => fs.readFileSync(a(), 'utf8') });
        await hunkButton(0, 'keep').click();
        await waitForWaiting(1, 'line 20 kept');
        await hunkButton(0, 'keep').click();
        await waitForWaiting(0, 'hunk 3 kept');
        await waitForInfo('a.txt', 'reviewed');
        assert.equal(fs.readFileSync(a(), 'utf8'), aWith({ 3: 'agent-one', 20: 'agent-five', 27: 'agent-three' }));
    });

    it('Ctrl+Z in the editor brings hunk 2 back, and it waits for review again', async () => {
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+Z`);
        await waitForWaiting(1, 'hunk 2 back');
        assert.match(await window.renderedText(window.modifiedEditor()), /agent-two/);
        await waitForInfo('a.txt', '1 hunk to review');
    });

    it('Next at a.txt\'s last hunk goes on to b.txt; its hunk is kept with its button: the file stays as the agent wrote it', async () => {
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // hunk 2, a.txt's only hunk waiting
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // on to the chat's next file with hunks waiting
        await waitUntil(async () => await window.currentTabLabel() !== null && (await window.currentTabLabel()).startsWith('b.txt'),
            { timeout: 20_000, what: 'the review of b.txt in front', diagnostics: async () => `tab: ${await window.currentTabLabel()}` });
        await waitForWaiting(1, 'b.txt opened');
        await hunkButton(0, 'keep').click();
        await waitForWaiting(0, 'b.txt kept');
        await waitForInfo('b.txt', 'reviewed');
        assert.equal(fs.readFileSync(path.join(workspace, 'b.txt'), 'utf8'), text(['line 1', 'agent-four', 'line 3', 'line 4', 'line 5']));
    });

    it('hunk 2 undone again, with a reason: the chat input shows a Review note, and the next prompt tells the agent what was undone and why', async () => {
        await chat.openChangeSetFile('a.txt');
        await waitForWaiting(1, 'hunk 2 back since Ctrl+Z');
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // the only hunk waiting: hunk 2
        await window.page.keyboard.press(`${MOD}+Alt+Shift+U`); // Undo with a reason (issue 30 part 3)
        const reason = window.page.locator('.quick-input-widget input.input');
        await reason.waitFor({ state: 'visible', timeout: 10_000 });
        await reason.fill('line 15 must stay as it was');
        await window.page.keyboard.press('Enter');
        await waitForWaiting(0, 'hunk 2 undone with the key');
        const chip = chat.view.locator('.theia-ChatInput-ChatContext-title.agentReviewNote');
        await waitUntil(() => chip.isVisible(), { timeout: 10_000, what: 'the Review note chip in the chat input' });
        assert.equal((await chip.innerText()).trim(), 'Review note');
        await chat.send('@TinyAgent thanks');
        await chat.waitForText('Echo: thanks');
        await chat.waitUntilIdle();
        const prompts = fs.readFileSync(promptLog, 'utf8');
        const told = prompts.slice(prompts.lastIndexOf('thanks'));
        assert.match(told, /undid this one/, prompts);
        assert.ok(told.includes(`- ${a()}, line 15: you wrote\n    agent-two\n  and the file has again\n    line 15\n  because: line 15 must stay as it was`), told);
        assert.match(told, /The user kept the rest\./);
        await waitUntil(async () => !await chip.isVisible(), { timeout: 10_000, what: 'the chip to go once the note was sent' });
    });

    // Monaco moves every content widget at every line change: controls only near the visible lines keep a file
    // rewritten under the review from freezing the window (bench/hunk-review.mjs, issue 30).
    it('a long file: only the hunks near the visible lines have controls; the last hunk gets its own when the cursor goes there, and its Undo works', async () => {
        const long = path.join(workspace, 'long.txt');
        // Short words: the prompt is typed key by key.
        const replaced = Object.fromEntries(Array.from({ length: LONG_HUNKS }, (_, i) => [(i + 1) * 10, 'x']));
        await chat.send(`@TinyAgent edit ${long} ${Object.entries(replaced).map(([line, value]) => `${line}=${value}`).join(' ')}`);
        await chat.waitForText(/Edited [^,]*long\.txt\./);
        await chat.waitUntilIdle();
        await chat.openChangeSetFile('long.txt');
        await waitForWaiting(LONG_HUNKS, 'long.txt opened');
        const controls = window.modifiedEditor().locator('.theia-acp-hunk-actions');
        await waitUntil(async () => await controls.count() > 0, { timeout: 10_000, what: 'the first hunks\' controls' });
        const near = await controls.count();
        assert.ok(near < LONG_HUNKS / 2, `${near} of ${LONG_HUNKS} hunks have controls, though the screen shows about the first 40 lines`);
        assert.equal(await hunkButton(LONG_HUNKS - 1, 'undo').count(), 0, 'the last hunk, 560 lines below the screen, has no controls yet');
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+End`);
        await hunkButton(LONG_HUNKS - 1, 'undo').click({ timeout: 10_000 });
        await waitForWaiting(LONG_HUNKS - 1, 'the last hunk undone');
        const { [LONG_LINES]: _last, ...kept } = replaced;
        await waitUntil(() => fs.readFileSync(long, 'utf8') === text(lines(LONG_LINES).map((line, index) => kept[index + 1] ?? line)),
            { timeout: 10_000, what: `long.txt saved with line ${LONG_LINES} back`, diagnostics: () => fs.readFileSync(long, 'utf8').split('\n').slice(-3).join('\n') });
    });
});
