// An agent's questions and sign-ins in Theia's chat (issue 23 parts 6, 7), in Chromium with the ACP agent written
// for the tests (test/support/session-acp-agent.mjs): its elicitation/create form is drawn in the answer, counts in
// the pending-question status item, and what the user fills in reaches the agent as accept with that content; a
// link (URL mode) shows its host and can be declined. An agent that needs a sign-in offers its authMethods as
// buttons: the `terminal` one opens a Theia terminal running the agent's own program with --login; the user signs in
// there, and the chat retries the prompt, which the restarted agent now answers.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TheiaChat } from '../support/theia-chat.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const SESSION_AGENT = path.join(REPO_ROOT, 'test', 'support', 'session-acp-agent.mjs');

describe('An agent\'s forms and sign-in buttons in Theia\'s chat (issue 23 parts 6, 7)', function () {
    let browser, root, backend, window, chat, workspace, marker;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        root = makeTempRoot('acp-chat-elicitation-');
        cleanup.push(() => removeTempRoot(root));
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n' });
        marker = path.join(root, 'signed-in');
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: {
                'aiCliChat.agents': [
                    { name: 'Asker', command: process.execPath, args: [SESSION_AGENT, '--store', path.join(root, 'asker')], description: 'Asks with forms' },
                    { name: 'Locked', command: process.execPath, args: [SESSION_AGENT, '--store', path.join(root, 'locked'), '--login-marker', marker],
                        description: 'Needs a sign-in' }
                ]
            }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
        chat = new TheiaChat(window);
        await chat.open();
    });

    const pendingText = () => window.page.evaluate(() => document.getElementById('status-bar-ai-cli-companion-pending-reviews')?.textContent?.trim() ?? '');
    const form = () => chat.view.locator('.theia-acp-elicitation').last();
    const toasts = () => window.page.locator('.theia-notification-message').allInnerTexts();
    const diagnostics = async () => `--- chat ---\n${await chat.text()}\n--- notifications ---\n${(await toasts()).join('\n')}\n` +
        `--- terminal ---\n${await window.terminalText()}\n${await window.diagnostics()}`;

    it('draws the agent\'s form; a waiting form counts as a question; Submit sends accept with what was filled in', async () => {
        await chat.send('@Asker ask');
        await form().locator('text=Which colour?').waitFor({ state: 'visible', timeout: 60_000 });
        await waitUntil(async () => /1 question waiting/.test(await pendingText()),
            { timeout: 15_000, what: 'the form in the pending-question status item', diagnostics: async () => `status bar: "${await pendingText()}"` });

        // The required field is checked before anything is sent.
        await form().locator('button', { hasText: 'Submit' }).click();
        await form().locator('.theia-acp-elicitation-error', { hasText: 'Colour is required.' }).waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(await chat.isRunning(), true, 'the agent still waits');

        await form().locator('[data-field="colour"] select').selectOption('blue');
        await form().locator('[data-field="shade"] input').fill('3');
        await form().locator('button', { hasText: 'Submit' }).click();
        await chat.waitForText('Answer: {"action":"accept","content":{"colour":"blue","shade":3}}');
        await chat.waitUntilIdle();
        assert.match(await form().innerText(), /Submitted: Colour: blue, Shade: 3/);
        await waitUntil(async () => await pendingText() === '', { timeout: 10_000, what: 'the status item to go once answered' });
    });

    it('a link shows its host and is opened only on a click; Decline sends decline', async () => {
        await chat.send('@Asker ask-link');
        await chat.waitForText('Authorise the test service');
        const open = form().locator('button', { hasText: 'Open auth.example.test' });
        await open.waitFor({ state: 'visible', timeout: 60_000 });
        await form().locator('button', { hasText: 'Decline' }).click();
        await chat.waitForText('Answer: {"action":"decline"}');
        await chat.waitUntilIdle();
    });

    it('a sign-in is a button per method; the terminal one runs the agent\'s login in a Theia terminal, and the chat retries the prompt', async () => {
        await chat.newSession();
        await chat.send('@Locked hello after signing in');
        await chat.waitForText(/needs you to sign in: .*Authentication required/);
        await chat.waitUntilIdle();
        const buttons = chat.view.locator('.theia-acp-command-button');
        const terminal = buttons.filter({ hasText: 'Log in in a terminal' }).last();
        await terminal.waitFor({ state: 'visible', timeout: 10_000 });
        assert.match(await terminal.innerText(), /Runs this agent's own login/, 'the method\'s description is on its button');
        await buttons.filter({ hasText: 'Log in here' }).last().waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(fs.existsSync(marker), false);

        await terminal.click();
        await waitUntil(async () => (await window.terminalText()).includes('Type yes and press Enter'),
            { timeout: 30_000, what: 'the agent\'s login in a terminal', diagnostics });
        await window.typeInTerminal('yes');
        await waitUntil(() => fs.existsSync(marker), { timeout: 15_000, what: 'the login to write its marker' });
        // The retried prompt reaches a restarted agent, which sees the login.
        await chat.waitForText(/Echo: (@Locked )?hello after signing in/);
        await chat.waitUntilIdle();
    });
});
