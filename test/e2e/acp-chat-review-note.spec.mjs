// The review note reaches the real agents' models (issue 30, parts 2 and 3), in Chromium: the real `gemini --acp`
// (@GeminiCLI) and `qwen --acp` (@QwenCode), each against its loopback model fake, edit a 30-line file in three
// places (gemini with write_file; qwen with read_file, then one edit spanning the three), the user allows it in the
// chat, opens Review Agent Changes of This Chat, undoes the middle hunk with a reason (Shift+click on its Undo), and
// sends the next message: the next model request the fake receives holds the note, with the undone hunk's lines,
// the lines back in their place and "because: <reason>", and quotes neither of the other two hunks (still in the file).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ChatApp } from '../support/chat-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { waitUntil } from '../support/theia-app.mjs';

const lines = count => Array.from({ length: count }, (_, index) => `line ${index + 1}`);
const text = all => `${all.join('\n')}\n`;
/** The 30 lines with the given lines (1-based) replaced. */
const with30 = replaced => text(lines(30).map((line, index) => replaced[index + 1] ?? line));

/** The text of the user's turn in a Gemini API request (its last content), all parts. */
const geminiUserText = request => {
    const content = request.body?.contents?.at(-1);
    return content?.role === 'user' ? (content.parts ?? []).map(part => part.text ?? '').join('\n') : '';
};
/** The text of the last user message of an OpenAI chat-completions request. */
const openAiUserText = request => {
    const message = [...request.body?.messages ?? []].reverse().find(candidate => candidate.role === 'user');
    const content = message?.content ?? '';
    return typeof content === 'string' ? content : content.map(part => part.text ?? '').join('\n');
};

describe('the chat\'s review note reaches the real gemini\'s and qwen\'s model (undo of a hunk, with a reason)', function () {
    let gemini, openai, window, chat, workspace;
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    before(async () => {
        const app = await ChatApp.start(cleanup, {
            prefix: 'acp-review-note-', gemini: true, openai: true,
            files: { 'gemini.txt': text(lines(30)), 'qwen.txt': text(lines(30)) }
        });
        ({ gemini, openai, workspace } = app);
        ({ window, chat } = await app.openAcp());
    });

    const status = () => window.modifiedEditor().locator('.theia-acp-hunk-review-status');
    const waitForWaiting = (count, what) => waitUntil(async () => await status().getAttribute('data-waiting').catch(() => null) === String(count), {
        timeout: 30_000, what: `the review to count ${count} hunks waiting (${what})`,
        diagnostics: async () => `status: "${await status().innerText().catch(() => '?')}"\n${await window.diagnostics()}`
    });
    const hunkButton = (index, action) => window.modifiedEditor().locator(`.theia-acp-hunk-actions[data-hunk="${index}"] [data-action="${action}"]`);

    /**
     * `agent` edits `name` (the fake answers with `script(file)`, then a closing text) and the user allows it; in the review the
     * middle hunk is undone with `reason`; the next message's model request (`userText` reads it) holds the note.
     */
    async function undoneHunkReachesModel({ agent, fake, userText, name, script, reason }) {
        const file = path.join(workspace, name);
        const prefix = name.split('.')[0];
        const done = `Edited ${name} in three places.`;
        await chat.newSession();
        fake.enqueue(...script(file), { text: done });
        await chat.send(`@${agent} Change lines 3, 15 and 27 of ${name}`);
        await chat.permissionOptions(90_000);
        await chat.choose('Allow');
        await chat.waitForText(done, 90_000);
        await chat.waitUntilIdle();
        const edited = { 3: `${prefix}-one`, 15: `${prefix}-two`, 27: `${prefix}-three` };
        assert.equal(fs.readFileSync(file, 'utf8'), with30(edited), 'the agent wrote its three changes');

        await window.runCommand('Review Agent Changes of This Chat');
        await waitUntil(async () => (await window.currentTabLabel())?.startsWith(name), {
            timeout: 30_000, what: `the review of ${name} in front`, diagnostics: async () => `tab: ${await window.currentTabLabel()}`
        });
        await waitForWaiting(3, 'opened');
        await chat.clearNotifications();
        await hunkButton(1, 'undo').click({ modifiers: ['Shift'] }); // the middle hunk, with a reason
        const input = window.page.locator('.quick-input-widget input.input');
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill(reason);
        await window.page.keyboard.press('Enter');
        await waitForWaiting(2, 'the middle hunk undone');
        await waitUntil(() => fs.readFileSync(file, 'utf8') === with30({ 3: edited[3], 27: edited[27] }),
            { timeout: 10_000, what: `${name} saved without the middle hunk`, diagnostics: () => fs.readFileSync(file, 'utf8') });
        const chip = chat.view.locator('.theia-ChatInput-ChatContext-title.agentReviewNote');
        await waitUntil(() => chip.isVisible(), { timeout: 10_000, what: 'the Review note chip in the chat input' });

        const before = fake.chatRequests.length;
        const answer = `Noted, ${prefix} keeps line 15.`;
        fake.enqueue({ text: answer });
        await chat.send(`@${agent} Thanks, that is all`);
        await chat.waitForText(answer, 90_000);
        await chat.waitUntilIdle();
        const request = fake.chatRequests.slice(before).find(candidate => userText(candidate).includes('Thanks, that is all'));
        assert.ok(request, `a model request with the next message; saw: ${JSON.stringify(fake.chatRequests.slice(before).map(userText))}`);
        const told = userText(request);
        assert.ok(told.includes(`- ${file}, line 15: you wrote\n    ${edited[15]}\n  and the file has again\n    line 15\n  because: ${reason}`), told);
        assert.match(told, /The user kept the rest\./, told);
        assert.ok(!told.includes(edited[3]) && !told.includes(edited[27]), `only the undone hunk is quoted:\n${told}`);
        console.log(`      what ${agent}'s model was told:\n${told.slice(told.indexOf('The user reviewed')).replace(/^/gm, '        ')}`);
        await waitUntil(async () => !await chip.isVisible(), { timeout: 10_000, what: 'the chip to go once the note was sent' });
    }

    it('the real gemini: write_file in three places, the middle hunk undone with a reason; its next model request holds the note', () => undoneHunkReachesModel({
        agent: 'GeminiCLI', fake: gemini, userText: geminiUserText, name: 'gemini.txt', reason: 'line 15 is read by the parser',
        script: file => [{ functionCall: { name: 'write_file', args: { file_path: file, content: with30({ 3: 'gemini-one', 15: 'gemini-two', 27: 'gemini-three' }) } } }]
    }));

    it('the real qwen: one edit over the three places, the middle hunk undone with a reason; its next model request holds the note', () => undoneHunkReachesModel({
        agent: 'QwenCode', fake: openai, userText: openAiUserText, name: 'qwen.txt', reason: 'keep line 15 for the golden test',
        // qwen edits only files it has read in the session.
        script: file => [
            { toolCalls: [{ name: 'read_file', args: { file_path: file } }] },
            {
                toolCalls: [{
                    name: 'edit', args: {
                        file_path: file,
                        old_string: lines(30).slice(2, 27).join('\n'),
                        new_string: with30({ 3: 'qwen-one', 15: 'qwen-two', 27: 'qwen-three' }).split('\n').slice(2, 27).join('\n')
                    }
                }]
            }
        ]
    }));
});
