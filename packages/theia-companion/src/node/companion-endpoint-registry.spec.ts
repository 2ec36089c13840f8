import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import { ILogger } from '@theia/core/lib/common/logger';
import { MockLogger } from '@theia/core/lib/common/test/mock-logger';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';
import { ClientProfile } from '@ai-cli-companion/core/lib/client-profiles';
import { CompanionEndpoint } from '@ai-cli-companion/core/lib/companion-endpoint';
import { CompanionEndpointRegistry } from './companion-endpoint-registry';

/** Keeps the registry's servers inside a temp dir and away from the real process env. */
class SandboxedRegistry extends CompanionEndpointRegistry {
    static root: string;
    exported: Record<string, string> = {};
    protected override createEndpoint(profiles?: readonly ClientProfile[]): CompanionEndpoint {
        const root = SandboxedRegistry.root;
        return new CompanionEndpoint({ profiles, host: { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') } });
    }
    protected override exportToProcessEnv(endpoint: CompanionEndpoint): void {
        this.exported = endpoint.terminalEnv();
    }
}

describe('CompanionEndpointRegistry', () => {
    let registry: SandboxedRegistry;
    let workspace: string;

    beforeEach(async () => {
        SandboxedRegistry.root = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-spec-'));
        workspace = path.join(SandboxedRegistry.root, 'ws');
        fs.mkdirSync(workspace);
        const container = new Container();
        container.bind(ILogger).to(MockLogger);
        container.bind(EnvVariablesServer).toConstantValue({ getConfigDirUri: async () => `file://${SandboxedRegistry.root}/config` } as unknown as EnvVariablesServer);
        container.bind(WorkspaceServer).toConstantValue({ getMostRecentlyUsedWorkspace: async () => `file://${workspace}` } as unknown as WorkspaceServer);
        container.bind(SandboxedRegistry).toSelf().inSingletonScope();
        registry = container.get(SandboxedRegistry);
        await registry.initialize();
    });

    afterEach(async () => {
        registry.onStop();
        await new Promise(resolve => setTimeout(resolve, 50));
        fs.rmSync(SandboxedRegistry.root, { recursive: true, force: true });
    });

    it('starts a server on the startup workspace before any window and exports its env', () => {
        assert.strictEqual(registry.exported.GEMINI_CLI_IDE_WORKSPACE_PATH, workspace);
        assert.ok(Number(registry.exported.GEMINI_CLI_IDE_SERVER_PORT) > 0);
    });

    it('gives the first window the startup server, later windows their own, and takes the startup one back on reload', async () => {
        const [windowA, windowB, reloadedA] = [{}, {}, {}];
        const first = await registry.acquire(windowA);
        assert.strictEqual(String(first.port), registry.exported.GEMINI_CLI_IDE_SERVER_PORT);
        const second = await registry.acquire(windowB);
        assert.notStrictEqual(second.port, first.port);
        await registry.release(windowB, second);
        assert.strictEqual(second.port, 0, 'a window server stops with its window');
        await registry.release(windowA, first);
        assert.ok(first.port > 0, 'the startup server outlives its window');
        assert.strictEqual(await registry.acquire(reloadedA), first, 'a reloaded window finds it again, no dead server left');
    });

    it('empties the startup server\'s context when its window goes, and only then', async () => {
        const [windowA, stranger] = [{}, {}];
        const endpoint = await registry.acquire(windowA);
        endpoint.updateContext({ workspaceState: { openFiles: [{ path: path.join(workspace, 'a.ts'), timestamp: 1, isActive: true }] } });
        const sent: unknown[] = [];
        const update = endpoint.updateContext.bind(endpoint);
        endpoint.updateContext = context => {
            sent.push(context);
            update(context);
        };
        await registry.release(stranger, endpoint);
        assert.deepStrictEqual(sent, [], 'a window that does not hold the server changes nothing');
        await registry.release(windowA, endpoint);
        assert.deepStrictEqual(sent, [{ workspaceState: { openFiles: [] } }]);
    });

    it('removes every discovery file synchronously on stop', async () => {
        const other = await registry.acquire({});
        await registry.acquire({});
        const files = [...other.status().files];
        assert.ok(files.length > 0);
        registry.onStop();
        assert.ok(files.every(file => !fs.existsSync(file)));
        assert.deepStrictEqual(fs.readdirSync(path.join(SandboxedRegistry.root, 'tmp', 'gemini', 'ide')), []);
    });
});
