// Terminal agent status (issue 32 parts 1, 2): a program that speaks OSC 7501 / OSC 21337 as a CLI does
// (test/support/terminal-status-program.mjs) runs in the terminal "Run Claude Code in Terminal" starts;
// the tab, the status bar's CLI item, the pending-review count, Go to Pending Review and the
// notification of a hidden terminal follow what it writes; the status clears on `clear`, on exit and on
// close; hostile sequences are cleaned, capped and cannot freeze the page; a plain terminal shows
// nothing unless the user's settings say so. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/terminal-status.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import {
    STATUS_PROGRAM, closeTerminal, collapseBottomPanel, openPlainTerminal, pendingReviewText, sendToTerminal, statusProgramScript, terminalTabs
} from '../support/terminal-status-page.mjs';
import { MARKDOWN_MSG, SPOOF_SHOWN } from '../support/terminal-status-program.mjs';
import { clickNotification, recordNotifications, recordedNotifications } from '../support/system-notifications.mjs';
import { REPO_ROOT, waitUntil } from '../support/theia-app.mjs';

const SCREENSHOT = path.join(REPO_ROOT, 'docs', 'images', 'terminal-status-waiting.png');
const WORDS = { working: '· working', blocked: '● waiting for you', done: '· done', error: '· error', idle: '· ready' };
const SHOWN_AS = { working: 'working', blocked: 'waiting for you', done: 'done', error: 'error' };
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('terminal agent status in Theia (OSC 7501, OSC 21337)', function () {
    let setup, page, cliId;

    before(async () => {
        setup = await openTheiaForCli({
            prefix: 'terminal-status-e2e-',
            workspaceFiles: { 'notes.txt': 'notes\n' },
            homeFiles: () => ({}),
            env: () => ({}),
            windowSetup: async context => {
                await context.grantPermissions(['notifications']);
                await context.addInitScript(recordNotifications);
            },
            // "Run Claude Code in Terminal" runs `claude`: here the status program in its place.
            extraPath: ({ root }) => {
                const bin = path.join(root, 'bin');
                fs.mkdirSync(bin, { recursive: true });
                fs.writeFileSync(path.join(bin, 'claude'), statusProgramScript(), { mode: 0o755 });
                return [bin];
            }
        });
        page = setup.window.page;
        await setup.window.runCommand('Run Claude Code in Terminal');
        const started = await waitUntil(async () => (await terminalTabs(page)).find(t => t.text.includes('status-probe:')),
            { timeout: 60_000, what: 'the status program to start in the CLI terminal', diagnostics: () => diagnostics() });
        cliId = started.id;
        assert.match(started.text, /status-probe: answered "\\u001b\]7501;\?\\u001b\\\\"/, 'the companion answered the query');
    });

    after(() => setup?.close());

    const tab = async id => (await terminalTabs(page)).find(t => t.id === id);
    const statusBar = () => setup.window.statusBarText();

    async function diagnostics() {
        return `--- terminals ---\n${JSON.stringify(await terminalTabs(page).catch(e => String(e)), undefined, 1)}\n`
            + `--- status bar: ${await statusBar().catch(e => e)} / ${await pendingReviewText(page).catch(e => e)}\n${await setup.window.diagnostics()}`;
    }

    /** Types a word (and its arguments) into the program, one line; waits until it says it wrote that sequence (a new time stamp). */
    async function write(line, id = cliId) {
        const word = line.split(' ')[0];
        const stamps = async () => [...(await tab(id)).text.matchAll(new RegExp(`wrote ${word} @([\\d.]+)`, 'g'))].map(m => m[1]);
        const before = new Set(await stamps());
        await sendToTerminal(page, id, `${line}\r`);
        await waitUntil(async () => (await stamps()).some(stamp => !before.has(stamp)),
            { timeout: 30_000, what: `the program to write "${word}"`, diagnostics });
    }

    /** 'answered' when the page runs a script within 10 s: its main thread is not frozen. */
    function pageAnswers() {
        return Promise.race([page.evaluate(() => 'answered'), new Promise(resolve => setTimeout(() => resolve('no answer'), 10_000))]);
    }

    async function waitForTab(state, id = cliId) {
        return waitUntil(async () => { const t = await tab(id); return t.state === state && t.shown === (WORDS[state] ?? '') && t; },
            { timeout: 15_000, what: `the tab to show "${state}"`, diagnostics });
    }

    it('the tab shows working, waiting for you, done and error; the status bar says "Claude Code: <state>"', async () => {
        for (const state of ['working', 'blocked', 'done', 'error']) {
            await write(state);
            const shown = await waitForTab(state);
            assert.match(shown.caption, new RegExp(`Claude Code: ${SHOWN_AS[state]}`), 'the tab\'s tooltip says it in words');
            await waitUntil(async () => (await statusBar()).includes(`Claude Code: ${SHOWN_AS[state]}`),
                { timeout: 10_000, what: `the status bar to say "Claude Code: ${SHOWN_AS[state]}"`, diagnostics });
        }
        await write('tab'); // OSC 21337 from a companion CLI is not shown without the setting: the program state stays
        assert.equal((await tab(cliId)).state, 'error');
    });

    it('a hidden terminal that starts waiting raises a notification; Show Terminal reveals it; it counts as pending', async () => {
        await write('done');
        await waitForTab('done');
        await collapseBottomPanel(page);
        await waitUntil(async () => !(await tab(cliId)).visible, { timeout: 10_000, what: 'the terminal to be hidden' });
        await write('blocked');
        const notification = page.locator('.theia-notification-list-item', { hasText: 'Claude Code: waiting for you (approve Write: hello.txt)' });
        await notification.first().waitFor({ state: 'visible', timeout: 15_000 });
        await waitUntil(async () => await pendingReviewText(page) === 'Claude Code: 1 question waiting',
            { timeout: 10_000, what: 'the pending count', diagnostics });
        await notification.first().locator('button', { hasText: 'Show Terminal' }).click();
        await waitUntil(async () => (await tab(cliId)).visible, { timeout: 10_000, what: 'Show Terminal to reveal the terminal', diagnostics });
        await setup.window.dismissHover();
        await page.locator(`[id="shell-tab-${cliId}"]`).hover();
        fs.copyFileSync(await setup.window.screenshot('terminal-status-waiting.png'), SCREENSHOT);
    });

    it('a CLI that starts waiting while the window is in the background raises a system notification; clicking it reveals the terminal', async () => {
        await write('done');
        await waitForTab('done');
        await collapseBottomPanel(page);
        // Playwright tells every page it has focus; here the real state is the point.
        const cdp = await setup.window.context.newCDPSession(page);
        await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
        const other = await setup.window.context.newPage();
        try {
            await other.setContent('<h1>another application</h1>');
            await other.bringToFront();
            await waitUntil(() => page.evaluate(() => !document.hasFocus()), { timeout: 10_000, what: 'the Theia window to lose focus' });
            const before = (await recordedNotifications(page)).length;
            await write('blocked');
            const [notification] = await waitUntil(async () => (await recordedNotifications(page)).slice(before).length && (await recordedNotifications(page)).slice(before),
                { timeout: 15_000, what: 'a system notification', diagnostics });
            assert.deepEqual([notification.title, notification.body], ['Claude Code asks a question', 'approve Write: hello.txt: answer it in its terminal']);
            await clickNotification(page, before);
            await page.bringToFront(); // a real click raises the browser window; Playwright cannot
            await waitUntil(async () => (await tab(cliId)).visible, { timeout: 10_000, what: 'the notification to reveal the terminal', diagnostics });
        } finally {
            await other.close();
            await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
        }
    });

    it('Go to Pending Review reaches the waiting terminal', async () => {
        await collapseBottomPanel(page);
        await waitUntil(async () => !(await tab(cliId)).visible, { timeout: 10_000, what: 'the terminal to be hidden' });
        await setup.window.runCommand('Go to Pending Review');
        await waitUntil(async () => (await tab(cliId)).visible, { timeout: 10_000, what: 'Go to Pending Review to reveal the terminal', diagnostics });
    });

    it('the status clears on `clear`, when the CLI exits without a word, and when its terminal closes', async () => {
        await write('clear');
        await waitForTab('');
        await waitUntil(async () => await pendingReviewText(page) === '' && !(await statusBar()).includes('Claude Code:'),
            { timeout: 10_000, what: 'the pending count and the status bar state to go', diagnostics });
        await write('working');
        await waitForTab('working');
        await sendToTerminal(page, cliId, 'exit\r'); // the program exits at once, no `clear` sent
        await waitForTab('');
        await sendToTerminal(page, cliId, 'claude\r');
        await waitUntil(async () => (await tab(cliId)).text.split('status-probe: answered').length === 3,
            { timeout: 30_000, what: 'the program to start again', diagnostics });
        await write('blocked');
        await waitUntil(async () => await pendingReviewText(page) === 'Claude Code: 1 question waiting', { timeout: 10_000, what: 'the pending count', diagnostics });
        await closeTerminal(page, cliId);
        await waitUntil(async () => await pendingReviewText(page) === '' && !(await statusBar()).includes('Claude Code:'),
            { timeout: 10_000, what: 'the closed terminal\'s status to go', diagnostics });
    });

    it('hostile sequences: a flood, huge and malformed ones cannot freeze the page; bidi and controls stripped, texts capped', async () => {
        await setup.window.runCommand('Run Claude Code in Terminal');
        cliId = (await waitUntil(async () => (await terminalTabs(page)).find(t => t.id !== cliId && t.text.includes('status-probe: answered')),
            { timeout: 60_000, what: 'a second CLI terminal', diagnostics })).id;
        const count = (await tab(cliId)).text.split('wrote hostile').length;
        await sendToTerminal(page, cliId, 'hostile\r');
        // The page answers a script all along (bounded: the program writes ~2.6 MB once).
        for (let i = 0; i < 600 && (await tab(cliId)).text.split('wrote hostile').length === count; i++) {
            assert.equal(await pageAnswers(), 'answered', 'the page answers a script during the flood');
        }
        const shown = await waitForTab('blocked');
        const line = shown.caption.split('\n').pop();
        assert.ok(line.startsWith(`Claude Code: waiting for you (${SPOOF_SHOWN} yyy`), line.slice(0, 200));
        assert.doesNotMatch(line, UNSAFE, 'no control or bidi character reaches the tooltip');
        const msg = line.slice('Claude Code: waiting for you ('.length, -1);
        assert.equal([...msg].length, 2048, 'msg capped at 2,048 characters');
        assert.ok(msg.endsWith('…'));
        const notificationTexts = await page.locator('.theia-notification-message').allInnerTexts();
        notificationTexts.forEach(text => assert.doesNotMatch(text, UNSAFE));
    });

    it('a flood of queries gets one answer, not one each (each answer is typed into the program)', async () => {
        const answers = async () => (await tab(cliId)).text.split('^[]7501;?^[\\').length - 1;
        const before = await answers();
        await write('queries');
        await waitUntil(async () => await answers() > before, { timeout: 15_000, what: 'an answer to the queries', diagnostics });
        await sendToTerminal(page, cliId, '\r'); // ends the line the answer was typed into
        await write('done'); // a round trip through the program, after every answer sent
        assert.equal(await answers() - before, 1);
    });

    it('markdown in a status text stays text in the notification: no link to click, no command run', async () => {
        await write('done');
        await waitForTab('done');
        await collapseBottomPanel(page);
        await waitUntil(async () => !(await tab(cliId)).visible, { timeout: 10_000, what: 'the terminal to be hidden' });
        await write('link');
        const notification = page.locator('.theia-notification-list-item', { hasText: MARKDOWN_MSG });
        await notification.first().waitFor({ state: 'visible', timeout: 15_000 });
        assert.equal(await notification.first().locator('.theia-notification-message :is(a, strong, b)').count(), 0);
        await notification.first().locator('button', { hasText: 'Show Terminal' }).click();
        await waitUntil(async () => (await tab(cliId)).visible, { timeout: 10_000, what: 'Show Terminal to reveal the terminal', diagnostics });
    });

    it('fuzzed status sequences (the seed is printed; FUZZ_SEED replays) leave the page answering and the tab showing the next status', async () => {
        const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
        console.log(`      status fuzz seed ${seed}`);
        for (let round = 0; round < 3; round++) {
            await write(`fuzz ${seed + round} 300`);
            assert.equal(await pageAnswers(), 'answered', `the page answers after round ${round} (seed ${seed + round})`);
            // The well-formed status written after the fuzz wins (once the rate limit lets it through).
            await waitUntil(async () => { const t = await tab(cliId); return t.state === 'working' && t.caption.split('\n').pop() === 'Claude Code: working 7%'; },
                { timeout: 15_000, what: `the status after fuzz seed ${seed + round}`, diagnostics });
            (await page.locator('.theia-notification-message').allInnerTexts()).forEach(text => assert.doesNotMatch(text, UNSAFE));
            // The fuzz asks the query too: its answer is input to the program, ended here as a line of its own.
            await sendToTerminal(page, cliId, '\r');
            await write('done');
            await waitForTab('done');
        }
    });

    it('a program in a plain terminal shows nothing, unless aiCliCompanion.terminalStatus.allTerminals is in the user settings', async () => {
        const plainId = await openPlainTerminal(page, 'plain');
        const run = `STATUS_APP=some-tool "${process.execPath}" "${STATUS_PROGRAM}"\r`;
        await sendToTerminal(page, plainId, run);
        await waitUntil(async () => (await tab(plainId)).text.includes('status-probe: no reply'), { timeout: 30_000, what: 'the unanswered query', diagnostics });
        await write('blocked', plainId);
        await write('tab', plainId);
        assert.equal((await tab(plainId)).state, '', 'nothing on the tab');
        assert.equal(await pendingReviewText(page), '', 'no question from a plain terminal');
        await sendToTerminal(page, plainId, 'exit\r');

        const settingsFile = path.join(setup.backend.home, '.theia', 'settings.json');
        const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
        fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, 'aiCliCompanion.terminalStatus.allTerminals': true }, undefined, 2));
        // The frontend reads the setting once its watcher saw the file: run the program until its query is answered.
        await waitUntil(async () => {
            const runs = (await tab(plainId)).text.split('status-probe:').length;
            await sendToTerminal(page, plainId, run);
            await waitUntil(async () => (await tab(plainId)).text.split('status-probe:').length > runs, { timeout: 30_000, what: 'the program to probe' });
            const answered = (await tab(plainId)).text.split('status-probe:').pop().startsWith(' answered');
            if (!answered) {
                await sendToTerminal(page, plainId, 'exit\r');
            }
            return answered;
        }, { timeout: 90_000, what: 'the plain terminal to answer the query once the setting is on', diagnostics });
        await write('working', plainId);
        const shown = await waitForTab('working', plainId);
        assert.match(shown.caption, /Terminal program: working 40%/);
    });
});
