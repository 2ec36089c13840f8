import * as assert from 'assert';
import { agentNameFor, compareVersions, currentPlatform, findUpdates, installOptions, installPreview } from './registry-agents';
import { parseRegistry } from './registry-format';
import { REGISTRY_PLATFORMS } from './registry-types';
import { isRelativeInside } from './registry-values';
import { checkSvgIcon } from './svg-icon';

const SHA = 'a'.repeat(64);
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path fill="currentColor" d="M1 1h14v14H1z"/></svg>';

function agent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
        id: 'tiny', name: 'Tiny Agent', version: '1.0.0', description: 'A tiny agent',
        distribution: { npx: { package: '@example/tiny@1.0.0', args: ['--acp'] } },
        ...overrides
    };
}

describe('parseRegistry', () => {
    it('reads the registry\'s format: binary per platform, npx, uvx, icon URL resolved against the registry', () => {
        const parsed = parseRegistry(JSON.stringify({
            version: '1.0.0', extensions: [],
            agents: [agent({
                icon: './tiny.svg',
                distribution: {
                    binary: {
                        'linux-x86_64': { archive: 'https://example.test/tiny-1.0.0.tar.gz', cmd: './tiny', args: ['acp'], env: { TINY: '1' }, sha256: SHA.toUpperCase() },
                        'windows-x86_64': { archive: 'https://example.test/tiny-1.0.0.zip', cmd: './tiny.exe' }
                    },
                    npx: { package: '@example/tiny@1.0.0', args: ['--acp'] },
                    uvx: { package: 'tiny==1.0.0' }
                }
            })]
        }), 'https://registry.example.test/v1/registry.json');
        assert.deepStrictEqual(parsed.problems, []);
        assert.strictEqual(parsed.version, '1.0.0');
        const [tiny] = parsed.agents;
        assert.strictEqual(tiny.iconUrl, 'https://registry.example.test/v1/tiny.svg');
        assert.deepStrictEqual(tiny.distribution.binary?.['linux-x86_64'], {
            archive: 'https://example.test/tiny-1.0.0.tar.gz', archiveType: 'tar.gz', cmd: './tiny', args: ['acp'], env: { TINY: '1' }, sha256: SHA
        });
        assert.strictEqual(tiny.distribution.binary?.['windows-x86_64']?.archiveType, 'zip');
        assert.deepStrictEqual(tiny.distribution.uvx, { package: 'tiny==1.0.0', args: [], env: {} });
        assert.deepStrictEqual(installOptions(tiny, 'linux-x86_64').map(option => option.kind), ['binary', 'npx', 'uvx']);
        assert.deepStrictEqual(installOptions(tiny, 'darwin-aarch64').map(option => option.kind), ['npx', 'uvx']);
        const [binary, npx, uvx] = installOptions(tiny, 'linux-x86_64');
        assert.deepStrictEqual(installPreview(tiny, binary), {
            commandLine: 'TINY=1 <tiny/1.0.0>/tiny acp',
            details: ['Downloads https://example.test/tiny-1.0.0.tar.gz', `Unpacks it only if its sha256 is ${SHA}`]
        });
        assert.strictEqual(installPreview(tiny, npx).commandLine, 'npx -y @example/tiny@1.0.0 --acp');
        assert.strictEqual(installPreview(tiny, uvx).commandLine, 'uvx tiny==1.0.0');
        const windows = installOptions(tiny, 'windows-x86_64')[0];
        assert.match(windows.blocked ?? '', /no sha256 for https:\/\/example\.test\/tiny-1\.0\.0\.zip/);
    });

    it('skips each wrong entry with a message naming it and what was wrong, and keeps the rest', () => {
        const parsed = parseRegistry({
            version: '1.0.0', extensions: [],
            agents: [
                agent({ id: 'good' }),
                agent({ id: 'Bad Id' }),
                agent({ id: 'no-version', version: 'latest' }),
                agent({ id: 'slash-version', version: '1.0.0/../../x' }),
                agent({ id: 'no-name', name: '' }),
                'not an object',
                agent({ id: 'no-distribution', distribution: {} }),
                agent({ id: 'evil-package', distribution: { npx: { package: '--registry=http://evil' } } }),
                agent({ id: 'escaping-cmd', distribution: { binary: { 'linux-x86_64': { archive: 'https://e.test/a.tar.gz', cmd: '../../bin/sh', sha256: SHA } } } }),
                agent({ id: 'bad-platform', distribution: { binary: { 'plan9-mips': { archive: 'https://e.test/a.tar.gz', cmd: './a', sha256: SHA } } } }),
                agent({ id: 'rar', distribution: { binary: { 'linux-x86_64': { archive: 'https://e.test/a.rar', cmd: './a', sha256: SHA } } } }),
                agent({ id: 'short-sha', distribution: { binary: { 'linux-x86_64': { archive: 'https://e.test/a.zip', cmd: './a', sha256: 'abc' } } } }),
                agent({ id: 'file-archive', distribution: { binary: { 'linux-x86_64': { archive: 'file:///etc/a.zip', cmd: './a', sha256: SHA } } } }),
                agent({ id: 'bad-env', distribution: { npx: { package: 'x', env: { 'A=B': 'c' } } } }),
                agent({ id: 'scripted-icon', icon: '<svg><script>alert(1)</script></svg>' }),
                agent({ id: 'good' })
            ]
        }, 'https://registry.example.test/registry.json');
        assert.deepStrictEqual(parsed.agents.map(each => each.id), ['good', 'scripted-icon']);
        assert.strictEqual(parsed.agents[1].iconSvg, undefined);
        const expectations: [string, RegExp][] = [
            ['agents[1]', /"id" must be lower-case.*"Bad Id"/],
            ['agents[2] (no-version)', /"version" must look like "1\.2\.3" \(got "latest"\)/],
            ['agents[3] (slash-version)', /"version"/],
            ['agents[4] (no-name)', /"name" must be a non-empty string/],
            ['agents[5]', /must be an object, not "not an object"/],
            ['agents[6] (no-distribution)', /no usable distribution/],
            ['agents[7] (evil-package) distribution.npx', /not starting with "-"/],
            ['agents[8] (escaping-cmd) distribution.binary.linux-x86_64', /"cmd" must be a path inside/],
            ['agents[9] (bad-platform) distribution.binary.plan9-mips', /platform must be one of/],
            ['agents[10] (rar) distribution.binary.linux-x86_64', /not a \.tar\.gz, \.tgz or \.zip/],
            ['agents[11] (short-sha) distribution.binary.linux-x86_64', /"sha256" must be 64 hex digits/],
            ['agents[12] (file-archive) distribution.binary.linux-x86_64', /"archive" must be an http\(s\) or file URL/],
            ['agents[13] (bad-env) distribution.npx', /"env" must map variable names/],
            ['agents[14] (scripted-icon)', /icon ignored, it has a <script> element/],
            ['agents[15] (good)', /appears earlier/]
        ];
        for (const [where, pattern] of expectations) {
            assert.ok(parsed.problems.some(problem => problem.startsWith(where) && pattern.test(problem)),
                `no problem for ${where} matching ${pattern}:\n${parsed.problems.join('\n')}`);
        }
    });

    it('gives empty lists and one message for a file that is not a registry', () => {
        for (const [input, pattern] of [['{"agents": [', /not JSON/], ['[1,2]', /must be a JSON object, not an array/], ['{"version":"1.0.0"}', /"agents" must be an array/]] as const) {
            const parsed = parseRegistry(input);
            assert.deepStrictEqual(parsed.agents, []);
            assert.match(parsed.problems.join('\n'), pattern);
        }
    });

    it('accepts file: archives only from a registry that is itself a local file', () => {
        const local = agent({ distribution: { binary: { 'linux-x86_64': { archive: 'tiny.tar.gz', cmd: './tiny', sha256: SHA } } } });
        const fromFile = parseRegistry({ version: '1.0.0', agents: [local], extensions: [] }, '/srv/mirror/registry.json');
        assert.strictEqual(fromFile.agents[0].distribution.binary?.['linux-x86_64']?.archive, 'file:///srv/mirror/tiny.tar.gz');
        const fromHttp = parseRegistry({ version: '1.0.0', agents: [agent({ distribution: { binary: { 'linux-x86_64': { archive: 'file:///srv/mirror/tiny.tar.gz', cmd: './tiny', sha256: SHA } } } })], extensions: [] }, 'https://e.test/registry.json');
        assert.deepStrictEqual(fromHttp.agents, []);
    });

    it('never throws on random JSON, and every skip has a message (bounded fuzz)', () => {
        let seed = 0x2545f491;
        const random = () => {
            seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
            return (seed >>> 0) / 0x100000000;
        };
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
        const scalars = [null, true, 0, -1, 1e308, '', 'x', '../x', '/abs', 'C:\\x', '1.0.0', 'linux-x86_64', SHA, '<svg>', 'https://e.test/a.tar.gz', '\u0000', '__proto__'];
        const keys = ['id', 'name', 'version', 'description', 'icon', 'distribution', 'binary', 'npx', 'uvx', 'archive', 'cmd', 'args', 'env', 'sha256', 'package', '__proto__', 'constructor', ...REGISTRY_PLATFORMS];
        const value = (depth: number): unknown => {
            if (depth > 4 || random() < 0.35) {
                return pick(scalars);
            }
            if (random() < 0.3) {
                return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
            }
            return Object.fromEntries(Array.from({ length: Math.floor(random() * 6) }, () => [pick(keys), value(depth + 1)]));
        };
        // Half the entries start valid and get one part replaced, so the fuzz reaches deep into the parser.
        const mutated = () => {
            const base = agent({
                id: `a${Math.floor(random() * 5)}`,
                distribution: { binary: { 'linux-x86_64': { archive: 'https://e.test/a.tar.gz', cmd: './a', sha256: SHA } }, npx: { package: 'p' } }
            });
            const path = pick([['id'], ['name'], ['version'], ['description'], ['icon'], ['distribution'], ['distribution', 'binary'], ['distribution', 'npx'],
                ['distribution', 'npx', 'package'], ['distribution', 'npx', 'args'], ['distribution', 'npx', 'env'], ['distribution', 'binary', 'linux-x86_64'],
                ...['archive', 'cmd', 'args', 'env', 'sha256'].map(key => ['distribution', 'binary', 'linux-x86_64', key])]);
            let holder: any = base;
            for (const key of path.slice(0, -1)) {
                holder = holder[key];
            }
            holder[path[path.length - 1]] = value(2);
            return base;
        };
        for (let i = 0; i < 2000; i++) {
            const agents = Array.from({ length: Math.floor(random() * 6) }, () => random() < 0.5 ? mutated() : value(1));
            const input = random() < 0.1 ? value(0) : { version: pick(['1.0.0', value(2)]), agents, extensions: random() < 0.5 ? [] : value(1) };
            const text = random() < 0.05 ? JSON.stringify(input).slice(0, Math.floor(random() * 50)) : JSON.stringify(input);
            const parsed = parseRegistry(random() < 0.5 ? text : input, 'https://e.test/registry.json');
            if (Array.isArray((input as any)?.agents) && parsed.agents.length < (input as any).agents.length) {
                assert.ok(parsed.problems.length > 0, `entries were dropped without a message: ${text}`);
            }
            for (const each of parsed.agents) {
                assert.match(each.id, /^[a-z][a-z0-9-]*$/);
                assert.match(each.version, /^\d+\.\d+\.\d+[0-9A-Za-z.+-]*$/);
                for (const target of Object.values(each.distribution.binary ?? {})) {
                    assert.ok(isRelativeInside(target!.cmd), target!.cmd);
                    assert.match(target!.archive, /^https?:/);
                    assert.ok(target!.sha256 === undefined || /^[0-9a-f]{64}$/.test(target!.sha256));
                }
                for (const launch of [...Object.values(each.distribution.binary ?? {}), each.distribution.npx, each.distribution.uvx]) {
                    assert.ok(launch === undefined || (Array.isArray(launch.args) && launch.args.every(arg => typeof arg === 'string')), JSON.stringify(launch));
                    assert.ok(launch === undefined || Object.values(launch.env).every(value => typeof value === 'string'), JSON.stringify(launch));
                }
                assert.ok(each.distribution.binary || each.distribution.npx || each.distribution.uvx);
            }
        }
    });
});

