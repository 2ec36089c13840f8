import { AcpAgentId, AgentEntry, AGENTS } from '@ai-cli-companion/node-base/agents';
import { AGENT_PROFILES, chatAgentName } from '../agent-profiles';
import { commandLineText, unsafeEnvProblem } from './registry-shown';
import { BinaryTarget, PackageDistribution, REGISTRY_PLATFORMS, RegistryAgent, RegistryPlatform } from './registry-types';

/**
 * An `aiCliChat.agents` entry made from the registry. From then on it is an ordinary configured agent;
 * `registry` says where it came from, so updates and removal can find it.
 */
export interface RegistryAgentEntry {
    /** One @-mentionable word made from the registry `name` (`agentNameFor`). */
    readonly name: string;
    readonly command: string;
    readonly args: string[];
    readonly env?: Record<string, string>;
    readonly description: string;
    readonly registry: RegistryOrigin;
}

export interface RegistryOrigin {
    readonly id: string;
    readonly version: string;
    readonly kind: InstallKind;
    /**
     * The args and env the registry gave (for npx/uvx the args include the runner's `-y <package>`):
     * an update tells the user's own additions from them and keeps those.
     */
    readonly defaults: { readonly args: string[]; readonly env: Record<string, string> };
}

export type InstallKind = 'binary' | 'npx' | 'uvx';

/** One way to install an agent on this platform. */
export type InstallOption =
    | { readonly kind: 'binary'; readonly platform: RegistryPlatform; readonly target: BinaryTarget; readonly blocked?: string }
    | { readonly kind: 'npx' | 'uvx'; readonly distribution: PackageDistribution; readonly blocked?: string };

/**
 * Registry ids that are this extension's built-in chat agents (the agent table's `registryId`, `BUILT_IN_ACP_AGENTS` of the chat
 * package): installing one of them means switching on the built-in agent, never adding a second one.
 */
export const REGISTRY_BUILT_IN_AGENTS: Readonly<Record<string, { readonly agentId: string; readonly displayName: string }>> = Object.fromEntries(
    (AGENTS as readonly AgentEntry[]).filter(agent => agent.registryId && agent.acp).map(agent => [
        agent.registryId, { agentId: chatAgentName(AGENT_PROFILES[agent.id as AcpAgentId]), displayName: agent.name }
    ]));

export function builtInAgentFor(registryId: string): { readonly agentId: string; readonly displayName: string } | undefined {
    return Object.prototype.hasOwnProperty.call(REGISTRY_BUILT_IN_AGENTS, registryId) ? REGISTRY_BUILT_IN_AGENTS[registryId] : undefined;
}

/** This machine as a registry platform key; undefined on one the registry has no key for. */
export function currentPlatform(platform: NodeJS.Platform = process.platform, arch: string = process.arch): RegistryPlatform | undefined {
    const os = platform === 'win32' ? 'windows' : platform;
    const cpu = arch === 'arm64' ? 'aarch64' : arch === 'x64' ? 'x86_64' : arch;
    const key = `${os}-${cpu}`;
    return (REGISTRY_PLATFORMS as readonly string[]).includes(key) ? key as RegistryPlatform : undefined;
}

/**
 * The ways `agent` can be installed on `platform`: its binary for that platform, then npx, then uvx.
 * A binary without a sha256 (it cannot be verified) and an entry whose env sets a loader, shell or
 * package-manager variable are listed with `blocked`, and never installed.
 */
export function installOptions(agent: RegistryAgent, platform: RegistryPlatform | undefined = currentPlatform()): InstallOption[] {
    const options: InstallOption[] = [];
    const target = platform ? agent.distribution.binary?.[platform] : undefined;
    if (platform && target) {
        const blocked = target.sha256 ? unsafeEnvProblem(target.env) : `The registry gives no sha256 for ${target.archive}, so the download could not be verified.`;
        options.push({ kind: 'binary', platform, target, ...(blocked ? { blocked } : {}) });
    }
    for (const kind of ['npx', 'uvx'] as const) {
        const distribution = agent.distribution[kind];
        const blocked = distribution && unsafeEnvProblem(distribution.env);
        if (distribution) {
            options.push({ kind, distribution, ...(blocked ? { blocked } : {}) });
        }
    }
    return options;
}

/**
 * What the user confirms before anything is downloaded or started: the command line that will run and,
 * for a binary, the archive and the hash it must have. `folder` is where the binary will be unpacked
 * (`AgentInstaller.folderFor`).
 */
