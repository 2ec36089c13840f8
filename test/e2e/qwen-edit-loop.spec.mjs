// Qwen Code's whole edit loop (issue 9 part 7): the published `qwen` typed into a Theia terminal, a
// loopback fake of the OpenAI-compatible chat-completions API streams a `write_file` tool call, the
// proposal opens as a Theia diff, accepting it there makes the CLI write the file, rejecting it
// leaves the file untouched. Run from test/:
//   npx mocha --exit --timeout 300000 e2e/qwen-edit-loop.spec.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { qwenTestSettings } from '../support/cli-home.mjs';
import { openTheiaForCli } from '../support/cli-in-theia.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { FakeOpenAiApi } from '../support/fake-openai-api.mjs';
import { waitUntil } from '../support/wait.mjs';

const ORIGINAL = 'export const answer = 41;\n';

describe('qwen\'s edit loop in a Theia terminal, end to end', function () {
    this.timeout(300_000);
    let setup, workspace, window, openai;

    before(async () => {
        findCliBinary('qwen', '@qwen-code/qwen-code');
        openai = await FakeOpenAiApi.start();
        setup = await openTheiaForCli({
            prefix: 'qwen-edit-e2e-',
            workspaceFiles: { 'app.ts': ORIGINAL },
            homeFiles: trusted => ({
                // approvalMode "default": qwen asks before edits, which is what opens the IDE diff.
                '.qwen/settings.json': JSON.stringify(qwenTestSettings({ ideEnabled: true })),
                '.qwen/trustedFolders.json': JSON.stringify({ [trusted]: 'TRUST_FOLDER' })
            }),
            env: () => openai.env()
        });
        ({ workspace, window } = setup);
        await window.runCommand('Run Qwen Code in Terminal');
        await waitUntil(async () => (await window.statusBarText()).includes('Qwen Code'),
            { timeout: 120_000, what: 'qwen to connect to the window', diagnostics });
        await waitUntil(async () => /Type your message/i.test(await window.terminalText()),
            { timeout: 90_000, what: 'the qwen prompt', diagnostics });
    });

    after(async () => {
        await setup?.close();
        await openai?.close();
    });

    async function diagnostics() {
        return `--- terminal ---\n${await window.terminalText().catch(e => String(e))}\n--- fake OpenAI API requests ---\n` +
            `${openai.requests.map(r => `${r.method} ${r.url}`).join('\n')}\n${await window.diagnostics()}`;
    }

    let round = 0;

    /** qwen writes only files it has read in the session: read_file, then write_file, then a final text. */
    function proposeWrite(content) {
        const file_path = path.join(workspace, 'app.ts');
        const writeId = `call_write_${++round}`;
        openai.enqueue(
            { toolCalls: [{ name: 'read_file', args: { file_path }, id: `call_read_${round}` }] },
            { toolCalls: [{ name: 'write_file', args: { file_path, content }, id: writeId }] },
            { text: 'Finished.' });
        return writeId;
    }

    /** The result of the write_file call that qwen sends back to the model once the edit was decided. */
    const writeResult = async writeId => {
        const request = await openai.waitForRequest(r => (r.body?.messages ?? []).some(m => m.role === 'tool' && m.tool_call_id === writeId), 90_000);
        return JSON.stringify(request.body.messages.find(m => m.role === 'tool' && m.tool_call_id === writeId).content);
    };

    it('a write_file accepted in Theia\'s diff editor is written by qwen', async () => {
        const writeId = proposeWrite('export const answer = 42;\n');
        await window.typeInTerminal('Set the answer to 42');
        const tab = window.diffTab('app.ts', 'Qwen Code');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        assert.equal(fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8'), ORIGINAL, 'nothing is written before the decision');
        await window.dismissHover();
        await window.screenshot('qwen-edit-loop.png');
        await window.acceptButton().click();
        await waitUntil(() => fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8') === 'export const answer = 42;\n',
            { timeout: 60_000, what: 'qwen to write the accepted content', diagnostics });
        assert.match(await writeResult(writeId), /Successfully|wrote|overwrote|created/i);
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('a write_file rejected in Theia leaves the file untouched', async () => {
        const current = fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8');
        proposeWrite('export const answer = 0;\n');
        await window.typeInTerminal('Set the answer to 0');
        const tab = window.diffTab('app.ts', 'Qwen Code');
        await tab.waitFor({ state: 'visible', timeout: 90_000 }).catch(async error => { throw new Error(`${error.message}\n${await diagnostics()}`); });
        await window.rejectButton().click();
        await tab.waitFor({ state: 'detached', timeout: 15_000 });
        // qwen marks the refused write (no ✓) and is back at its prompt without asking the model again.
        const requests = openai.chatRequests.length;
        await waitUntil(async () => {
            const after = (await window.terminalText()).split('Set the answer to 0').pop();
            return /WriteFile/.test(after) && !/✓ WriteFile/.test(after) && /Type your message/i.test(after);
        }, { timeout: 60_000, what: 'qwen to drop the refused write and show its prompt', diagnostics });
        assert.equal(openai.chatRequests.length, requests, 'a refused write ends the turn');
        // Barrier, not a wait: qwen writes before it shows its prompt again, and the prompt is back.
        assert.equal(fs.readFileSync(path.join(workspace, 'app.ts'), 'utf8'), current);
    });
});
