// An agent's links stay inert however its answer reaches the chat (issue 29 parts 1, 3 and 11), in Chromium with the
// ACP agent written for the tests (test/support/session-acp-agent.mjs). Its answers carry a `command:` link to
// terminal:new, which a click would run if the chat rendered it as Theia's markdown part does: (c) live, text that
// follows a form in the same turn; (b) that chat restored from Theia's store after a reload, its answered form
// restored settled (no "could not be restored"); (a) a conversation the agent made outside Theia, opened from Browse
// all chats (its session/load replay, the replayed user message included). Each shows the link as text, and a click
// on it opens no terminal. The window's Content-Security-Policy lets no form post (form-action 'none').
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TheiaChat } from '../support/theia-chat.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { filesContaining } from '../support/chat-api-key.mjs';

const SESSION_AGENT = path.join(REPO_ROOT, 'test', 'support', 'session-acp-agent.mjs');
/** What session-acp-agent's "ask-then-link" says after its form (its TERMINAL_LINK), and the text the link shows. */
const LINK = '[Open a terminal](command:terminal:new)';
const LINK_TEXT = 'Open a terminal';

describe('An agent\'s `command:` links stay text, live, restored and listed (issue 29 parts 1, 3, 11)', function () {
    let browser, root, store, backend, window, chat, workspace;
    let fences = 0;

    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        browser = await launchChromium();
        cleanup.push(() => browser.close());
        root = makeTempRoot('acp-chat-inert-links-');
        cleanup.push(() => removeTempRoot(root));
        workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# sample\n' });
        store = path.join(root, 'asker');
        // A conversation the agent had outside Theia (as its own terminal UI would leave it in its session files).
        writeTree(store, {
            's-outside.json': JSON.stringify({
                sessionId: 's-outside', cwd: workspace, title: 'a link please', values: {}, updatedAt: new Date().toISOString(),
                history: [{ user: `a link please ${LINK}`, agent: `Here: ${LINK}` }]
            })
        });
        backend = await TheiaBackend.start({
            root, workspace, unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: {
                'aiCliChat.agents': [{ name: 'Asker', command: process.execPath, args: [SESSION_AGENT, '--store', store], description: 'Asks with forms' }]
            }
        });
        cleanup.push(() => backend.stop());
        window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.push(() => window.close());
        chat = new TheiaChat(window);
        await chat.open();
    });

    const answers = () => chat.view.locator('.theia-ResponseNode-Content');
    const terminals = () => window.page.locator('.xterm').count();

    /** The link in the last answer is text; clicking it runs nothing (the next prompt's answer is the fence). */
    async function assertInert() {
        const link = answers().locator('.theia-acp-inert-link', { hasText: LINK_TEXT }).last();
        await link.waitFor({ state: 'visible', timeout: 30_000 });
        assert.equal(await chat.view.locator('.theia-ResponseNode-Content a[href^="command:"], .theia-RequestNode a[href^="command:"]').count(), 0,
            'no live command: link in the chat');
        assert.match(await link.getAttribute('title'), /Not opened from an agent's answer: command:terminal:new/);
        await link.click();
        const fence = `fence ${++fences}`;
        await chat.send(`@Asker ${fence}`);
        await chat.waitForText(`Echo: ${fence}`);
        await chat.waitUntilIdle();
        assert.equal(await terminals(), 0, 'the click opened no terminal');
    }

    async function openListed(text) {
        await window.runCommand('Browse all chats');
        const row = window.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: text });
        await row.first().waitFor({ state: 'visible', timeout: 60_000 });
        await chat.pickerSettled();
        await row.first().click();
    }

    it('the window\'s Content-Security-Policy refuses a form\'s submission', async () => {
        const policy = await window.page.evaluate(() => fetch(location.href).then(response => response.headers.get('content-security-policy')));
        assert.match(policy ?? '', /form-action 'none'/);
        const refused = await window.page.evaluate(() => new Promise(resolve => {
            document.addEventListener('securitypolicyviolation', event => resolve(event.effectiveDirective), { once: true });
            const sink = Object.assign(document.createElement('iframe'), { name: 'csp-sink' });
            const form = Object.assign(document.createElement('form'), { action: 'http://127.0.0.1:9/steal', method: 'post', target: 'csp-sink' });
            document.body.append(sink, form);
            form.submit();
            setTimeout(() => resolve('submitted'), 10_000);
        }));
        assert.equal(refused, 'form-action');
    });

    it('c: text after a form, in the same turn, is the agent\'s markdown: its link is text', async () => {
        await chat.send('@Asker ask-then-link');
        const form = chat.view.locator('.theia-acp-elicitation').last();
        await form.locator('text=Which colour?').waitFor({ state: 'visible', timeout: 60_000 });
        await form.locator('button', { hasText: 'Decline' }).click();
        await chat.waitForText('Done.');
        await chat.waitUntilIdle();
        await assertInert();
    });

    it('b: the chat restored from Theia\'s store after a reload: the link is text, the form settled', async () => {
        await waitUntil(() => filesContaining(path.join(root, 'home'), 'fence 1').length > 0, { timeout: 60_000, what: 'Theia to save the chat' });
        await window.page.reload();
        await window.waitForShell(120_000);
        chat = new TheiaChat(window);
        await chat.open();
        // Theia's stored chat ("@Asker ask-then-link"), not the agent's own listing of the same conversation
        // ("Asker: ask-then-link"), whose session/load replay has no form and no link.
        await openListed('@Asker ask-then-link');
        await chat.waitForText(`After the form: ${LINK_TEXT}`);
        await assertInert();
        const form = chat.view.locator('.theia-acp-elicitation', { hasText: 'Which colour?' }).last();
        assert.match(await form.innerText({ timeout: 10_000 }), /Declined/);
        assert.equal(await form.locator('button').count(), 0, 'a restored form has no buttons');
        assert.equal(await chat.view.locator('.theia-chat-unknown-content').count(), 0, 'nothing "could not be restored"');
    });

    it('a: a conversation the agent had outside Theia, opened from Browse all chats: its replay\'s links are text', async () => {
        await chat.newSession();
        await openListed('Asker: a link please');
        await chat.waitForText(`Here: ${LINK_TEXT}`);
        await chat.waitForText(`a link please ${LINK}`); // the replayed user message, as it was typed
        await assertInert();
    });
});
