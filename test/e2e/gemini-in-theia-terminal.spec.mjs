// The whole loop a user sees: the published `gemini` binary runs in a Theia terminal (typed into
// xterm in Chromium), a loopback fake of the Gemini API makes it propose write_file edits, the diff
// opens in Theia, the decision is taken there, and the CLI writes (or does not write) the file. A reason (a
// rejection's, or a reverted block's) is typed into gemini's input and reaches the model with the user's Enter.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { geminiTestSettings } from '../support/cli-home.mjs';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { revertFirstOfTwoBlocksWithReason, sentOnlyWithEnter } from '../support/typed-reason.mjs';
import { waitUntil } from '../support/wait.mjs';

const ORIGINAL = 'export const answer = 41;\n';

describe('gemini in a Theia terminal, end to end', function () {
    let setup, workspace, fake, window;

    before(async function () {
        findCliBinary('gemini', '@google/gemini-cli'); // fails with the install command if missing
        setup = await openTheiaForCli({
            prefix: 'gemini-terminal-e2e-',
            workspaceFiles: { 'app.ts': ORIGINAL },
            homeFiles: trusted => ({
                '.gemini/settings.json': JSON.stringify(geminiTestSettings({ ideEnabled: true })),
                '.gemini/trustedFolders.json': JSON.stringify({ [trusted]: 'TRUST_FOLDER' })
            }),
            env: api => ({ GEMINI_API_KEY: 'test-key-not-real', GOOGLE_GEMINI_BASE_URL: api.baseUrl })
        });
        ({ workspace, fake, window } = setup);
        await runGeminiFromCommandPalette();
    });

    after(() => setup?.close());

    async function runGeminiFromCommandPalette() {
        await window.runCommand('Run Gemini CLI in Terminal');
        // With ide.enabled, the CLI connects on start: the status bar names it.
        await waitUntil(async () => (await window.statusBarText()).includes('Gemini CLI'),
            { timeout: 90_000, what: 'Gemini CLI to connect to the window', diagnostics: () => diagnostics() });
        await waitUntil(async () => /Type your message/i.test(await window.terminalText()), { timeout: 60_000, what: 'the gemini prompt', diagnostics: () => diagnostics() });
    }

    async function diagnostics() {
        return `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n--- fake API requests ---\n` +
            `${fake.requests.map(r => `${r.action} ${r.model}`).join('\n')}\n${await window.diagnostics()}`;
    }

    const ask = prompt => window.typeInTerminal(prompt);

    /** The model's next turn proposes the write; `then` answers after it ran (none for a write that is rejected). */
    function proposeWrite(content, then = 'Finished.') {
        fake.enqueue({ functionCall: { name: 'write_file', args: { file_path: path.join(workspace, 'app.ts'), content } } }, ...then ? [{ text: then }] : []);
    }

    const functionResponseAfter = count => fake.waitForRequest(request =>
        fake.chatRequests.indexOf(request) >= count && JSON.stringify(request.body).includes('"functionResponse"'), 90_000);

    it('an edit accepted in Theia\'s diff editor is written by the CLI, which reports success', async () => {
        const before = fake.chatRequests.length;
        proposeWrite('export const answer = 42;\n');
        await ask('Set the answer to 42');
        const tab = window.diffTab('app.ts');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        assert.equal(fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8'), ORIGINAL, 'nothing is written before the decision');
        await window.acceptButton().click();
        await waitUntil(() => fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8') === 'export const answer = 42;\n',
            { timeout: 60_000, what: 'the CLI to write the accepted content', diagnostics: () => diagnostics() });
        const request = await functionResponseAfter(before);
        const results = request.body.contents.flatMap(content => content.parts ?? [])
            .filter(part => part.functionResponse?.name === 'write_file')
            .map(part => JSON.stringify(part.functionResponse.response));
        assert.equal(results.length, 1, JSON.stringify(request.body.contents).slice(-1500));
        assert.match(results[0], /Successfully|wrote|overwrote/i);
        assert.doesNotMatch(results[0], /cancel|error/i);
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('an edit rejected in Theia leaves the file untouched and the CLI reports the cancellation', async () => {
        const current = fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8');
        proposeWrite('export const answer = 0;\n', null);
        await ask('Set the answer to 0');
        const tab = window.diffTab('app.ts');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        await window.rejectButton().click();
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
        await waitUntil(async () => /cancel/i.test(await window.terminalText()), { timeout: 60_000, what: 'the CLI to report the cancellation', diagnostics: () => diagnostics() });
        // Barrier instead of a clock: once the CLI sends its next prompt, it is done with the cancelled edit.
        const before = fake.chatRequests.length;
        fake.enqueue({ text: 'Nothing changed.' });
        await ask('Anything else?');
        await fake.waitForRequest(request => fake.chatRequests.indexOf(request) >= before, 90_000);
        assert.equal(fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8'), current);
    });

    it('Reject with a reason types the reason into gemini\'s input, not sent; the user\'s Enter sends it and the model hears it (issue 30 part 4)', async () => {
        const current = fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8');
        // The answer before is drawn and the prompt is back: keys typed while gemini draws are lost.
        await waitUntil(async () => /Nothing changed\.[\s\S]*Type your message/i.test(await window.terminalText()),
            { timeout: 60_000, what: 'gemini to be ready for the next message', diagnostics: () => diagnostics() });
        proposeWrite('export const answer = -1;\n', null);
        await ask('Set the answer to -1');
        const tab = window.diffTab('app.ts');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        await window.page.locator('[id="aiCliCompanion.diff.rejectWithReason"]').click();
        const input = window.page.locator('.quick-input-widget input.input');
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill('keep the answer positive');
        await window.page.keyboard.press('Enter');
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
        await waitUntil(async () => /cancel/i.test(await window.terminalText()), { timeout: 60_000, what: 'the CLI to report the cancellation', diagnostics: () => diagnostics() });
        await waitUntil(async () => (await window.terminalText()).includes('keep the answer positive'),
            { timeout: 20_000, what: 'the reason typed into gemini\'s input', diagnostics: () => diagnostics() });
        await sentOnlyWithEnter(window, {
            text: 'keep the answer positive', requests: () => fake.chatRequests, answer: () => fake.enqueue({ text: 'Understood, positive it stays.' }),
            waitForRequest: carries => fake.waitForRequest(carries, 90_000).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); })
        });
        assert.equal(fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8'), current, 'the rejected edit was not written');
    });

    it('one block reverted with a reason (Shift+click ↺ Revert), the rest accepted: gemini writes the merged text, and the reason waits in its input for the user\'s Enter (issue 30)', async () => {
        const file = path.join(workspace, 'blocks.ts');
        fs.writeFileSync(file, 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\n');
        await waitUntil(async () => /positive it stays\.[\s\S]*Type your message/i.test(await window.terminalText()),
            { timeout: 60_000, what: 'gemini to be ready for the next message', diagnostics: () => diagnostics() });
        fake.enqueue({ functionCall: { name: 'write_file', args: { file_path: file, content: 'const a = 10;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 50;\n' } } },
            { text: 'Both changed.' });
        await ask('Multiply a and e by ten');
        const tab = window.diffTab('blocks.ts');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        await revertFirstOfTwoBlocksWithReason(window, 'a must stay 1, the tests pin it');
        await window.acceptButton().click();
        await waitUntil(() => fs.readFileSync(file, 'utf8') === 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 50;\n',
            { timeout: 60_000, what: 'gemini to write the merged text', diagnostics: () => diagnostics() });
        await waitUntil(async () => (await window.terminalText()).includes('a must stay 1, the tests pin it'),
            { timeout: 30_000, what: 'the note typed into gemini\'s input', diagnostics: () => diagnostics() });
        assert.match((await window.terminalText()).replace(/\s+/g, ' '), /In blocks\.ts I put back line 1 instead of your "const a = 10;": a must stay 1/);
        await sentOnlyWithEnter(window, {
            text: 'a must stay 1, the tests pin it', requests: () => fake.chatRequests, answer: () => fake.enqueue({ text: 'Noted: a stays 1.' }),
            waitForRequest: carries => fake.waitForRequest(carries, 90_000).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); })
        });
    });
});
