import { InstallOption, installOptions, RegistryAgentEntry } from './registry-agents';
import { RegistryInstallError } from './registry-errors';
import { RegistryAgent } from './registry-types';

/**
 * How `latest` replaces `installed`: the kind it was installed as. When the registry blocks that kind now
 * (no sha256, an env that sets NODE_OPTIONS …) the update is refused with that reason instead of quietly
 * switching to another kind; only when the registry dropped the kind is another one taken, and the
 * update's dialog names the switch.
 */
export function updateOption(installed: RegistryAgentEntry, latest: RegistryAgent): InstallOption {
    const options = installOptions(latest);
    const same = options.find(each => each.kind === installed.registry.kind);
    if (same?.blocked) {
        throw new RegistryInstallError(`${latest.name} ${latest.version} (${same.kind}) cannot be installed: ${same.blocked}`);
    }
    const chosen = same ?? options.find(each => !each.blocked);
    if (!chosen) {
        const blocked = options.map(each => each.blocked).filter(Boolean).join(' ');
        throw new RegistryInstallError(`${latest.name} ${latest.version} offers nothing this platform can install.${blocked ? ` ${blocked}` : ''}`);
    }
    return chosen;
}

/**
 * The user's own env entries (names the registry did not set, or set to something else) win over the new
 * defaults. Args the user appended after the registry's are kept after the new ones; args the user
 * rewrote are kept as they are, with the old package pin replaced by the new one.
 */
export function keepOverrides(installed: RegistryAgentEntry, fresh: RegistryAgentEntry): RegistryAgentEntry {
    const oldDefaults = installed.registry.defaults ?? { args: installed.args, env: installed.env ?? {} };
    const ownEnv = Object.fromEntries(Object.entries(installed.env ?? {}).filter(([key, value]) => oldDefaults.env[key] !== value));
    const env = { ...fresh.registry.defaults.env, ...ownEnv };
    let args: string[];
    if (startsWith(installed.args, oldDefaults.args)) {
        args = [...fresh.registry.defaults.args, ...installed.args.slice(oldDefaults.args.length)];
    } else {
        const oldPin = packageOf(installed);
        const newPin = packageOf(fresh);
        args = installed.args.map(arg => oldPin !== undefined && newPin !== undefined && arg === oldPin ? newPin : arg);
    }
    return { ...fresh, args, ...(Object.keys(env).length ? { env } : {}) };
}

function packageOf(agent: RegistryAgentEntry): string | undefined {
    const args = agent.registry.defaults?.args ?? [];
    return agent.registry.kind === 'npx' ? args[1] : agent.registry.kind === 'uvx' ? (agent.command === 'uv' ? args[2] : args[0]) : undefined;
}

function startsWith(args: readonly string[], prefix: readonly string[]): boolean {
    return prefix.length <= args.length && prefix.every((arg, index) => args[index] === arg);
}
