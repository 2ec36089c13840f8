import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { CLIENT_PROFILES } from '../common/client-profiles';
import { ManualClock } from '../test/manual-clock';
import { CodexIdeHandler, CodexProcesses } from './codex-ipc';
import { CompanionEndpoint } from './companion-endpoint';

/** One Codex process, pid 4242, in `folder`, until `exited`. */
class OneCodex implements CodexProcesses {
    exited = false;
    constructor(private readonly folder: string) { }
    inFolder(folder: string): number[] {
        return !this.exited && folder === this.folder ? [4242] : [];
    }
    alive(): boolean {
        return !this.exited;
    }
}

describe('CompanionEndpoint and Codex CLI (a client profile on the backend\'s socket)', () => {
    let root: string;
    let workspace: string;
    let endpoint: CompanionEndpoint;
    let codex: OneCodex;
    let clock: ManualClock;

    const askFrom = (handler: CodexIdeHandler, folder: string) => handler.answer(
        { type: 'request', requestId: String(Math.random()), method: 'ide-context', sourceClientId: 'codex-tui', version: 0, params: { workspaceRoot: folder } }, 'c1');
    const codexSessions = () => endpoint.status().sessions.filter(s => s.clientId === 'codex');

    beforeEach(async () => {
        root = tempFolder('endpoint-codex-', { real: true });
        workspace = path.join(root, 'ws');
        fs.mkdirSync(workspace);
        codex = new OneCodex(workspace);
        clock = new ManualClock();
        endpoint = new CompanionEndpoint({
            ideInfo: { name: 'theia', displayName: 'Spec IDE' },
            host: { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') },
            http: { clock },
            codexProcesses: codex
        });
        await endpoint.start({ roots: [workspace] });
    });

    afterEach(async () => {
        await endpoint.stop();
        removeFolder(root);
    });

    it('is enabled by default, writes no discovery file and exports no variable (the socket is the backend\'s)', () => {
        assert.ok(endpoint.status().profiles.includes('codex'));
        assert.ok(!endpoint.status().files.some(file => path.relative(root, file).includes('codex')), endpoint.status().files.join(', '));
        assert.ok(!Object.keys(endpoint.terminalEnv()).some(name => /codex/i.test(name)));
        assert.ok(CLIENT_PROFILES.find(p => p.id === 'codex')?.npmPackage === '@openai/codex');
    });

    it('a Codex the window answered is one of its sessions, with its process, until the process exits', () => {
        const handler = new CodexIdeHandler();
        handler.addWindow(endpoint.codexWindow());
        let changes = 0;
        endpoint.onDidChange(() => changes++);
        assert.deepStrictEqual(codexSessions(), []);
        assert.ok(askFrom(handler, workspace));
        assert.deepStrictEqual(codexSessions().map(s => [s.pid, s.streaming]), [[4242, false]]);
        assert.ok(changes > 0, 'the status bar hears of it');
        codex.exited = true;
        clock.advance(2000);
        assert.deepStrictEqual(codexSessions(), []);
    });

    it('switched off for the window: it answers no Codex, and the Codex sessions it had end', () => {
        const handler = new CodexIdeHandler();
        handler.addWindow(endpoint.codexWindow());
        askFrom(handler, workspace);
        endpoint.setEnabledProfiles(CLIENT_PROFILES.filter(p => p.id !== 'codex'));
        assert.deepStrictEqual(codexSessions(), []);
        assert.strictEqual(askFrom(handler, workspace), undefined, 'no-client-found for the CLI');
        endpoint.setEnabledProfiles(CLIENT_PROFILES);
        assert.ok(askFrom(handler, workspace));
    });
});