describe('checkSvgIcon', () => {
    it('passes a plain monochrome icon through unchanged', () => {
        assert.deepStrictEqual(checkSvgIcon(`<?xml version="1.0"?>\n${ICON}`), { svg: ICON });
        assert.ok('svg' in checkSvgIcon('<svg viewBox="0 0 16 16"><defs><clipPath id="c"><rect width="16" height="16"/></clipPath></defs>' +
            '<g clip-path="url(#c)"><use href="#c"/></g><!-- a comment --></svg>'));
    });

    it('refuses scripts, foreignObject, event handlers, external links and tricks that hide them', () => {
        const refused: [string, RegExp][] = [
            ['<svg><script>alert(1)</script></svg>', /<script>/],
            ['<svg><foreignObject><div/></foreignObject></svg>', /<foreignObject>/],
            ['<svg onload="alert(1)"/>', /event handler/],
            ['<svg><path ONCLICK="x"/></svg>', /event handler/],
            ['<svg><use href="https://e.test/x.svg#a"/></svg>', /links outside/],
            ['<svg><use xlink:href="//e.test/x"/></svg>', /links outside/],
            ['<svg><a href="#x">x</a></svg>', /<a>/],
            ['<svg><image href="#x"/></svg>', /<image>/],
            ['<svg><style>@import url(https://e.test/a.css)</style></svg>', /<style>/],
            ['<svg><path style="fill:url(https://e.test/p)"/></svg>', /url\(/],
            ['<svg><path data-x="a>b" onclick="alert(1)"/></svg>', /event handler/],
            ['<svg><path fill="java&#115;cript:x"/></svg>', /character references/],
            ['<svg><set attributeName="href" to="javascript:alert(1)"/></svg>', /javascript:/],
            ['<!DOCTYPE svg [<!ENTITY x "y">]><svg/>', /not an <svg>/],
            ['<svg><![CDATA[x]]></svg>', /CDATA/],
            ['<svg><path d="M0 0" <script>x</script></svg>', /<script>|markup/],
            ['<html><svg/></html>', /not an <svg>/],
            [`<svg>${'<g/>'.repeat(20000)}</svg>`, /larger than/]
        ];
        for (const [svg, pattern] of refused) {
            const checked = checkSvgIcon(svg);
            assert.ok('problem' in checked, `passed: ${svg.slice(0, 80)}`);
            assert.match(checked.problem, pattern, svg.slice(0, 80));
        }
    });
});

describe('registry agents', () => {
    it('makes one @-mentionable word from the registry name, unique among the names in use', () => {
        assert.strictEqual(agentNameFor({ id: 'codex-acp', name: 'Codex CLI' }), 'CodexCLI');
        assert.strictEqual(agentNameFor({ id: 'factory-droid', name: 'factory droid' }), 'FactoryDroid');
        assert.strictEqual(agentNameFor({ id: 'x9', name: '9000 ✨' }), 'X9');
        assert.strictEqual(agentNameFor({ id: 'auggie', name: 'Auggie CLI' }, ['auggiecli', 'AuggieCLI2']), 'AuggieCLI3');
    });

    it('orders versions as semver does and reports only newer ones as updates', () => {
        assert.ok(compareVersions('1.10.0', '1.9.9') > 0);
        assert.ok(compareVersions('1.0.0-rc.2', '1.0.0-rc.10') < 0);
        assert.ok(compareVersions('1.0.0-rc.1', '1.0.0') < 0);
        assert.strictEqual(compareVersions('1.0.0+build.5', '1.0.0'), 0);
        const registry = parseRegistry({ version: '1.0.0', extensions: [], agents: [agent({ id: 'tiny', version: '1.2.0' }), agent({ id: 'other', version: '0.1.0' })] });
        const installed = [
            { name: 'TinyAgent', command: 'npx', args: [], registry: { id: 'tiny', version: '1.1.9' } },
            { name: 'Other', command: 'npx', args: [], registry: { id: 'other', version: '0.1.0' } },
            { name: 'Hand', command: 'hand' }
        ];
        assert.deepStrictEqual(findUpdates(installed, registry.agents).map(update => [update.name, update.installedVersion, update.latest.version]), [['TinyAgent', '1.1.9', '1.2.0']]);
    });

    it('names this platform as the registry does', () => {
        assert.strictEqual(currentPlatform('linux', 'x64'), 'linux-x86_64');
        assert.strictEqual(currentPlatform('darwin', 'arm64'), 'darwin-aarch64');
        assert.strictEqual(currentPlatform('win32', 'x64'), 'windows-x86_64');
        assert.strictEqual(currentPlatform('linux', 'ppc64'), undefined);
    });
});
