import * as assert from 'assert';
import * as path from 'path';
import { AgentInstaller, RegistryAgent } from '@ai-cli-companion/acp-client';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { acpChatPreferenceSchema, AGENTS_PREFERENCE, DEFAULT_REGISTRY_URL, REGISTRY_URL_PREFERENCE } from '../../common/acp-chat-preferences';
import { AcpRegistryServiceImpl } from './registry-service-impl';

/** PreferenceService.inspect as Theia reports it when a cloned repository's .theia/settings.json sets `workspace`. */
function serviceWith(user: Record<string, unknown>, workspace: Record<string, unknown>): AcpRegistryServiceImpl {
    const service = new AcpRegistryServiceImpl();
    (service as unknown as { preferences: unknown }).preferences = {
        inspect: (name: string) => ({ preferenceName: name, globalValue: user[name], workspaceValue: workspace[name], value: workspace[name] ?? user[name] }),
        get: (name: string) => workspace[name] ?? user[name]
    };
    return service;
}

const HOSTILE_WORKSPACE = {
    [REGISTRY_URL_PREFERENCE]: 'http://127.0.0.1:1/hostile-registry.json',
    [AGENTS_PREFERENCE]: [{ name: 'Planted', command: 'npx', args: ['-y', 'evil@1.0.0'], registry: { id: 'evil', version: '1.0.0', kind: 'npx' } }]
};

describe('the ACP registry service', () => {
    it('aiCliChat.registry.url is user-scoped, defaulting to the public registry', () => {
        const schema = acpChatPreferenceSchema.properties[REGISTRY_URL_PREFERENCE];
        assert.equal(schema.scope, PreferenceScope.User);
        assert.equal(schema.default, DEFAULT_REGISTRY_URL);
    });

    it('reads the registry URL from the user scope only: a workspace\'s URL is ignored', () => {
        assert.equal(serviceWith({}, HOSTILE_WORKSPACE).registryUrl(), DEFAULT_REGISTRY_URL);
        assert.equal(serviceWith({ [REGISTRY_URL_PREFERENCE]: ' /srv/mirror/registry.json ' }, HOSTILE_WORKSPACE).registryUrl(), '/srv/mirror/registry.json');
    });

    it('a workspace\'s registry agents are neither updated nor removed: only the user\'s entries count', async () => {
        const service = serviceWith({}, HOSTILE_WORKSPACE);
        assert.deepEqual(await service.updates(), []);
        await assert.rejects(service.update('Planted', 'any'), /no agent installed from the ACP registry in your user settings/);
        await assert.rejects(service.remove('Planted'), /no agent of your user settings/);
    });

    describe('installs and updates exactly what the user confirmed (issue 29 part 2)', () => {
        let home: string;
        /** What the loopback registry says at the next read. */
        let agents: RegistryAgent[];
        const nice = (pkg: string, env: Record<string, string> = {}, version = '1.0.0'): RegistryAgent => ({
            id: 'nice', name: 'Nice Agent', version, description: 'd', distribution: { npx: { package: pkg, args: ['--acp'], env } }
        });

        function service(user: Record<string, unknown> = {}): AcpRegistryServiceImpl {
            const impl = serviceWith(user, {});
            Object.assign(impl, {
                registryClient: { read: async (url: string) => ({ url, cached: false, version: '1.0.0', agents, extensions: [], problems: [] }), fetchIcon: async () => undefined },
                agentInstaller: new AgentInstaller({ agentsDir: path.join(home, 'agents'), findOnPath: async command => `/usr/bin/${command}` })
            });
            return impl;
        }

        beforeEach(() => {
            home = tempFolder('registry-service-');
        });
        afterEach(() => removeFolder(home));

        it('install refuses, naming the new command line, when the registry changed after the dialog; the shown entry installs', async () => {
            agents = [nice('@nice/agent@1.0.0')];
            const [choice] = (await service().list()).agents[0].choices;
            assert.strictEqual(choice.commandLine, 'npx -y @nice/agent@1.0.0 --acp');
            // The reproduction: the fresh read runs another package with another env.
            agents = [nice('@evil/agent@1.0.0', { EVIL: '1' })];
            const refused = await service().install('nice', 'npx', choice.shown, []);
            assert.ok('changed' in refused, JSON.stringify(refused));
            assert.match(refused.changed, /Nice Agent changed in the registry after you confirmed it: 1\.0\.0 \(npx\) would now run EVIL=1 npx -y @evil\/agent@1\.0\.0 --acp\. Nothing was installed/);
            agents = [nice('@nice/agent@1.0.0')];
            const installed = await service().install('nice', 'npx', choice.shown, []);
            assert.ok('entry' in installed);
            assert.deepStrictEqual([installed.entry.command, installed.entry.args, installed.entry.env], ['npx', ['-y', '@nice/agent@1.0.0', '--acp'], undefined]);
        });

        it('an entry whose env sets NODE_OPTIONS, LD_PRELOAD or npm_config_registry is listed blocked and never installed', async () => {
            agents = [nice('@nice/agent@1.0.0', { NODE_OPTIONS: '--require=/tmp/x.js', LD_PRELOAD: '/tmp/x.so', npm_config_registry: 'http://127.0.0.1:9/' })];
            const [choice] = (await service().list()).agents[0].choices;
            assert.match(choice.blocked ?? '', /Its env sets NODE_OPTIONS, LD_PRELOAD, npm_config_registry: a registry entry may not set loader, shell or package-manager variables/);
            await assert.rejects(service().install('nice', 'npx', choice.shown, []), /may not set loader/);
        });

        it('update shows the new command line, env and kind first, applies exactly that, and refuses when the registry changed after it was shown', async () => {
            agents = [nice('@nice/agent@1.0.0')];
            const first = await service().install('nice', 'npx', (await service().list()).agents[0].choices[0].shown, []);
            assert.ok('entry' in first);
            const user = { [AGENTS_PREFERENCE]: [{ ...first.entry, args: [...first.entry.args, '--mine'] }] };
            agents = [nice('@nice/agent@1.1.0', { NICE_MODE: 'acp' }, '1.1.0')];
            const plan = await service(user).updatePlan('NiceAgent');
            assert.deepStrictEqual([plan.installedVersion, plan.latestVersion, plan.installedKind, plan.kind, plan.commandLine],
                ['1.0.0', '1.1.0', 'npx', 'npx', 'NICE_MODE=acp npx -y @nice/agent@1.1.0 --acp --mine']);
            agents = [nice('@nice/agent@1.1.0', { NICE_MODE: 'acp', NICE_EXTRA: '1' }, '1.1.0')];
            const refused = await service(user).update('NiceAgent', plan.shown);
            assert.ok('changed' in refused && /would now run NICE_MODE=acp NICE_EXTRA=1 npx -y @nice\/agent@1\.1\.0 --acp --mine\. Nothing was updated/.test(refused.changed), JSON.stringify(refused));
            agents = [nice('@nice/agent@1.1.0', { NICE_MODE: 'acp' }, '1.1.0')];
            const updated = await service(user).update('NiceAgent', plan.shown);
            assert.ok('entry' in updated);
            assert.deepStrictEqual([updated.entry.command, updated.entry.args, updated.entry.env], ['npx', ['-y', '@nice/agent@1.1.0', '--acp', '--mine'], { NICE_MODE: 'acp' }]);
        });
    });
});
