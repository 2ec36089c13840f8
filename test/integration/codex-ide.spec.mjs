// The real Codex CLI (0.169.0) in a pty against the companion core's Codex socket: `/ide` finds the
// window that has its folder, and a prompt's model request carries that window's selection and tabs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CodexIpcService, codexSocketPath } from '@ai-cli-companion/core/node';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { CliHome } from '../support/cli-home.mjs';
import { CODEX_IDE_ON, CODEX_NO_IDE, CODEX_READY, lastUserText, promptRequest, startCodex, submitWhenReady, toggleIde, stopCodexDaemons } from '../support/codex-cli.mjs';
import { FakeOpenAiResponsesApi } from '../support/fake-openai-responses-api.mjs';

describe('Codex CLI (the real codex 0.169.0 in a pty) against the Codex IDE socket', function () {
    this.timeout(180_000);

    let api;
    const cleanups = new CleanupStack();

    before(async () => {
        api = await FakeOpenAiResponsesApi.start({ defaultText: 'Answer from the fake.' });
    });

    afterEach(() => cleanups.run());

    after(async () => {
        await api?.close();
    });

    /** A home whose TMPDIR holds the socket, a window over its workspace with `src/lib.ts` selected, the service owning the socket. */
    async function windowAndSocket() {
        const home = CliHome.create('codex-it-');
        cleanups.push(() => home.cleanup());
        cleanups.push(() => stopCodexDaemons(home.home));
        const file = path.join(home.workspace, 'src', 'lib.ts');
        fs.mkdirSync(path.dirname(file));
        fs.writeFileSync(file, 'export const answer = 42;\n');
        const context = { workspaceState: { openFiles: [
            { path: file, timestamp: 2, isActive: true, cursor: { line: 1, character: 25 }, selectedText: 'const answer = 42',
                selection: { start: { line: 0, character: 7 }, end: { line: 0, character: 24 } } },
            { path: path.join(home.workspace, 'README.md'), timestamp: 1 }
        ] } };
        // Where the CLI will look, from the same TMPDIR its terminal has.
        const service = new CodexIpcService({ socketPath: codexSocketPath({ TMPDIR: home.tmpdir }) });
        service.addWindow({ roots: () => [home.workspace], context: () => context });
        await service.start();
        cleanups.push(() => service.stop());
        assert.equal(service.status().role, 'owner');
        return { home, service };
    }

    it('/ide turns IDE context on, and the next prompt carries the window\'s active file, selection and tabs', async () => {
        const { home } = await windowAndSocket();
        const cli = startCodex({ home, api });
        cleanups.push(() => cli.kill());
        await cli.waitForText(CODEX_READY);
        await toggleIde(cli, CODEX_IDE_ON);

        const before = api.responseRequests.length;
        await submitWhenReady(cli, 'what is selected?');
        await cli.waitForText('Answer from the fake.');
        const request = promptRequest(api.responseRequests.slice(before), 'what is selected?');
        assert.ok(request, 'a model request with the prompt');
        const text = lastUserText(request);
        assert.match(text, /# Context from my IDE setup:/);
        assert.match(text, /## Active file: src\/lib\.ts/);
        assert.match(text, /## Active selection of the file:\nconst answer = 42/);
        assert.match(text, /- lib\.ts: src\/lib\.ts\n- README\.md: README\.md/);
        assert.match(text, /## My request for Codex:\nwhat is selected\?$/);
    });

    it('a CLI started in a folder no window has gets no context, and says so', async () => {
        const { home } = await windowAndSocket();
        const elsewhere = path.join(home.root, 'elsewhere');
        fs.mkdirSync(elsewhere);
        const cli = startCodex({ home, api, cwd: elsewhere });
        cleanups.push(() => cli.kill());
        await cli.waitForText(CODEX_READY);
        await toggleIde(cli, CODEX_NO_IDE);
        const before = api.responseRequests.length;
        await submitWhenReady(cli, 'anything selected?');
        await cli.waitForText('Answer from the fake.');
        const request = promptRequest(api.responseRequests.slice(before), 'anything selected?');
        assert.ok(request);
        assert.doesNotMatch(lastUserText(request), /Context from my IDE setup|const answer = 42/);
    });
});