export function installPreview(agent: RegistryAgent, option: InstallOption, folder = `<${agent.id}/${agent.version}>`): { readonly commandLine: string; readonly details: readonly string[] } {
    if (option.kind === 'binary') {
        const { target } = option;
        return {
            // The program's path as it is: the placeholder folder of a preview is no shell word.
            commandLine: [commandLineText(target.env, []), `${folder}/${target.cmd.replace(/^\.\//, '')}`, commandLineText({}, target.args)].filter(Boolean).join(' '),
            details: [`Downloads ${target.archive}`, target.sha256 ? `Unpacks it only if its sha256 is ${target.sha256}` : 'No sha256: it cannot be installed']
        };
    }
    const { distribution } = option;
    const runner = option.kind === 'npx' ? ['npx', '-y'] : ['uvx'];
    return {
        commandLine: commandLineText(distribution.env, [...runner, distribution.package, ...distribution.args]),
        details: [`${option.kind === 'npx' ? 'npm' : 'uv'} downloads the package ${distribution.package} on first use`]
    };
}

const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * The @-name for a registry agent: its `name` as one word ("Codex CLI" → "CodexCLI", "factory droid" →
 * "FactoryDroid"), falling back to the id; a number is added when the name is taken (case-insensitive).
 */
export function agentNameFor(agent: Pick<RegistryAgent, 'id' | 'name'>, taken: readonly string[] = []): string {
    const word = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map(part => part[0].toUpperCase() + part.slice(1)).join('').replace(/^[0-9]+/, '');
    let base = word(agent.name);
    if (!NAME_PATTERN.test(base)) {
        base = word(agent.id);
    }
    if (!NAME_PATTERN.test(base)) {
        base = 'Agent';
    }
    base = base.slice(0, 40);
    const used = new Set(taken.map(name => name.toLowerCase()));
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
        name = `${base}${n}`;
    }
    return name;
}

/** An installed registry agent whose registry entry has a newer version. */
export interface AgentUpdate {
    readonly name: string;
    readonly id: string;
    readonly installedVersion: string;
    readonly latest: RegistryAgent;
}

/** The entries of `aiCliChat.agents` (any shape) that came from the registry. */
export function registryEntries(entries: unknown): RegistryAgentEntry[] {
    return (Array.isArray(entries) ? entries : []).filter((entry): entry is RegistryAgentEntry =>
        typeof entry?.name === 'string' && typeof entry?.command === 'string' &&
        typeof entry?.registry?.id === 'string' && typeof entry?.registry?.version === 'string');
}

/** Which installed registry agents the registry now has in a newer version. */
export function findUpdates(entries: unknown, agents: readonly RegistryAgent[]): AgentUpdate[] {
    const byId = new Map(agents.map(agent => [agent.id, agent]));
    const updates: AgentUpdate[] = [];
    for (const entry of registryEntries(entries)) {
        const latest = byId.get(entry.registry.id);
        if (latest && compareVersions(latest.version, entry.registry.version) > 0) {
            updates.push({ name: entry.name, id: entry.registry.id, installedVersion: entry.registry.version, latest });
        }
    }
    return updates;
}

/** Semver order: numeric major.minor.patch, then a pre-release (`-rc.1`) before its release; build metadata ignored. */
export function compareVersions(a: string, b: string): number {
    const split = (version: string) => {
        const [core, pre] = version.split('+')[0].split(/-(.*)/s);
        return { core: core.split('.').map(part => Number.parseInt(part, 10) || 0), pre: pre ?? '' };
    };
    const left = split(a);
    const right = split(b);
    for (let i = 0; i < Math.max(left.core.length, right.core.length); i++) {
        const difference = (left.core[i] ?? 0) - (right.core[i] ?? 0);
        if (difference !== 0) {
            return Math.sign(difference);
        }
    }
    if (left.pre === right.pre) {
        return 0;
    }
    if (!left.pre || !right.pre) {
        return left.pre ? -1 : 1;
    }
    const leftParts = left.pre.split('.');
    const rightParts = right.pre.split('.');
    for (let i = 0; i < Math.max(leftParts.length, rightParts.length); i++) {
        const l = leftParts[i];
        const r = rightParts[i];
        if (l === undefined || r === undefined) {
            return l === undefined ? -1 : 1;
        }
        if (l !== r) {
            const numeric = /^\d+$/.test(l) && /^\d+$/.test(r);
            return numeric ? Math.sign(Number(l) - Number(r)) : l < r ? -1 : 1;
        }
    }
    return 0;
}
