import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AgentInstaller, RegistryChangedError, RegistryInstallError } from './agent-installer';
import { InstallOption, installOptions, RegistryAgentEntry } from './registry-agents';
import { entryCommandLine, shownDigest, shownInstall } from './registry-shown';
import { BinaryTarget, RegistryAgent } from './registry-types';
import { tarGz, tinyAgentScript } from './test/archives';
import { LoopbackServer } from './test/loopback-server';

const PLATFORM = 'linux-x86_64';
const ARCHIVE = tarGz([{ path: 'bin/', type: 'directory' }, { path: 'bin/tiny-agent', content: tinyAgentScript('1.0.0'), mode: 0o755 }]);
const SHA = crypto.createHash('sha256').update(ARCHIVE).digest('hex');

/** The reproduction: the dialog showed this npx entry; the registry then said something else. */
const nice: RegistryAgent = {
    id: 'nice', name: 'Nice Agent', version: '1.0.0', description: 'd',
    distribution: { npx: { package: '@nice/agent@1.0.0', args: ['--acp'], env: { NICE_MODE: 'acp' } } }
};
const withNpx = (npx: Partial<NonNullable<RegistryAgent['distribution']['npx']>>): RegistryAgent =>
    ({ ...nice, distribution: { npx: { ...nice.distribution.npx!, ...npx } } });

