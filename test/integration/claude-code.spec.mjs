import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { RecordingDiffView, startTestEndpoint } from '../support/test-endpoint.mjs';
import { cliSuite } from '../support/cli-suite.mjs';
import { CliHome, listFiles } from '../support/cli-home.mjs';
import { FAKE_ANTHROPIC_KEY, FakeAnthropicApi, turnText } from '../support/fake-anthropic-api.mjs';
import { CLAUDE_READY, startClaude, waitForIdeConnection } from '../support/claude-cli.mjs';
import { waitUntil } from '../support/wait.mjs';

/** The diff view of a window that also shows problems: `markers(uri)` decides what it reports. */
class WindowStandIn extends RecordingDiffView {
    markers = () => [];
    diagnosticCalls = [];

    async diagnostics(uri) {
        this.diagnosticCalls.push(uri);
        return this.markers(uri);
    }
}

describe('Claude Code (the real claude 2.1.330 in a pty) against a CompanionEndpoint', function () {
    this.timeout(180_000);

    const suite = cliSuite(() => FakeAnthropicApi.start());
    const { cleanups } = suite;

    /** A home, an endpoint with a window attached, and claude started as a Theia terminal would, connected. */
    async function connectedClaude() {
        const home = CliHome.create('claude-it-');
        cleanups.push(async () => home.cleanup());
        home.setUpClaude(FAKE_ANTHROPIC_KEY);
        const endpoint = await startTestEndpoint({ host: home.host, roots: [home.workspace] });
        cleanups.push(() => endpoint.stop());
        const view = new WindowStandIn();
        endpoint.attachView(view);
        const cli = startClaude({ home, terminalEnv: endpoint.terminalEnv(), api: suite.api });
        cleanups.push(() => cli.kill());
        await cli.waitForText(CLAUDE_READY);
        await waitForIdeConnection(cli);
        assert.ok(endpoint.status().sessions.some(s => s.clientId === 'claude'), 'the endpoint lists the Claude Code session');
        return { home, endpoint, view, cli };
    }

    /** Scripts a Write of a new file and submits a prompt; resolves with the diff the window was asked to show. */
    async function proposeWrite({ endpoint, view, cli, home }, name, content) {
        const file = path.join(home.workspace, name);
        suite.api.enqueue({ text: 'Creating it.', toolUse: { name: 'Write', input: { file_path: file, content } } });
        await cli.submit(`create ${name}`);
        const diff = await view.waitFor(file, 1, 60_000);
        await cli.waitForText(`Do you want to create ${name}?`);
        assert.equal(diff.clientId, 'claude');
        assert.equal(diff.newContent, content);
        assert.equal(endpoint.pendingDiffs().length, 1);
        return { diff, file };
    }

    /** The prompt drops keys for a moment after a tool call ends: type the line again (as it is, no Ctrl+U) until it echoes. */
    const submitWhenReady = (cli, line) => cli.submitWhenReady(line, { clearLine: false });

    it('connects by the terminal\'s port; /status names the app; the lock file is 0600 with pid, folders, name, ws, token; gone on stop', async () => {
        const { home, endpoint, cli } = await connectedClaude();
        await cli.submit('/status');
        await cli.waitForText(/IDE:\s+Connected to Eclipse Theia extension/);
        const [lockName] = listFiles(home.claudeDir);
        assert.equal(lockName, `${endpoint.port}.lock`);
        const lockFile = path.join(home.claudeDir, lockName);
        assert.equal(fs.statSync(lockFile).mode & 0o777, 0o600);
        const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
        assert.equal(lock.pid, process.pid);
        assert.deepEqual(lock.workspaceFolders, [home.workspace]);
        assert.equal(lock.ideName, 'Eclipse Theia');
        assert.equal(lock.transport, 'ws');
        assert.equal(typeof lock.authToken, 'string');
        assert.ok(lock.authToken.length >= 32);
        await endpoint.stop();
        assert.deepEqual(listFiles(home.claudeDir), []);
    });

    it('accept with an edit in the diff: the CLI writes the edited text, and the IDE never wrote the file before', async () => {
        const context = await connectedClaude();
        const { diff, file } = await proposeWrite(context, 'hello.txt', 'proposed\n');
        assert.equal(fs.existsSync(file), false, 'the IDE must not write the file');
        const delivery = await context.endpoint.resolveDiff(diff.id, { accepted: true, content: 'edited in the diff\n' });
        assert.deepEqual(delivery, { delivered: true });
        // The CLI answers the model with the tool result once it has written the file.
        await suite.api.waitForRequest(r => r.isTurn && turnText(r).includes('The user modified your proposed content before accepting it'));
        assert.equal(fs.readFileSync(file, 'utf8'), 'edited in the diff\n');
    });

    it('reject (also what closing the tab sends): DIFF_REJECTED, the CLI writes nothing and makes no further model call', async () => {
        const context = await connectedClaude();
        const turnsBefore = suite.api.turns.length;
        const { diff, file } = await proposeWrite(context, 'rejected.txt', 'no\n');
        await context.endpoint.resolveDiff(diff.id, { accepted: false });
        await context.cli.waitForText(/User rejected|Rejected|rejected/);
        // Barrier: a new prompt is answered; had the rejection been taken as accept, the write would have come first.
        await submitWhenReady(context.cli, 'are you there');
        await suite.api.waitForTurn(turnsBefore + 2);
        assert.equal(fs.existsSync(file), false);
    });

    it('answering "Yes" in the terminal closes the IDE\'s diff (close_tab), and the CLI writes its proposal', async () => {
        const context = await connectedClaude();
        const { diff, file } = await proposeWrite(context, 'terminal.txt', 'from the terminal\n');
        // The dialog ignores keys for a moment after it opens; press "1" (Yes) until the review closes.
        await waitUntil(() => {
            if (!context.view.closed.includes(diff.id)) {
                context.cli.write('1');
            }
            return context.view.closed.includes(diff.id);
        }, { what: 'close_tab to close the review', interval: 1000 });
        await waitUntil(() => fs.existsSync(file), { what: 'the CLI to write the file' });
        assert.equal(fs.readFileSync(file, 'utf8'), 'from the terminal\n');
        assert.equal(context.endpoint.pendingDiffs().length, 0);
    });

    it('a selection in the editor reaches the next model request', async () => {
        const context = await connectedClaude();
        const file = path.join(context.home.workspace, 'notes.txt');
        fs.writeFileSync(file, 'first line\nsecond line\nthird line\n');
        const select = selectedText => context.endpoint.updateContext({ workspaceState: { openFiles: [{
            path: file, timestamp: Date.now(), isActive: true, cursor: { line: 3, character: 6 },
            selectedText, selection: { start: { line: 1, character: 0 }, end: { line: 2, character: selectedText ? 5 : 0 } }
        }] } });
        // The CLI logs its IDE connection a moment before it listens for notifications; on a loaded machine a
        // selection sent in that gap is dropped by the CLI. A user would select again, and so does the test
        // (the server sends only changes, so it goes through "file opened" first).
        for (let attempt = 1; ; attempt++) {
            select('second line\nthird');
            try {
                await context.cli.waitForText('2 lines selected', 10_000);
                break;
            } catch (error) {
                if (attempt === 4) {
                    throw error;
                }
                select('');
            }
        }
        const turnsBefore = suite.api.turns.length;
        await context.cli.submit('look at this');
        const turn = await suite.api.waitForTurn(turnsBefore + 1);
        assert.match(turnText(turn), /The user selected the lines 2 to 3 from [^\n]*notes\.txt:\\nsecond line\\nthird/);
    });

    it('getDiagnostics answers the window\'s markers: a problem that appears with the write reaches the model', async () => {
        const context = await connectedClaude();
        const file = path.join(context.home.workspace, 'typo.txt');
        const marker = { message: 'Unknown word "lnie"', severity: 'Warning', source: 'spell', code: 'S1',
            range: { start: { line: 0, character: 6 }, end: { line: 0, character: 10 } } };
        // The window shows the problem once the file exists: before the write the baseline is empty.
        context.view.markers = () => fs.existsSync(file) ? [{ uri: `file://${file}`, diagnostics: [marker] }] : [];
        const { diff } = await proposeWrite(context, 'typo.txt', 'first lnie\n');
        await context.endpoint.resolveDiff(diff.id, { accepted: true, content: 'first lnie\n' });
        const turn = await suite.api.waitForRequest(r => r.isTurn && turnText(r).includes('new-diagnostics'));
        assert.match(turnText(turn), /typo\.txt:\\n\s*\S+ \[Line 1:7\] Unknown word \\"lnie\\" \[S1\] \(spell\)/);
        assert.ok(context.view.diagnosticCalls.includes(undefined), 'asked for all files after the write');
        assert.ok(context.view.diagnosticCalls.includes(`file://${file}`), 'asked for the file before the write');
    });
});
