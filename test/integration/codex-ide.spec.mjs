// The real Codex CLI (0.169.0 pinned; scripts/test-newest-clis.sh runs the newest) in a pty against the companion
// core's Codex sockets: `/ide` finds the window that has its folder, and a prompt's model request carries that
// window's selection and tabs — also when Codex's own extension serves `~/.codex/ipc/ipc.sock`, where 0.171 asks first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CodexIpcService, CodexIpcSockets } from '@ai-cli-companion/core/node';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { CliHome } from '../support/cli-home.mjs';
import { CODEX_IDE_ON, CODEX_NO_IDE, CODEX_READY, lastUserText, promptRequest, startCodex, submitWhenReady, toggleIde, stopCodexDaemons } from '../support/codex-cli.mjs';
import { FakeOpenAiResponsesApi } from '../support/fake-openai-responses-api.mjs';

describe('Codex CLI (the real codex in a pty) against the Codex IDE sockets', function () {
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

    /**
     * A home whose ~/.codex and TMPDIR hold the sockets, a window over its workspace with `src/lib.ts` selected, the
     * sockets served on both paths. `codexExtension`: another app (a router with no window of ours, as Codex's own
     * editor extension is) owns `~/.codex/ipc/ipc.sock` first.
     */
    async function windowAndSocket({ codexExtension = false } = {}) {
        const home = CliHome.create('codex-it-');
        fs.mkdirSync(path.join(home.home, '.codex'));
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
        if (codexExtension) {
            const extension = new CodexIpcService({ socketPath: path.join(home.home, '.codex', 'ipc', 'ipc.sock') });
            await extension.start();
            cleanups.push(() => extension.stop());
        }
        // Where the CLI will look, from the same HOME and TMPDIR its terminal has.
        const service = new CodexIpcSockets({ env: { HOME: home.home, TMPDIR: home.tmpdir } });
        service.addWindow({ roots: () => [home.workspace], context: () => context });
        await service.start();
        cleanups.push(() => service.stop());
        assert.deepEqual(service.statuses().map(status => status.role), [codexExtension ? 'member' : 'owner', 'owner']);
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

    it('Codex\'s own extension serves ~/.codex/ipc/ipc.sock: the CLI still gets this window\'s context, through it', async () => {
        const { home } = await windowAndSocket({ codexExtension: true });
        const cli = startCodex({ home, api });
        cleanups.push(() => cli.kill());
        await cli.waitForText(CODEX_READY);
        await toggleIde(cli, CODEX_IDE_ON);
        const before = api.responseRequests.length;
        await submitWhenReady(cli, 'and now?');
        await cli.waitForText('Answer from the fake.');
        const request = promptRequest(api.responseRequests.slice(before), 'and now?');
        assert.ok(request, 'a model request with the prompt');
        assert.match(lastUserText(request), /## Active selection of the file:\nconst answer = 42/);
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