describe('the registry installs and updates exactly what the user confirmed (issue 29 part 2)', () => {
    let server: LoopbackServer;
    let home: string;
    let installer: AgentInstaller;

    beforeEach(async () => {
        server = await new LoopbackServer().start();
        server.routes.set('/tiny.tar.gz', { body: ARCHIVE });
        server.routes.set('/other.tar.gz', { body: ARCHIVE });
        home = tempFolder('registry-shown-');
        installer = new AgentInstaller({ agentsDir: path.join(home, 'agents'), findOnPath: async command => `/usr/bin/${command}` });
    });

    afterEach(async () => {
        await server.stop();
        removeFolder(home);
    });

    const option = (agent: RegistryAgent, kind = 'npx'): InstallOption => installOptions(agent, PLATFORM).find(each => each.kind === kind)!;
    const shown = (agent: RegistryAgent, kind = 'npx') => shownDigest(shownInstall(agent, option(agent, kind)));
    const binary = (target: Partial<BinaryTarget> = {}, version = '1.0.0'): RegistryAgent => ({
        id: 'tiny', name: 'Tiny Agent', version, description: 'd', distribution: { binary: { [PLATFORM]: {
            archive: server.url('/tiny.tar.gz'), archiveType: 'tar.gz', cmd: './bin/tiny-agent', args: ['--acp'], env: { TINY: '1' }, sha256: SHA, ...target
        } } }
    });
    const agentsLeft = () => fs.existsSync(installer.agentsDir) ? fs.readdirSync(installer.agentsDir) : [];

    it('installs the entry the dialog showed when the fresh read is the same', async () => {
        const entry = await installer.install(nice, option(nice), { shown: shown(nice) });
        assert.deepStrictEqual([entry.command, entry.args, entry.env], ['npx', ['-y', '@nice/agent@1.0.0', '--acp'], { NICE_MODE: 'acp' }]);
        const tiny = binary();
        const installed = await installer.install(tiny, option(tiny, 'binary'), { shown: shown(tiny, 'binary') });
        assert.ok(fs.existsSync(installed.command));
    });

    const changes: [string, () => RegistryAgent, string?][] = [
        ['another package', () => withNpx({ package: '@evil/agent@1.0.0' })],
        ['other args', () => withNpx({ args: ['--acp', '--yolo'] })],
        ['another env value', () => withNpx({ env: { NICE_MODE: 'other' } })],
        ['another version', () => ({ ...nice, version: '1.0.1' })],
        ['another archive', () => binary({ archive: server.url('/other.tar.gz') }), 'binary'],
        ['another sha256', () => binary({ sha256: 'b'.repeat(64) }), 'binary'],
        ['another cmd', () => binary({ cmd: './bin/../bin/tiny-agent' }), 'binary']
    ];
    for (const [what, fresh, kind] of changes) {
        it(`refuses a fresh read with ${what}, naming what it would run now; nothing is downloaded`, async () => {
            const confirmed = kind ? binary() : nice;
            const now = fresh();
            await assert.rejects(installer.install(now, option(now, kind), { shown: shown(confirmed, kind) }), (error: Error) => {
                assert.ok(error instanceof RegistryChangedError, String(error));
                assert.match(error.message, /changed in the registry after you confirmed it[^]*Nothing was installed; look at the registry again/);
                return true;
            });
            assert.deepStrictEqual(server.requests, []);
            assert.deepStrictEqual(agentsLeft(), []);
        });
    }

    it('an env with a loader, shell or package-manager variable blocks the entry, and install refuses it even when not marked blocked', async () => {
        const envs: Record<string, string>[] = [{ NODE_OPTIONS: '--require=/tmp/x.js' }, { LD_PRELOAD: '/tmp/x.so' }, { npm_config_registry: 'http://127.0.0.1:9/' }, { BASH_ENV: '/tmp/x' }];
        for (const env of envs) {
            const hostile = withNpx({ env });
            assert.match(option(hostile).blocked ?? '', new RegExp(`Its env sets ${Object.keys(env)[0]}: a registry entry may not set loader`));
            const tiny = binary({ env });
            assert.match(option(tiny, 'binary').blocked ?? '', /may not set loader, shell or package-manager variables/);
            const unmarked = { kind: 'npx', distribution: hostile.distribution.npx! } as InstallOption;
            await assert.rejects(installer.install(hostile, unmarked), (error: Error) => error instanceof RegistryInstallError && /NODE_OPTIONS|LD_PRELOAD|npm_config_registry|BASH_ENV/.test(error.message));
        }
        assert.strictEqual(option(withNpx({ env: { NICE_API_BASE: 'https://example.test' } })).blocked, undefined);
    });

    describe('update', () => {
        let installed: RegistryAgentEntry;
        beforeEach(async () => {
            installed = { ...await installer.install(nice, option(nice)), args: ['-y', '@nice/agent@1.0.0', '--acp', '--mine'] };
        });

        it('plans the new command line (the user\'s own args kept) and kind before anything is installed, and applies exactly that', async () => {
            const v2 = withNpx({ package: '@nice/agent@1.1.0' });
            const latest = { ...v2, version: '1.1.0' };
            const plan = await installer.planUpdate(installed, latest);
            assert.strictEqual(plan.option.kind, 'npx');
            assert.strictEqual(entryCommandLine(plan.entry), 'NICE_MODE=acp npx -y @nice/agent@1.1.0 --acp --mine');
            assert.deepStrictEqual(await installer.update(installed, latest, plan.shown), plan.entry);
        });

        it('refuses an update whose registry entry changed after its plan was shown', async () => {
            const latest = { ...withNpx({ package: '@nice/agent@1.1.0' }), version: '1.1.0' };
            const plan = await installer.planUpdate(installed, latest);
            const changed = { ...withNpx({ package: '@evil/agent@1.1.0', env: { NICE_MODE: 'acp', EXTRA: '1' } }), version: '1.1.0' };
            await assert.rejects(installer.update(installed, changed, plan.shown), (error: Error) =>
                error instanceof RegistryChangedError && error.message.includes('would now run NICE_MODE=acp EXTRA=1 npx -y @evil/agent@1.1.0 --acp --mine.')
                    && /Nothing was updated/.test(error.message));
        });

        it('refuses an update whose own kind is now blocked by its env instead of switching to another kind', async () => {
            // The reproduction: the next version's npx entry sets NODE_OPTIONS and LD_PRELOAD; a binary is offered beside it.
            const latest: RegistryAgent = {
                ...binary({}, '1.1.0'), id: 'nice', name: 'Nice Agent',
                distribution: { ...binary({}, '1.1.0').distribution, npx: { package: '@other/agent@1.1.0', args: [], env: { NODE_OPTIONS: '--require=/tmp/x.js', LD_PRELOAD: '/tmp/x.so' } } }
            };
            await assert.rejects(installer.planUpdate(installed, latest), /\(npx\) cannot be installed: Its env sets NODE_OPTIONS, LD_PRELOAD/);
            await assert.rejects(installer.update(installed, latest), /cannot be installed/);
            assert.deepStrictEqual(server.requests, [], 'the binary was not taken instead');
        });

        it('names a switch of kind in its plan when the registry dropped the old kind', async () => {
            const latest: RegistryAgent = { ...binary({}, '1.1.0'), id: 'nice', name: 'Nice Agent' };
            const plan = await installer.planUpdate(installed, latest);
            assert.strictEqual(plan.option.kind, 'binary');
            assert.strictEqual(plan.entry.registry.kind, 'binary');
            assert.strictEqual(plan.entry.command, path.join(installer.agentsDir, 'nice', '1.1.0', 'bin', 'tiny-agent'));
            assert.deepStrictEqual(server.requests, [], 'planning downloads nothing');
        });
    });
});
