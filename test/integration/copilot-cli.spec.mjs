import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { findProfile } from '@ai-cli-companion/core';
import { cliSuite } from '../support/cli-suite.mjs';
import { CliHome } from '../support/cli-home.mjs';
import { KEYS } from '../support/cli-pty.mjs';
import { COPILOT_READY, CopilotFakeApi, copilotLog, startCopilot, waitForCopilotIde } from '../support/copilot-cli.mjs';
import { RecordingDiffView, startTestEndpoint } from '../support/test-endpoint.mjs';
import { waitUntil } from '../support/wait.mjs';

/**
 * The real `copilot` (1.0.102, BYOK against the loopback OpenAI fake) in a pty, as a Theia terminal starts
 * it, against a CompanionEndpoint serving only Copilot CLI: it finds the window by its lock file, connects
 * over the Unix socket, sees the selection, and its edits wait for the window's decision.
 */
describe('Copilot CLI (the real copilot 1.0.102 in a pty) against a CompanionEndpoint', function () {
    this.timeout(180_000);

    const suite = cliSuite(() => CopilotFakeApi.start());
    const { cleanups } = suite;

    /** A home, an endpoint with a window attached, and copilot started in its workspace, connected. */
    async function connectedCopilot() {
        const home = CliHome.create('copilot-it-');
        cleanups.push(async () => home.cleanup());
        fs.writeFileSync(path.join(home.workspace, 'notes.txt'), 'alpha\nbeta\ngamma\n');
        const endpoint = await startTestEndpoint({ host: home.host, roots: [home.workspace], profiles: [findProfile('copilot')] });
        cleanups.push(() => endpoint.stop());
        const view = new RecordingDiffView();
        endpoint.attachView(view);
        const cli = startCopilot({ home, terminalEnv: endpoint.terminalEnv(), api: suite.api });
        cleanups.push(() => cli.kill());
        await cli.waitForText(COPILOT_READY);
        await waitForCopilotIde(cli);
        await waitUntil(() => endpoint.status().sessions.some(s => s.clientId === 'copilot'), { what: 'the endpoint to list the Copilot CLI session' });
        return { home, endpoint, view, cli };
    }

    /** Types a line until the CLI echoes it (it drops keys while it draws), then Enter. */
    const submitWhenReady = (cli, line) => cli.submitWhenReady(line);

    /** Scripts a `create` of a new file and submits a prompt; resolves with the diff the window was asked to show. */
    async function proposeCreate({ view, cli, home }, name, content) {
        const file = path.join(home.workspace, name);
        // One scripted reply: the turn's later requests (after the tool result) get the fake's default answer.
        suite.api.enqueue({ forPrompt: `create ${name}`, toolCalls: [{ name: 'create', args: { path: file, file_text: content } }] });
        await submitWhenReady(cli, `create ${name}`);
        const diff = await view.waitFor(file, 1, 60_000);
        await cli.waitForText(`Do you want to create ${file}?`);
        assert.equal(diff.clientId, 'copilot');
        assert.equal(diff.newContent, content);
        return { diff, file };
    }

    it('connects by the lock file alone; /ide names the app, disconnects and connects again', async () => {
        const { endpoint, cli, home } = await connectedCopilot();
        assert.deepEqual(Object.keys(endpoint.terminalEnv()).filter(name => name !== 'REMOTE_CONTAINERS'), [],
            'no variable in the terminal: the lock file is how it finds the window');
        await submitWhenReady(cli, '/ide');
        await cli.waitForText(`Eclipse Theia: ${home.workspace} (current)`);
        cli.write(KEYS.down);
        await cli.waitForText('❯ 2. Disconnect from current IDE');
        cli.write(KEYS.enter);
        await waitUntil(() => endpoint.status().sessions.length === 0, { what: 'the CLI to end its session', diagnostics: () => cli.describe() });
        await cli.waitForText(COPILOT_READY);
        await submitWhenReady(cli, '/ide');
        await cli.waitForText(/❯ 1\. Eclipse Theia: /);
        cli.write(KEYS.enter);
        await cli.waitForText('Connected to Eclipse Theia');
        await waitUntil(() => endpoint.status().sessions.some(s => s.clientId === 'copilot'), { what: 'a new session', diagnostics: () => cli.describe() });
    });

    it('the selection in the window reaches the model request, and the CLI names its session after the prompt', async () => {
        const { endpoint, cli, home } = await connectedCopilot();
        const file = path.join(home.workspace, 'notes.txt');
        endpoint.updateContext({ workspaceState: { openFiles: [{
            path: file, timestamp: Date.now(), isActive: true, selectedText: 'beta', cursor: { line: 2, character: 5 },
            selection: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } }
        }] } });
        await waitUntil(() => copilotLog(cli.logDir).includes(`IDE selection changed: ${file} [1:0-1:4]`), { what: 'selection_changed to reach the CLI', diagnostics: () => cli.describe() });
        const before = suite.api.chatRequests.length;
        await submitWhenReady(cli, 'explain the selection');
        const request = await suite.api.waitForRequest(r => suite.api.chatRequests.indexOf(r) >= before && JSON.stringify(r.body?.messages ?? []).includes('<ide_selection>'), 60_000);
        const user = request.body.messages.filter(m => m.role === 'user').map(m => typeof m.content === 'string' ? m.content : JSON.stringify(m.content)).join('\n');
        assert.match(user, /File: notes\.txt \(line 2\)\n```\nbeta\n```/);
        await waitUntil(() => endpoint.status().sessions.some(s => s.name === 'explain the selection'), { what: 'update_session_name' });
    });

    it('an edit opens as a diff and waits: accept → the CLI writes its proposal; closing the tab → it writes nothing', async () => {
        const context = await connectedCopilot();
        const accepted = await proposeCreate(context, 'hello.txt', 'proposed\n');
        assert.equal(fs.existsSync(accepted.file), false, 'nothing is written before the decision');
        assert.deepEqual(await context.endpoint.resolveDiff(accepted.diff.id, { accepted: true, content: 'proposed\n' }), { delivered: true });
        await waitUntil(() => fs.existsSync(accepted.file), { what: 'the CLI to write the file', diagnostics: () => context.cli.describe() });
        assert.equal(fs.readFileSync(accepted.file, 'utf8'), 'proposed\n');
        // Barrier: the tool result went back to the model, so the turn is over before the next one is scripted.
        await suite.api.waitForRequest(r => JSON.stringify(r.body?.messages ?? []).includes(`Created file ${accepted.file}`), 60_000);
        await context.cli.waitForText(COPILOT_READY);

        const closed = await proposeCreate(context, 'closed.txt', 'never\n');
        assert.deepEqual(await context.endpoint.resolveDiff(closed.diff.id, { accepted: false, via: 'tab' }), { delivered: true });
        await context.cli.waitForText('The user rejected this tool call');
        // Barrier: the next prompt reaches the model, so the CLI is done with the rejected create.
        const turns = suite.api.chatRequests.length;
        await submitWhenReady(context.cli, 'anything else');
        await suite.api.waitForRequest(() => suite.api.chatRequests.length > turns, 60_000);
        assert.equal(fs.existsSync(closed.file), false);
    });

    it('answering in the terminal closes the window\'s diff (close_diff)', async () => {
        const context = await connectedCopilot();
        const { diff, file } = await proposeCreate(context, 'terminal.txt', 'from the terminal\n');
        await waitUntil(() => {
            if (!context.view.closed.includes(diff.id)) {
                context.cli.write('1'); // "Yes"; the dialog ignores keys for a moment after it opens
            }
            return context.view.closed.includes(diff.id);
        }, { what: 'close_diff to close the review', interval: 1000 });
        await waitUntil(() => fs.existsSync(file), { what: 'the CLI to write the file' });
        assert.equal(context.endpoint.pendingDiffs().length, 0);
    });
});
