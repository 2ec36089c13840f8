import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { silentLogger } from '../agent-logger';
import { AgentProcess } from '../agent-process';
import { AgentInstaller, RegistryInstallError, UvNotFoundError } from './agent-installer';
import { findUpdates, InstallOption, installOptions, RegistryAgentEntry } from './registry-agents';
import { RegistryClient } from './registry-client';
import { RegistryAgent } from './registry-types';
import { tarGz, TestEntry, tinyAgentScript, zip } from './test/archives';
import { LoopbackServer } from './test/loopback-server';

const PLATFORM = 'linux-x86_64';
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

describe('AgentInstaller', function () {
    let server: LoopbackServer;
    let home: string;
    let installer: AgentInstaller;
    let client: RegistryClient;
    const started: AgentProcess[] = [];

    beforeEach(async () => {
        server = await new LoopbackServer().start();
        home = tempFolder('registry-install-');
        installer = new AgentInstaller({ agentsDir: path.join(home, 'agents') });
        client = new RegistryClient({ cacheDir: path.join(home, 'cache') });
    });

    afterEach(async () => {
        await Promise.all(started.splice(0).map(agent => agent.stop(0)));
        await server.stop();
        removeFolder(home);
    });

    /** Serves `archive` and a registry.json (the registry's own format) whose one agent points at it. */
    async function publish(id: string, version: string, archive: Buffer, options: { sha?: string; type?: 'tar.gz' | 'zip'; cmd?: string; env?: Record<string, string> } = {}): Promise<RegistryAgent> {
        const file = `/download/${id}-${version}.${options.type ?? 'tar.gz'}`;
        server.routes.set(file, { body: archive });
        server.routes.set('/registry.json', {
            body: JSON.stringify({
                version: '1.0.0', extensions: [],
                agents: [{
                    id, name: 'Tiny Agent', version, description: 'A tiny ACP agent made in the test',
                    distribution: {
                        binary: {
                            [PLATFORM]: {
                                archive: server.url(file), cmd: options.cmd ?? './bin/tiny-agent', args: ['--acp'],
                                env: options.env ?? { TINY_REGISTRY_VAR: `from ${version}` }, sha256: options.sha ?? sha256(archive)
                            }
                        }
                    }
                }]
            })
        });
        const listing = await client.read(server.url('/registry.json'));
        assert.deepStrictEqual(listing.problems, []);
        return listing.agents[0];
    }

    function binaryOption(agent: RegistryAgent): InstallOption {
        const option = installOptions(agent, PLATFORM)[0];
        assert.strictEqual(option.kind, 'binary');
        return option;
    }

    function agentArchive(version: string, extra: TestEntry[] = []): Buffer {
        return tarGz([
            { path: 'bin/', type: 'directory' },
            { path: 'bin/tiny-agent', content: tinyAgentScript(version), mode: 0o755 },
            { path: 'README', content: 'tiny' },
            ...extra
        ]);
    }

    /** Starts the installed entry exactly as the chat would (command, args, env) and talks ACP initialize to it. */
    async function initialize(entry: RegistryAgentEntry, env: NodeJS.ProcessEnv = {}): Promise<{ version: string; args: string[]; user: string | null; fromRegistry: string | null }> {
        const agent = await AgentProcess.start({
            profile: { id: entry.name, displayName: entry.name, command: entry.command, args: entry.args, env: entry.env },
            cwd: home, env: { ...process.env, ...env }, logger: silentLogger, scrub: text => text,
            handlers: { onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) }
        });
        started.push(agent);
        const info = agent.initializeResult!.agentInfo!;
        return { version: info.version, ...JSON.parse(info.title!) };
    }

    /** Everything under the agents folder, so a test sees any leftover (temp folders, downloads). */
    function leftovers(): string[] {
        const root = installer.agentsDir;
        return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String).sort() : [];
    }

    it('installs a binary agent from the registry, and the entry starts a real ACP agent that answers initialize', async () => {
        const agent = await publish('tiny', '1.0.0', agentArchive('1.0.0'));
        const entry = await installer.install(agent, binaryOption(agent), { taken: ['GeminiCLI'] });
        const folder = path.join(home, 'agents', 'tiny', '1.0.0');
        assert.deepStrictEqual(entry, {
            name: 'TinyAgent', command: path.join(folder, 'bin', 'tiny-agent'), args: ['--acp'], env: { TINY_REGISTRY_VAR: 'from 1.0.0' },
            description: 'A tiny ACP agent made in the test',
            registry: { id: 'tiny', version: '1.0.0', kind: 'binary', defaults: { args: ['--acp'], env: { TINY_REGISTRY_VAR: 'from 1.0.0' } } }
        });
        assert.deepStrictEqual(leftovers(), ['tiny', 'tiny/1.0.0', 'tiny/1.0.0/README', 'tiny/1.0.0/bin', 'tiny/1.0.0/bin/tiny-agent']);
        assert.deepStrictEqual(await initialize(entry), { version: '1.0.0', args: ['--acp'], user: null, fromRegistry: 'from 1.0.0' });
    });

    it('installs from a zip as well, and makes cmd executable when the zip lost its mode', async () => {
        const archive = zip([{ path: 'tiny-agent', content: tinyAgentScript('2.0.0'), mode: 0o644 }]);
        const agent = await publish('zipped', '2.0.0', archive, { type: 'zip', cmd: 'tiny-agent' });
        const entry = await installer.install(agent, binaryOption(agent));
        assert.strictEqual((await initialize(entry)).version, '2.0.0');
    });

    it('installs from an air-gapped copy: a registry file whose archive path is relative to it', async () => {
        const mirror = path.join(home, 'mirror');
        fs.mkdirSync(mirror);
        const archive = agentArchive('1.0.0');
        fs.writeFileSync(path.join(mirror, 'tiny.tar.gz'), archive);
        fs.writeFileSync(path.join(mirror, 'registry.json'), JSON.stringify({
            version: '1.0.0', extensions: [], agents: [{
                id: 'tiny', name: 'Tiny Agent', version: '1.0.0', description: 'd',
                distribution: { binary: { [PLATFORM]: { archive: 'tiny.tar.gz', cmd: './bin/tiny-agent', sha256: sha256(archive) } } }
            }]
        }));
        const listing = await client.read(path.join(mirror, 'registry.json'));
        const entry = await installer.install(listing.agents[0], binaryOption(listing.agents[0]));
        assert.strictEqual((await initialize(entry)).version, '1.0.0');
        assert.deepStrictEqual(server.requests, []);
    });

    it('refuses an archive whose sha256 differs, naming both values; nothing is unpacked and the program never ran', async () => {
        const archive = agentArchive('1.0.0');
        const wrong = sha256(Buffer.from('something else'));
        const agent = await publish('tampered', '1.0.0', archive, { sha: wrong });
        const ran = path.join(home, 'ran');
        await assert.rejects(installer.install(agent, binaryOption(agent)), (error: Error) => {
            assert.ok(error instanceof RegistryInstallError);
            assert.ok(error.message.includes(sha256(archive)) && error.message.includes(wrong), error.message);
            return true;
        });
        assert.deepStrictEqual(leftovers(), []);
        assert.ok(server.requests.some(request => request.path.endsWith('tampered-1.0.0.tar.gz')), 'the archive was downloaded and checked');
        assert.ok(!fs.existsSync(ran));
        // The same archive with the right hash does install and run: the refusal above was the hash alone.
        const good = await publish('tampered', '1.0.0', archive);
        const entry = await installer.install(good, binaryOption(good));
        await initialize(entry, { TINY_AGENT_RAN: ran });
        assert.ok(fs.existsSync(ran));
    });

    const hostile: [string, () => Buffer, 'tar.gz' | 'zip', RegExp][] = [
        ['a ../ entry', () => tarGz([{ path: 'bin/tiny-agent', content: tinyAgentScript('1.0.0'), mode: 0o755 }, { path: '../escaped', content: 'x' }]), 'tar.gz', /"\.\.\/escaped" would be written outside/],
        ['a nested ../ entry', () => tarGz([{ path: 'bin/tiny-agent', content: 'x' }, { path: 'bin/../../../escaped', content: 'x' }]), 'tar.gz', /outside/],
        ['an absolute entry', () => tarGz([{ path: 'bin/tiny-agent', content: 'x' }, { path: '/tmp/escaped', content: 'x' }]), 'tar.gz', /outside/],
        ['a symlink', () => tarGz([{ path: 'bin/tiny-agent', content: 'x' }, { path: 'bin/link', type: 'symlink', linkTarget: '/etc/passwd' }]), 'tar.gz', /SymbolicLink entry/],
        ['a hard link', () => tarGz([{ path: 'bin/tiny-agent', content: 'x' }, { path: 'bin/hard', type: 'hardlink', linkTarget: 'bin/tiny-agent' }]), 'tar.gz', /Link entry/],
        ['a FIFO', () => tarGz([{ path: 'bin/tiny-agent', content: 'x' }, { path: 'bin/fifo', type: 'fifo' }]), 'tar.gz', /FIFO entry/],
        ['a character device', () => tarGz([{ path: 'bin/tiny-agent', content: 'x' }, { path: 'bin/null', type: 'chardev' }]), 'tar.gz', /CharacterDevice entry/],
        ['a zip ../ entry', () => zip([{ path: 'bin/tiny-agent', content: 'x' }, { path: '../escaped', content: 'x' }]), 'zip', /refused: .*\.\.\/escaped/],
        ['a zip symlink', () => zip([{ path: 'bin/tiny-agent', content: 'x' }, { path: 'bin/link', type: 'symlink', linkTarget: '/etc/passwd' }]), 'zip', /link, device or FIFO/],
        ['a zip FIFO', () => zip([{ path: 'bin/tiny-agent', content: 'x' }, { path: 'bin/fifo', type: 'fifo' }]), 'zip', /link, device or FIFO/]
    ];
    for (const [what, make, type, pattern] of hostile) {
        it(`refuses an archive with ${what} as a whole: nothing unpacked, no partial folder`, async () => {
            const archive = make();
            const agent = await publish('hostile', '1.0.0', archive, { type });
            await assert.rejects(installer.install(agent, binaryOption(agent)), (error: Error) => {
                assert.match(error.message, pattern);
                return true;
            });
            assert.deepStrictEqual(leftovers(), []);
            assert.ok(!fs.existsSync(path.join(home, 'escaped')) && !fs.existsSync(path.join(home, 'agents', 'escaped')));
        });
    }

    it('refuses a cmd the archive does not have, and an archive over the size cap, leaving nothing', async () => {
        const missing = await publish('nocmd', '1.0.0', agentArchive('1.0.0'), { cmd: './bin/other' });
        await assert.rejects(installer.install(missing, binaryOption(missing)), /has no "\.\/bin\/other" to run/);
        const small = new AgentInstaller({ agentsDir: installer.agentsDir, maxArchiveBytes: 100 });
        const big = await publish('big', '1.0.0', agentArchive('1.0.0'));
        await assert.rejects(small.install(big, binaryOption(big)), /more than the limit of 100/);
        const bomb = new AgentInstaller({ agentsDir: installer.agentsDir, maxUnpackedBytes: 1000 });
        await assert.rejects(bomb.install(big, binaryOption(big)), /unpacks to \d+ bytes, more than the limit of 1000/);
        assert.deepStrictEqual(leftovers(), []);
    });

    it('updates to a newer version beside the old one, keeping the user\'s env and args; a failed update leaves the old one working', async () => {
        const v1 = await publish('tiny', '1.0.0', agentArchive('1.0.0'));
        const installed = await installer.install(v1, binaryOption(v1));
        // The user's own additions in settings.json.
        const edited: RegistryAgentEntry = { ...installed, args: [...installed.args, '--verbose'], env: { ...installed.env, TINY_USER_VAR: 'mine' } };

        const v2 = await publish('tiny', '1.1.0', agentArchive('1.1.0'), { env: { TINY_REGISTRY_VAR: 'from 1.1.0' } });
        assert.deepStrictEqual(findUpdates([edited], [v2]).map(update => [update.name, update.installedVersion, update.latest.version]), [['TinyAgent', '1.0.0', '1.1.0']]);
        const updated = await installer.update(edited, v2);
        assert.strictEqual(updated.name, 'TinyAgent');
        assert.strictEqual(updated.command, path.join(home, 'agents', 'tiny', '1.1.0', 'bin', 'tiny-agent'));
        assert.deepStrictEqual(updated.registry.version, '1.1.0');
        // Until the caller switches, the old version is still in place and runs.
        assert.strictEqual((await initialize(edited)).version, '1.0.0');
        assert.deepStrictEqual(await initialize(updated), { version: '1.1.0', args: ['--acp', '--verbose'], user: 'mine', fromRegistry: 'from 1.1.0' });
        assert.deepStrictEqual(findUpdates([updated], [v2]), []);

        const broken = await publish('tiny', '1.2.0', agentArchive('1.2.0'), { sha: '0'.repeat(64) });
        await assert.rejects(installer.update(updated, broken), /does not match the registry/);
        assert.ok(!fs.existsSync(path.join(home, 'agents', 'tiny', '1.2.0')));
        assert.strictEqual((await initialize(updated)).version, '1.1.0');

        await installer.pruneVersions('tiny', '1.1.0');
        assert.deepStrictEqual(fs.readdirSync(path.join(home, 'agents', 'tiny')), ['1.1.0']);
    });

    it('reinstalls the same version in place, and remove deletes the agent\'s folder', async () => {
        const agent = await publish('tiny', '1.0.0', agentArchive('1.0.0'));
        const first = await installer.install(agent, binaryOption(agent));
        fs.writeFileSync(path.join(home, 'agents', 'tiny', '1.0.0', 'stray'), 'x');
        const again = await installer.update(first, agent);
        assert.strictEqual(again.command, first.command);
        assert.ok(!fs.existsSync(path.join(home, 'agents', 'tiny', '1.0.0', 'stray')));
        await installer.remove(again);
        assert.ok(!fs.existsSync(path.join(home, 'agents', 'tiny')));
        assert.ok(fs.existsSync(home));
    });

    it('makes npx and uvx launch specs, and says how to get uv when it is missing', async () => {
        const agent: RegistryAgent = {
            id: 'pkg', name: 'Package Agent', version: '3.0.0', description: 'd', distribution: {
                npx: { package: '@example/pkg@3.0.0', args: ['--acp'], env: { A: '1' } },
                uvx: { package: 'pkg==3.0.0', args: ['acp'], env: {} }
            }
        };
        const [npx, uvx] = installOptions(agent, PLATFORM);
        const onPath = (found: string[]) => new AgentInstaller({ agentsDir: installer.agentsDir, findOnPath: async command => found.includes(command) ? `/usr/bin/${command}` : undefined });
        const viaNpx = await onPath(['npx']).install(agent, npx);
        assert.deepStrictEqual([viaNpx.name, viaNpx.command, viaNpx.args, viaNpx.env], ['PackageAgent', 'npx', ['-y', '@example/pkg@3.0.0', '--acp'], { A: '1' }]);
        const viaUvx = await onPath(['uvx', 'uv']).install(agent, uvx);
        assert.deepStrictEqual([viaUvx.command, viaUvx.args, viaUvx.env], ['uvx', ['pkg==3.0.0', 'acp'], undefined]);
        assert.deepStrictEqual((await onPath(['uv']).install(agent, uvx)).args, ['tool', 'run', 'pkg==3.0.0', 'acp']);
        await assert.rejects(onPath([]).install(agent, uvx), (error: Error) => error instanceof UvNotFoundError && /Install uv/.test(error.message));
        // An update of an npx agent moves the pin and keeps what the user appended.
        const newer = { ...agent, version: '3.1.0', distribution: { npx: { package: '@example/pkg@3.1.0', args: ['--acp'], env: {} } } };
        const updated = await onPath(['npx']).update({ ...viaNpx, args: [...viaNpx.args, '--debug'] }, newer);
        assert.deepStrictEqual(updated.args, ['-y', '@example/pkg@3.1.0', '--acp', '--debug']);
        assert.strictEqual(updated.env, undefined);
        assert.deepStrictEqual(leftovers(), []);
    });

    it('maps the registry\'s Gemini CLI and Qwen Code onto the built-in agents instead of installing a second one', async () => {
        for (const [id, builtIn] of [['gemini', 'GeminiCLI'], ['qwen-code', 'QwenCode']]) {
            const agent: RegistryAgent = { id, name: id, version: '1.0.0', description: 'd', distribution: { npx: { package: `${id}@1.0.0`, args: [], env: {} } } };
            await assert.rejects(installer.install(agent, installOptions(agent)[0]), new RegExp(`built in as @${builtIn}`));
        }
    });
});
