import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import { CompanionEndpoint } from '@ai-cli-companion/core/node';
import { RawMcpClient } from '@ai-cli-companion/core/testing';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { CompanionClient, CompanionStatus, PendingDiff } from '../common/companion-protocol';
import { CompanionEndpointRegistry } from './companion-endpoint-registry';
import { CompanionServiceImpl } from './companion-service-impl';

/** Hands out real endpoints in a temp dir; fails the next acquire when asked to. */
class FakeRegistry {
    failNext = false;
    readonly released: CompanionEndpoint[] = [];
    readonly endpoints = new Map<string, CompanionEndpoint>();
    constructor(private readonly root: string, private readonly workspace: string) { }

    async acquire(_owner: object, windowKey?: string): Promise<{ endpoint: CompanionEndpoint; windowKey: string }> {
        if (this.failNext) {
            this.failNext = false;
            throw new Error('port in use');
        }
        const key = windowKey ?? `key-${this.endpoints.size + 1}`;
        let endpoint = this.endpoints.get(key);
        if (!endpoint) {
            endpoint = new CompanionEndpoint({ ideInfo: { name: 'theia', displayName: 'Spec IDE' }, host: { env: {}, homedir: this.root, tmpdir: this.root } });
            await endpoint.start({ roots: [this.workspace] });
            this.endpoints.set(key, endpoint);
        }
        return { endpoint, windowKey: key };
    }

    release(_owner: object, endpoint: CompanionEndpoint): void {
        this.released.push(endpoint);
        endpoint.detachView(true);
    }
}

class RecordingClient implements CompanionClient {
    readonly shown: PendingDiff[] = [];
    readonly statuses: CompanionStatus[] = [];
    async showDiff(diff: PendingDiff): Promise<void> { this.shown.push(diff); }
    async closeDiff(): Promise<string | undefined> { return undefined; }
    statusChanged(status: CompanionStatus): void { this.statuses.push(status); }
    async getDiagnostics(): Promise<[]> { return []; }
}

describe('CompanionServiceImpl', () => {
    let root: string;
    let workspace: string;
    let registry: FakeRegistry;

    function newService(): { service: CompanionServiceImpl; client: RecordingClient } {
        const container = new Container();
        container.bind(CompanionEndpointRegistry).toConstantValue(registry as unknown as CompanionEndpointRegistry);
        container.bind(CompanionServiceImpl).toSelf();
        const service = container.get(CompanionServiceImpl);
        const client = new RecordingClient();
        service.setClient(client);
        return { service, client };
    }

    beforeEach(() => {
        root = tempFolder('service-spec-');
        workspace = path.join(root, 'ws');
        fs.mkdirSync(workspace);
        registry = new FakeRegistry(root, workspace);
    });

    afterEach(async () => {
        await Promise.all([...registry.endpoints.values()].map(endpoint => endpoint.stop()));
        removeFolder(root);
    });

    it('attaches with the window key, returns the terminal env, and reports status changes', async () => {
        const { service, client } = newService();
        const attached = await service.attach(undefined, { roots: [workspace], trusted: true }, ['gemini']);
        assert.strictEqual(attached.windowKey, 'key-1');
        assert.ok(attached.terminalEnv.GEMINI_CLI_IDE_AUTH_TOKEN);
        assert.strictEqual(attached.terminalEnv.QWEN_CODE_IDE_SERVER_PORT, undefined, 'qwen is switched off');
        assert.ok(client.statuses.length > 0);
        assert.deepStrictEqual((await service.getStatus()).profiles, ['gemini']);
    });

    it('does not keep a failed attach: the next one succeeds, and calls before any attach fail clearly', async () => {
        const { service } = newService();
        assert.strictEqual((await service.getStatus()).running, false);
        await assert.rejects(service.updateContext({ workspaceState: { openFiles: [] } }), /not attached/);
        registry.failNext = true;
        await assert.rejects(service.attach(undefined, { roots: [workspace] }, ['gemini']), /port in use/);
        const attached = await service.attach(undefined, { roots: [workspace] }, ['gemini']);
        assert.ok(attached.terminalEnv.GEMINI_CLI_IDE_SERVER_PORT);
    });

    it('a reloaded window (same key) gets the same server and its pending diffs shown again', async () => {
        const first = newService();
        const { windowKey } = await first.service.attach(undefined, { roots: [workspace] }, ['gemini']);
        const endpoint = registry.endpoints.get(windowKey)!;
        const cli = new RawMcpClient(endpoint.port, endpoint.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN);
        const { session } = await cli.initialize();
        const stream = await cli.openStream(session);
        try {
            await cli.callTool(session, 2, 'openDiff', { filePath: path.join(workspace, 'a.ts'), newContent: 'proposal' });
            assert.deepStrictEqual(first.client.shown.map(d => d.newContent), ['proposal']);
            first.service.dispose();
            assert.deepStrictEqual(registry.released, [endpoint]);
            const reloaded = newService();
            const again = await reloaded.service.attach(windowKey, { roots: [workspace] }, ['gemini']);
            assert.strictEqual(again.windowKey, windowKey);
            assert.strictEqual(registry.endpoints.size, 1, 'no new server');
            assert.deepStrictEqual(reloaded.client.shown.map(d => [d.id, d.newContent]), first.client.shown.map(d => [d.id, d.newContent]));
            assert.deepStrictEqual(await reloaded.service.resolveDiff(reloaded.client.shown[0].id, { accepted: true, content: 'kept' }), { delivered: true });
            await stream.waitFor(m => m.method === 'ide/diffAccepted' && m.params.content === 'kept');
            assert.strictEqual((await reloaded.service.resolveDiff('no-such-diff', { accepted: false })).delivered, false);
        } finally {
            stream.close();
        }
    });
});
