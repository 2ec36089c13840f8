// Review All Agent Changes (issue 30), in Chromium with the test's ACP agent in its Trust mode (it writes through
// fs/write_text_file without asking). Turn 1 writes two hunks into a.txt and one into b.txt, turn 2 one into c.txt.
// Review Agent Changes of the Last Turn opens c.txt alone; Review All (the change set's header button) walks a.txt,
// b.txt, c.txt with "file N of 3 · …" in the review's status line, Next past a file's last hunk going on to the next
// file, the review diff's toolbar moving between files. Keep All (the toolbar) keeps every file as the agent left
// it; Undo All (the command) puts a later turn's hunks of two files back on disk, Ctrl+Z in one file brings its
// hunks back, and the next prompt tells the agent of the other only. The review survives a window reload (the chat
// reopened from Theia's store: the waiting hunk, the kept and undone ones, the Review note) and a backend restart
// (the change set is reviewed, kept and undone from its stored "before"); the per-agent record counts every decision
// (Show Agent Review Record, and the tooltip of the change set's Review All button).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { TheiaChat } from '../support/theia-chat.mjs';
import { MOD, REPO_ROOT, TheiaBackend, waitUntil } from '../support/theia-app.mjs';

const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
const lines = count => Array.from({ length: count }, (_, index) => `line ${index + 1}`);
const text = all => `${all.join('\n')}\n`;
/** `count` lines with the given lines (1-based) replaced. */
const withLines = (count, replaced) => text(lines(count).map((line, index) => replaced[index + 1] ?? line));
const TITLE = 'remember REVIEWALL';

/** Every stored chat file under `home` (Theia's chatSessions folder), parsed. */
function storedChats(home) {
    return fs.readdirSync(home, { recursive: true, withFileTypes: true })
        .filter(entry => entry.isFile() && entry.name.endsWith('.json') && (entry.parentPath ?? entry.path).endsWith('chatSessions'))
        .map(entry => { try { return JSON.parse(fs.readFileSync(path.join(entry.parentPath ?? entry.path, entry.name), 'utf8')); } catch { return undefined; } })
        .filter(Boolean);
}

/** The stored reviews of the chat's change-set entries (kind acp-file), from the newest entry of each file. */
function storedReviews(home) {
    const reviews = new Map();
    for (const chat of storedChats(home)) {
        for (const request of chat.model?.requests ?? []) {
            for (const element of request.changeSet?.elements ?? []) {
                if (element.kind === 'acp-file') {
                    reviews.set(path.basename(element.uri), element.data?.review ?? {});
                }
            }
        }
    }
    return reviews;
}

/** The stored chats' files (and their index) as they are now: whether each parses, and when it last changed. */
function storeState(home) {
    return fs.readdirSync(home, { recursive: true, withFileTypes: true })
        .filter(entry => entry.isFile() && entry.name.endsWith('.json') && (entry.parentPath ?? entry.path).includes('chatSessions'))
        .map(entry => {
            const file = path.join(entry.parentPath ?? entry.path, entry.name);
            let parses = true;
            try { JSON.parse(fs.readFileSync(file, 'utf8')); } catch { parses = false; }
            return `${file} ${fs.statSync(file).mtimeMs} ${parses}`;
        }).sort().join('\n');
}

/** The per-agent review record in the user's config folder, parsed. */
function reviewRecord(home) {
    const file = fs.readdirSync(home, { recursive: true }).find(name => String(name).endsWith('chat-review-record.json'));
    return file ? JSON.parse(fs.readFileSync(path.join(home, String(file)), 'utf8')) : {};
}

