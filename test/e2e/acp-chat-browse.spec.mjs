// "Browse all chats…" at once (issue 31 part 4), in Chromium. Theia's own picker showed nothing until every agent
// had started and answered session/list (4.3–5.9 s measured). Now Theia's chats show at once; a running agent's
// sessions join when it answers, the picker busy meanwhile; an agent that would have to start is one entry, "Load
// the sessions of …", asked only when pressed. Two agents written for the tests, each with sessions made outside
// Theia: HeldAgent runs (it answered a prompt) and holds its session/list until the test lets it go; IdleAgent
// never ran in this backend.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ChatApp } from '../support/chat-app.mjs';
import { waitUntil } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const { WorkspaceAgent, silentLogger } = createRequire(import.meta.url)('@ai-cli-companion/acp-client');
const SESSION_AGENT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../support/session-acp-agent.mjs');

/** One conversation made by a process of the agent of its own (as its terminal UI would), then stopped. */
async function madeOutside(workspace, args, prompt) {
    const agent = new WorkspaceAgent({
        workspace, logger: silentLogger, scrub: text => text, environment: async () => ({ ...process.env }),
        profile: { id: 'outside', displayName: 'outside', command: process.execPath, args }
    });
    try {
        const { sessionId } = await agent.openSession({ onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) });
        await agent.prompt(sessionId, [{ type: 'text', text: prompt }]);
    } finally {
        await agent.stop();
    }
}

describe('Browse all chats at once: Theia\'s chats first, the agents\' sessions as each answers', function () {
    let root, window, chat, listFlag, idleLog;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, { prefix: 'acp-chat-browse-', gemini: true });
        root = app.root;
        const agentArgs = name => {
            const store = path.join(root, `${name}-sessions`);
            fs.mkdirSync(store, { recursive: true });
            return [SESSION_AGENT, '--store', store, '--log', path.join(root, `${name}.log`)];
        };
        listFlag = path.join(root, 'list-may-answer');
        idleLog = path.join(root, 'idle.log');
        const heldArgs = [...agentArgs('held'), '--hold', 'session/list', listFlag];
        await madeOutside(app.workspace, agentArgs('held'), 'held talk');
        await madeOutside(app.workspace, agentArgs('idle'), 'idle talk');
        fs.rmSync(idleLog);
        ({ window, chat } = await app.openAcp({
            settings: {
                'aiCliChat.gemini.enabled': false, 'aiCliChat.qwen.enabled': false, 'aiCliChat.copilot.enabled': false,
                'aiCliChat.agents': [
                    { name: 'HeldAgent', command: process.execPath, args: heldArgs, description: 'Holds session/list' },
                    { name: 'IdleAgent', command: process.execPath, args: agentArgs('idle'), description: 'Never started here' }
                ]
            }
        }));
    });

    it('shows Theia\'s chats at once; a running agent\'s sessions join when it answers; the others load on request', async () => {
        await chat.send('@HeldAgent a chat of Theia');
        await chat.waitForText('Echo: a chat of Theia');
        await chat.waitUntilIdle();

        const page = window.page;
        await page.keyboard.press('F1');
        const input = page.locator('.quick-input-widget input.input');
        await input.waitFor({ state: 'visible', timeout: 15_000 });
        await input.fill('>Browse all chats');
        const command = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Browse all chats' }).first();
        await command.waitFor({ timeout: 15_000 });
        const asked = Date.now();
        await command.click();
        const theiaChat = chat.listedChat('a chat of Theia');
        await theiaChat.waitFor({ timeout: 10_000 });
        console.log(`      Theia's chat listed ${Date.now() - asked} ms after the click, while HeldAgent still holds its list`);

        assert.equal(await chat.listedChat('HeldAgent: held talk').count(), 0, 'HeldAgent has not answered yet');
        const busy = page.locator('.quick-input-widget .monaco-progress-container.active');
        await waitUntil(async () => await busy.count() > 0, { what: 'the picker to show it waits for an agent', timeout: 5_000 });
        assert.equal(await chat.listedChat('Load the sessions of IdleAgent').count(), 1, 'IdleAgent would have to start: one entry asks it');
        assert.equal(fs.existsSync(idleLog), false, 'IdleAgent was not started to list');

        fs.writeFileSync(listFlag, '');
        await chat.listedChat('HeldAgent: held talk').waitFor({ timeout: 30_000 });
        await waitUntil(async () => await busy.count() === 0, { what: 'the picker to stop showing itself busy', timeout: 10_000 });
        assert.equal(await theiaChat.count(), 1, 'Theia\'s chat is still listed');

        await chat.loadAgentHistories();
        await chat.listedChat('IdleAgent: idle talk').waitFor({ timeout: 30_000 });
        assert.ok(fs.readFileSync(idleLog, 'utf8').includes('session/list'), 'pressed: IdleAgent was asked');

        await chat.listedChat('IdleAgent: idle talk').click();
        await chat.waitForText('Echo: idle talk');
    });
});
