import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import { ApplicationPackage } from '@theia/core/shared/@theia/application-package';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { ILogger } from '@theia/core/lib/common/logger';
import { MockLogger } from '@theia/core/lib/common/test/mock-logger';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';
import { ClientProfile, NATIVE_EXTENSION_ENV } from '@ai-cli-companion/core';
import { CodexIpcSocketsOptions, CompanionEndpoint } from '@ai-cli-companion/core/node';
import { CodexIpcTestClient, ManualClock } from '@ai-cli-companion/core/testing';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { CompanionEndpointRegistry } from './companion-endpoint-registry';
import { CodexSocketContribution } from './codex-socket-contribution';

/** Keeps the registry's servers inside a temp dir; a short reload grace. */
class SandboxedRegistry extends CompanionEndpointRegistry {
    static root: string;
    static graceMs = 200;
    static clock: ManualClock;
    static made: CompanionEndpoint[] = [];
    protected override readonly clock = SandboxedRegistry.clock;
    protected override get reloadGraceMs(): number {
        return SandboxedRegistry.graceMs;
    }
    protected override createEndpoint(profiles?: readonly ClientProfile[]): CompanionEndpoint {
        const root = SandboxedRegistry.root;
        const endpoint = new CompanionEndpoint({ profiles, ideInfo: this.ideInfo(), host: { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') } });
        SandboxedRegistry.made.push(endpoint);
        return endpoint;
    }
}

/** The backend's Codex socket, inside the spec's temp dir. */
class SandboxedCodexSocket extends CodexSocketContribution {
    protected override options(): CodexIpcSocketsOptions {
        return { socketPaths: [path.join(SandboxedRegistry.root, 'tmp', 'codex-ipc', 'ipc.sock')] };
    }
}

describe('CompanionEndpointRegistry', () => {
    let registry: SandboxedRegistry;
    let codexSocket: CodexSocketContribution;
    let workspace: string;
    const envBefore = { ...process.env };

    beforeEach(async () => {
        SandboxedRegistry.clock = new ManualClock();
        SandboxedRegistry.root = tempFolder('registry-spec-');
        workspace = path.join(SandboxedRegistry.root, 'ws');
        fs.mkdirSync(workspace);
        fs.mkdirSync(path.join(SandboxedRegistry.root, 'tmp')); // the $TMPDIR of the Codex socket
        const container = new Container();
        container.bind(ILogger).to(MockLogger);
        container.bind(EnvVariablesServer).toConstantValue({ getConfigDirUri: async () => `file://${SandboxedRegistry.root}/config` } as unknown as EnvVariablesServer);
        container.bind(WorkspaceServer).toConstantValue({ getMostRecentlyUsedWorkspace: async () => `file://${workspace}` } as unknown as WorkspaceServer);
        container.bind(ApplicationPackage).toConstantValue({ props: { frontend: { config: { applicationName: 'Theia IDE' } } } } as unknown as ApplicationPackage);
        container.bind(CodexSocketContribution).to(SandboxedCodexSocket).inSingletonScope();
        container.bind(SandboxedRegistry).toSelf().inSingletonScope();
        registry = container.get(SandboxedRegistry);
        codexSocket = container.get(CodexSocketContribution);
        await registry.initialize();
    });

    afterEach(async () => {
        registry.onStop();
        codexSocket.onStop();
        await Promise.all(SandboxedRegistry.made.splice(0).map(endpoint => endpoint.stop())); // the servers are closed before their folder goes
        removeFolder(SandboxedRegistry.root);
        for (const name of Object.keys(process.env).filter(n => !(n in envBefore))) {
            delete process.env[name];
        }
    });

    it('starts a server before any window, names the application, and puts no token into the backend env', async () => {
        const { endpoint } = await registry.acquire({});
        assert.strictEqual(endpoint.workspacePath, workspace);
        assert.deepStrictEqual(endpoint.ideInfo, { name: 'theia', displayName: 'Theia IDE' });
        assert.strictEqual(process.env[NATIVE_EXTENSION_ENV], String(process.pid));
        const token = endpoint.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN;
        assert.ok(token);
        assert.ok(!Object.values(process.env).includes(token), 'children of the backend never see a token');
        assert.strictEqual(process.env.GEMINI_CLI_IDE_SERVER_PORT, envBefore.GEMINI_CLI_IDE_SERVER_PORT);
    });

    it('gives a reloaded window its own server back, the first window and a later one alike', async () => {
        const [windowA, windowB] = [{}, {}];
        const first = await registry.acquire(windowA);
        const second = await registry.acquire(windowB);
        assert.notStrictEqual(second.endpoint.port, first.endpoint.port);
        assert.notStrictEqual(second.windowKey, first.windowKey);
        registry.release(windowB, second.endpoint);
        registry.release(windowA, first.endpoint);
        const reloadedB = await registry.acquire({}, second.windowKey);
        const reloadedA = await registry.acquire({}, first.windowKey);
        assert.strictEqual(reloadedB.endpoint, second.endpoint, 'same port, tokens and files');
        assert.strictEqual(reloadedA.endpoint, first.endpoint);
        assert.ok(second.endpoint.port > 0);
    });

    it('hands a server over to a reload whose old connection closes late, but not to a duplicated tab', async () => {
        const old = {};
        const first = await registry.acquire(old);
        const reloading = registry.acquire({}, first.windowKey);
        setImmediate(() => registry.release(old, first.endpoint)); // the old connection closes while the new one waits
        assert.strictEqual((await reloading).endpoint, first.endpoint);
        const duplicating = registry.acquire({}, first.windowKey);
        await until(() => SandboxedRegistry.clock.pendingTimers > 0, 'the wait for a handover'); // it waits for a handover that never comes
        SandboxedRegistry.clock.advance(3000);
        const duplicate = await duplicating;
        assert.notStrictEqual(duplicate.endpoint, first.endpoint, 'the holder is alive: the copy gets its own');
        assert.notStrictEqual(duplicate.windowKey, first.windowKey);
    });

    it('stops a window\'s server when the window does not come back, and frees the startup server for any window', async () => {
        const startup = await registry.acquire({});
        const [owner] = [{}];
        const later = await registry.acquire(owner);
        startup.endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(workspace, 'a.ts'), timestamp: 1 }] } });
        registry.release(owner, later.endpoint);
        registry.release({}, startup.endpoint); // not its holder: nothing happens
        assert.notStrictEqual((await registry.acquire({})).endpoint, startup.endpoint, 'still held by its window');
        SandboxedRegistry.clock.advance(SandboxedRegistry.graceMs - 1);
        assert.ok(later.endpoint.port > 0, 'within the grace the server waits');
        SandboxedRegistry.clock.advance(1);
        await until(() => later.endpoint.port === 0, 'the endpoint stopped (its stop is async)');
    });

    it('after the grace the startup server is emptied and goes to the next window', async () => {
        const holder = {};
        const startup = await registry.acquire(holder);
        startup.endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(workspace, 'a.ts'), timestamp: 1 }] } });
        registry.release(holder, startup.endpoint);
        const stranger = await registry.acquire({});
        assert.notStrictEqual(stranger.endpoint, startup.endpoint, 'during the grace it waits for its own window');
        SandboxedRegistry.clock.advance(SandboxedRegistry.graceMs); // the startup server is emptied at once, not stopped
        assert.ok(startup.endpoint.port > 0, 'the startup server outlives its window');
        const next = await registry.acquire({});
        assert.strictEqual(next.endpoint, startup.endpoint);
    });

    it('answers a Codex CLI in a window\'s folder with that window\'s context through the backend\'s one socket, until the window is gone', async () => {
        const startup = await registry.acquire({});
        const owner = {};
        const later = await registry.acquire(owner);
        const other = path.join(SandboxedRegistry.root, 'other');
        fs.mkdirSync(other);
        later.endpoint.setWorkspace({ roots: [other] });
        startup.endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(workspace, 'a.ts'), timestamp: 1, isActive: true, selectedText: 'in startup' }] } });
        later.endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(other, 'b.ts'), timestamp: 1, isActive: true, selectedText: 'in later' }] } });
        const [{ socketPath, role, error }] = codexSocket.statuses()!;
        assert.strictEqual(role, 'owner', error);
        const codex = await CodexIpcTestClient.connect(socketPath);
        try {
            assert.strictEqual((await codex.ideContext(workspace)).result.ideContext.activeFile.activeSelectionContent, 'in startup');
            assert.strictEqual((await codex.ideContext(other)).result.ideContext.activeFile.activeSelectionContent, 'in later');
            registry.release(owner, later.endpoint);
            SandboxedRegistry.clock.advance(SandboxedRegistry.graceMs);
            await until(() => later.endpoint.port === 0, 'the endpoint stopped (its stop is async)');
            assert.strictEqual((await codex.ideContext(other)).error, 'no-client-found');
        } finally {
            codex.close();
        }
        codexSocket.onStop();
        assert.ok(!fs.existsSync(socketPath), 'the socket goes with the backend');
    });

    it('a Codex CLI the window answered is one of its sessions, and a reload keeps both the session and the answers', async () => {
        const holder = {};
        const first = await registry.acquire(holder);
        first.endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(workspace, 'a.ts'), timestamp: 1, isActive: true, selectedText: 'before reload' }] } });
        const codex = await CodexIpcTestClient.connect(codexSocket.statuses()![0].socketPath);
        try {
            assert.deepStrictEqual(first.endpoint.status().sessions.filter(s => s.clientId === 'codex'), []);
            assert.strictEqual((await codex.ideContext(workspace)).result.ideContext.activeFile.activeSelectionContent, 'before reload');
            const [session] = first.endpoint.status().sessions.filter(s => s.clientId === 'codex');
            assert.ok(session, 'the status bar lists Codex CLI for this window');
            registry.release(holder, first.endpoint); // the page reloads
            const reloaded = await registry.acquire({}, first.windowKey);
            assert.strictEqual(reloaded.endpoint, first.endpoint);
            assert.deepStrictEqual(reloaded.endpoint.status().sessions.filter(s => s.clientId === 'codex').map(s => s.id), [session.id]);
            reloaded.endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(workspace, 'a.ts'), timestamp: 2, isActive: true, selectedText: 'after reload' }] } });
            assert.strictEqual((await codex.ideContext(workspace)).result.ideContext.activeFile.activeSelectionContent, 'after reload');
        } finally {
            codex.close();
        }
    });

    it('removes every discovery file synchronously on stop', async () => {
        const other = await registry.acquire({});
        await registry.acquire({});
        const files = [...other.endpoint.status().files];
        assert.ok(files.length > 0);
        registry.onStop();
        assert.ok(files.every(file => !fs.existsSync(file)));
        assert.deepStrictEqual(fs.readdirSync(path.join(SandboxedRegistry.root, 'tmp', 'gemini', 'ide')), []);
    });
});