describe('Review All Agent Changes: every file of the chat, Keep All and Undo All, a review that survives a reload and a restart', function () {
    let app, window, chat, workspace, promptLog, home;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    async function start() {
        ({ window, chat } = await app.open(() => TheiaBackend.start({
            root: app.root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: { 'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT, '--prompt-log', promptLog], description: 'An ACP agent written in the test' }] }
        })));
    }

    before(async () => {
        app = await ChatApp.start(cleanup, { prefix: 'acp-review-all-', files: { 'a.txt': text(lines(30)), 'b.txt': text(lines(10)), 'c.txt': text(lines(5)) } });
        ({ workspace } = app);
        home = path.join(app.root, 'home');
        promptLog = path.join(app.root, 'tiny-prompts.log');
        await start();
    });

    const file = name => path.join(workspace, name);
    const disk = name => fs.readFileSync(file(name), 'utf8');
    const waitForDisk = (name, expected, what) => waitUntil(() => disk(name) === expected,
        { timeout: 15_000, what: `${name} on disk ${what}`, diagnostics: () => disk(name) });
    const status = () => window.modifiedEditor().locator('.theia-acp-hunk-review-status');
    const waitForStatus = (attribute, matches, what) => waitUntil(async () => matches(await status().getAttribute(attribute).catch(() => null)), {
        timeout: 20_000, what,
        diagnostics: async () => `status: "${await status().innerText().catch(() => '?')}", tab: ${await window.currentTabLabel()}\n${await window.diagnostics()}`
    });
    const waitForWaiting = (count, what) => waitForStatus('data-waiting', value => value === String(count), `the review to count ${count} hunks waiting (${what})`);
    const waitForWalk = (pattern, what) => waitForStatus('data-walk', value => pattern.test(value ?? ''), `the review's walk to say ${pattern} (${what})`);
    const waitForTab = (name, timeout = 20_000) => waitUntil(async () => (await window.currentTabLabel() ?? '').startsWith(name),
        { timeout, what: `the review of ${name} in front`, diagnostics: async () => `tab: ${await window.currentTabLabel()}` });
    const waitForInfo = (fileName, expected) => waitUntil(async () => (await chat.changeSetInfo(fileName).catch(() => '')).includes(expected), {
        timeout: 30_000, what: `the change set to say "${expected}" for ${fileName}`,
        diagnostics: async () => `entry: "${await chat.changeSetInfo(fileName).catch(() => '?')}"`
    });
    const toolbar = commandId => window.page.locator(`[id="acp-review.${commandId}"]`);
    const hunkButton = (index, action) => window.modifiedEditor().locator(`.theia-acp-hunk-actions[data-hunk="${index}"] [data-action="${action}"]`);
    const chip = () => chat.view.locator('.theia-ChatInput-ChatContext-title.agentReviewNote');
    async function focusFileSide() {
        const box = await window.modifiedEditor().boundingBox();
        await window.page.mouse.click(box.x + 60, box.y + 10);
        await window.page.keyboard.press(`${MOD}+Home`);
    }
    async function agentEdits(words, done) {
        await chat.send(`@TinyAgent edit ${words}`);
        await chat.waitForText(done);
        await chat.waitUntilIdle();
    }
    /** Theia's stored chat reopened from Browse all chats. */
    async function reopen() {
        await window.runCommand('Browse all chats');
        const row = chat.listedChat(TITLE);
        await waitUntil(() => row.first().isVisible(), {
            timeout: 60_000, what: `the chat "${TITLE}" in Browse all chats`,
            diagnostics: async () => `rows: ${JSON.stringify(await chat.listedChat('').allInnerTexts().catch(() => []))}\n${await window.diagnostics()}`
        });
        await chat.pickerSettled();
        await row.first().click();
        // The restored chat shows its end; its change set lists the files.
        await chat.changeSetEntry('c.txt').waitFor({ state: 'visible', timeout: 60_000 });
    }

    it('turn 1 writes a.txt (2 hunks) and b.txt (1), turn 2 writes c.txt (1); the change set counts them', async () => {
        await chat.send(`@TinyAgent ${TITLE}`);
        await chat.waitForText(`Echo: ${TITLE}`);
        await chat.waitUntilIdle();
        await chat.selectMode('Trust');
        await agentEdits(`${file('a.txt')} 3=agent-a3 20=agent-a20 ${file('b.txt')} 2=agent-b2`, /Edited .*b\.txt\./);
        await agentEdits(`${file('c.txt')} 4=agent-c4`, /Edited [^,]*c\.txt\./);
        await waitForInfo('a.txt', '2 hunks to review');
        await waitForInfo('b.txt', '1 hunk to review');
        await waitForInfo('c.txt', '1 hunk to review');
    });

    it('Review Agent Changes of the Last Turn opens c.txt alone', async () => {
        await window.runCommand('Review Agent Changes of the Last Turn');
        await waitForTab('c.txt');
        await waitForWalk(/^Changes of the last turn: file 1 of 1 · 1 hunk waiting here, 1 in all$/, 'c.txt opened');
    });

    it('Review All walks a.txt, b.txt and c.txt: Next past a file\'s last hunk, and the toolbar, go from file to file', async () => {
        // The change set's header button; a click the re-rendering box lost (the full runs' toasts, a layout shift) is made again.
        await chat.clearNotifications();
        await waitUntil(async () => {
            await chat.view.locator('.theia-acp-review-all').click({ timeout: 5_000 }).catch(() => undefined);
            return waitForTab('a.txt', 5_000).then(() => true, () => false);
        }, { timeout: 30_000, what: 'Review All in the change set\'s header to open a.txt', diagnostics: async () => `tab: ${await window.currentTabLabel()}\n${await window.diagnostics()}` });
        await waitForWalk(/^All changes of the chat: file 1 of 3 · 2 hunks waiting here, 4 in all$/, 'a.txt opened');
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // line 3
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // line 20
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // past a.txt's last hunk: on to b.txt
        await waitForTab('b.txt');
        await waitForWalk(/file 2 of 3 · 1 hunk waiting here, 4 in all$/, 'b.txt opened by Next');
        await toolbar('aiCliChat.review.nextFile').click();
        await waitForTab('c.txt');
        await waitForWalk(/file 3 of 3 · 1 hunk waiting here, 4 in all$/, 'c.txt opened by the toolbar');
        await toolbar('aiCliChat.review.previousFile').click();
        await waitForTab('b.txt');
    });

    it('Keep All (the review\'s toolbar) keeps every file of the chat as the agent left it', async () => {
        await toolbar('aiCliChat.review.keepAllFiles').click();
        await waitForWaiting(0, 'b.txt kept');
        await waitForWalk(/file 2 of 3 · 0 hunks waiting here, 0 in all$/, 'every file kept');
        for (const name of ['a.txt', 'b.txt', 'c.txt']) {
            await waitForInfo(name, 'reviewed');
        }
        assert.equal(disk('a.txt'), withLines(30, { 3: 'agent-a3', 20: 'agent-a20' }));
        assert.equal(disk('b.txt'), withLines(10, { 2: 'agent-b2' }));
        assert.equal(disk('c.txt'), withLines(5, { 4: 'agent-c4' }));
    });

    it('Undo All puts a later turn\'s hunks of a.txt and b.txt back on disk; Ctrl+Z in a.txt brings its hunk back; the agent hears of b.txt\'s only', async () => {
        await agentEdits(`${file('a.txt')} 10=agent-a10 ${file('b.txt')} 5=agent-b5`, /Edited .*b\.txt\./);
        await waitForInfo('a.txt', '1 hunk to review');
        await waitForInfo('b.txt', '1 hunk to review');
        await window.runCommand('Undo All Agent Changes');
        await waitForDisk('a.txt', withLines(30, { 3: 'agent-a3', 20: 'agent-a20' }), 'with line 10 undone');
        await waitForDisk('b.txt', withLines(10, { 2: 'agent-b2' }), 'with line 5 undone');
        await waitForInfo('a.txt', 'reviewed');
        await waitForInfo('b.txt', 'reviewed');
        await waitUntil(() => chip().isVisible(), { timeout: 10_000, what: 'the Review note chip in the chat input' });
        await chat.openChangeSetFile('a.txt');
        await waitForTab('a.txt');
        await waitForWaiting(0, 'a.txt after Undo All');
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+Z`);
        await waitForWaiting(1, 'Ctrl+Z brought line 10 back');
        assert.match(await window.renderedText(window.modifiedEditor()), /agent-a10/);
        await window.page.keyboard.press(`${MOD}+S`);
        await waitForDisk('a.txt', withLines(30, { 3: 'agent-a3', 10: 'agent-a10', 20: 'agent-a20' }), 'saved with line 10 back');
        await chat.send('@TinyAgent thanks');
        await chat.waitForText('Echo: thanks');
        await chat.waitUntilIdle();
        const prompts = fs.readFileSync(promptLog, 'utf8');
        const told = prompts.slice(prompts.lastIndexOf('thanks'));
        assert.ok(told.includes(`- ${file('b.txt')}, line 5: you wrote\n    agent-b5\n  and the file has again\n    line 5`), told);
        assert.doesNotMatch(told, /agent-a10/, 'the hunk Ctrl+Z brought back is not told as undone');
    });

    it('the review survives a window reload: the waiting hunk, the kept and the undone ones, and the Review note come back', async () => {
        await agentEdits(`${file('b.txt')} 7=agent-b7 ${file('c.txt')} 2=agent-c2`, /Edited .*c\.txt\./);
        await waitForInfo('c.txt', '1 hunk to review');
        await window.runCommand('Review All Agent Changes');
        await waitForTab('a.txt');
        await waitForWalk(/file 1 of 3 · 1 hunk waiting here, 3 in all$/, 'a.txt with line 10');
        await hunkButton(0, 'keep').click();
        await waitForWaiting(0, 'line 10 kept');
        await focusFileSide();
        await window.page.keyboard.press(`${MOD}+Alt+BracketRight`); // a.txt has no hunk left: on to b.txt
        await waitForTab('b.txt');
        await waitForWaiting(1, 'b.txt with line 7');
        await hunkButton(0, 'undo').click();
        await waitForDisk('b.txt', withLines(10, { 2: 'agent-b2' }), 'with line 7 undone');
        await waitForInfo('b.txt', 'reviewed');
        // Theia's auto-save stores the decisions with the chat; the record has them too.
        await waitUntil(() => {
            const reviews = storedReviews(home);
            return reviews.get('a.txt')?.baseline?.includes('agent-a10') && reviews.get('b.txt')?.undone?.some(entry => entry.hunk.agentLines.includes('agent-b7'));
        }, { timeout: 30_000, what: 'the chat stored with a.txt\'s kept hunk and b.txt\'s undone one', diagnostics: () => JSON.stringify([...storedReviews(home)]) });
        // Kept: 4 by Keep All, line 10 of a.txt; undone: line 5 of b.txt (line 10 came back with Ctrl+Z), line 7 of b.txt.
        await waitUntil(() => JSON.stringify(Object.values(reviewRecord(home))) === JSON.stringify([{ name: 'TinyAgent', kept: 5, undone: 2 }]),
            { timeout: 15_000, what: 'the review record to count 5 kept and 2 undone hunks', diagnostics: () => JSON.stringify(reviewRecord(home)) });

        // A reload while Theia writes the store's index would cut it short: wait until the store is still and whole.
        let last = '', since = Date.now();
        await waitUntil(() => {
            const now = storeState(home);
            if (now !== last) {
                [last, since] = [now, Date.now()];
            }
            return !now.includes(' false') && Date.now() - since >= 1500;
        }, { timeout: 30_000, what: 'Theia\'s chat store to be still (1.5 s without a write)', diagnostics: () => last });
        await window.page.reload();
        await window.waitForShell(120_000);
        chat = new TheiaChat(window);
        await chat.open();
        await reopen();
        await waitForInfo('c.txt', '1 hunk to review');
        await waitForInfo('a.txt', 'reviewed');
        await waitForInfo('b.txt', 'reviewed');
        await waitUntil(() => chip().isVisible(), { timeout: 10_000, what: 'the Review note of the undone line 7 after the reload' });
        await window.runCommand('Review All Agent Changes');
        await waitForTab('c.txt');
        await waitForWalk(/^All changes of the chat: file 3 of 3 · 1 hunk waiting here, 1 in all$/, 'c.txt, the only file waiting, after the reload');
    });

    it('after a backend restart the chat\'s change set is reviewed from its stored "before": Undo puts it back on disk; the record counts every decision', async () => {
        await app.close();
        await start();
        await reopen();
        await waitForInfo('c.txt', '1 hunk to review');
        await waitForInfo('a.txt', 'reviewed');
        await window.runCommand('Review All Agent Changes');
        await waitForTab('c.txt');
        await waitForWaiting(1, 'c.txt after the restart');
        assert.match(await window.renderedText(window.originalEditor()), /agent-c4/, 'the baseline holds the hunk kept before the restart');
        await hunkButton(0, 'undo').click();
        await waitForDisk('c.txt', withLines(5, { 4: 'agent-c4' }), 'with line 2 undone');
        await waitForInfo('c.txt', 'reviewed');
        await window.runCommand('Show Agent Review Record');
        await waitForTab('Agent Review Record');
        const record = window.page.locator('#theia-main-content-panel .monaco-editor .view-lines').filter({ visible: true }).first();
        // As before the reload, and line 2 of c.txt undone.
        await waitUntil(async () => /TinyAgent: 5 kept, 3 undone \(63% kept\)/.test((await record.innerText().catch(() => '')).replace(/\u00a0/g, ' ')),
            { timeout: 15_000, what: 'the record to count 5 kept and 3 undone', diagnostics: async () => `${await record.innerText().catch(() => '?')}\n${JSON.stringify(reviewRecord(home))}` });
        // The change set's Review All button says it too, for the chat's agents.
        const button = chat.view.locator('.theia-acp-review-all');
        await waitUntil(async () => /\nTinyAgent so far: you kept 5 hunks, undid 3$/.test(await button.getAttribute('title').catch(() => '') ?? ''),
            { timeout: 10_000, what: 'the Review All button\'s tooltip to hold the record', diagnostics: async () => await button.getAttribute('title').catch(() => '?') });
    });
});
