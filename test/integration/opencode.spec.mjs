import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { startTestEndpoint } from '../support/test-endpoint.mjs';
import { CliHome, listFiles } from '../support/cli-home.mjs';
import { FakeOpenAiApi } from '../support/fake-openai-api.mjs';
import { OPENCODE_READY, startOpencode } from '../support/opencode-cli.mjs';
import { waitUntil } from '../support/wait.mjs';
import WebSocket from 'ws';

/** Collects the endpoint's log lines, to wait for what the server did with opencode's connections. */
class RecordingLogger {
    lines = [];
    info(message) {
        this.lines.push(message);
    }
    warn(message) {
        this.lines.push(message);
    }
    error(message) {
        this.lines.push(message);
    }
    debug() {}
    count(text) {
        return this.lines.filter(line => line.includes(text)).length;
    }
}

const MISSING_TOKEN = 'WebSocket upgrade refused with 401: Missing x-claude-code-ide-authorization header.';

describe('opencode (the real opencode-ai 1.18.33 in a pty) against the Claude Code server of a CompanionEndpoint', function () {
    this.timeout(180_000);

    let api;
    const cleanups = new CleanupStack();

    before(async () => {
        api = await FakeOpenAiApi.start();
    });

    afterEach(async () => {
        await cleanups.run();
    });

    after(async () => {
        await api?.close();
    });

    /** A home with a file, an endpoint for its workspace, and opencode started as a Theia terminal would (plus `extraEnv`). */
    async function startInTerminal(extraEnv = {}) {
        const home = CliHome.create('opencode-it-');
        cleanups.push(async () => home.cleanup());
        const file = path.join(home.workspace, 'notes.txt');
        fs.writeFileSync(file, 'first line\nsecond line\nthird line\n');
        const logger = new RecordingLogger();
        const endpoint = await startTestEndpoint({ host: home.host, roots: [home.workspace], logger });
        cleanups.push(() => endpoint.stop());
        const terminalEnv = endpoint.terminalEnv();
        assert.equal(terminalEnv.CLAUDE_CODE_SSE_PORT, String(endpoint.port));
        const cli = startOpencode({ home, terminalEnv, api, extraEnv });
        cleanups.push(() => cli.kill());
        return { home, file, logger, endpoint, cli };
    }

    it('with the terminal\'s CLAUDE_CODE_SSE_PORT it dials that port without the lock\'s token: refused with 401 each retry, no session, the server stays up', async () => {
        const { logger, endpoint, cli } = await startInTerminal();
        await cli.waitForText(OPENCODE_READY);
        // opencode retries with backoff; each refusal it answers with a TCP reset, which once ended the backend.
        await waitUntil(() => logger.count(MISSING_TOKEN) >= 2, { what: 'two refused upgrades from opencode', timeout: 60_000 });
        assert.deepEqual(endpoint.status().sessions, []);
        assert.equal(logger.count('Claude Code session'), 0);
        assert.equal(cli.exit, undefined, 'opencode keeps running without the IDE');
    });

    it('with CLAUDE_CODE_SSE_PORT blanked (the README workaround) it picks the lock by its folder, connects with the token, and the selection reaches its model request', async () => {
        const { file, endpoint, cli } = await startInTerminal({ CLAUDE_CODE_SSE_PORT: '' });
        await waitUntil(() => endpoint.status().sessions.some(s => s.clientId === 'claude'), { what: 'opencode\'s session on the Claude server', timeout: 60_000 });
        await cli.waitForText(OPENCODE_READY);
        endpoint.updateContext({ workspaceState: { openFiles: [{
            path: file, timestamp: Date.now(), isActive: true, cursor: { line: 2, character: 11 },
            selectedText: 'second line', selection: { start: { line: 2, character: 0 }, end: { line: 2, character: 11 } }
        }] } });
        // opencode shows the editor context it will attach in its footer.
        await cli.waitForText('notes.txt#2');
        await cli.submit('what does the selection say');
        // Besides the turn, opencode may ask the same model for a title: find the turn that carries the editor context.
        const request = await api.waitForRequest(r => r.method === 'POST' && r.url.endsWith('/chat/completions') &&
            JSON.stringify(r.body.messages).includes('what does the selection say') && JSON.stringify(r.body.messages).includes('second line'));
        assert.ok(JSON.stringify(request.body.messages).includes('notes.txt'), 'the file is named in the model request');
    });
    it('it takes Claude Code\'s one session per window: a Claude client that connects after it is superseded when opencode redials', async () => {
        const { home, endpoint, logger } = await startInTerminal({ CLAUDE_CODE_SSE_PORT: '' });
        await waitUntil(() => endpoint.status().sessions.length === 1, { what: 'opencode\'s session', timeout: 60_000 });
        const [lockName] = listFiles(home.claudeDir);
        const { authToken } = JSON.parse(fs.readFileSync(path.join(home.claudeDir, lockName), 'utf8'));
        // What `claude` does when it connects (the same lock, token and subprotocol).
        const claude = new WebSocket(`ws://127.0.0.1:${endpoint.port}`, ['mcp'], { headers: { 'x-claude-code-ide-authorization': authToken } });
        cleanups.push(() => claude.terminate());
        const closed = new Promise(resolve => claude.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
        await new Promise((resolve, reject) => {
            claude.once('open', resolve);
            claude.once('error', reject);
        });
        assert.deepEqual(await closed, { code: 4001, reason: 'Another Claude Code session connected to this IDE' });
        await waitUntil(() => logger.count('connected (claude)') >= 3, { what: 'opencode connected again' });
        assert.equal(endpoint.status().sessions.length, 1);
    });
});
