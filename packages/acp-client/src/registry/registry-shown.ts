import * as crypto from 'crypto';
import { isLoaderOrShellEnvVar } from '../unsafe-env';
import type { InstallOption, RegistryAgentEntry } from './registry-agents';
import type { RegistryAgent } from './registry-types';

/**
 * What a confirm dialog shows of one way to install a registry agent, as data: everything that decides
 * what runs (id, version, kind, the archive with its sha256 and the command in it, or the package; args
 * and env). Its digest travels from the dialog to the install, which reads the registry again and refuses
 * when the fresh entry's digest differs: the user installs what they read, or nothing.
 */
export function shownInstall(agent: RegistryAgent, option: InstallOption): Record<string, unknown> {
    const common = { id: agent.id, version: agent.version, kind: option.kind };
    if (option.kind === 'binary') {
        const { archive, archiveType, cmd, args, env, sha256 } = option.target;
        return { ...common, platform: option.platform, archive, archiveType, cmd, args, env: sorted(env), sha256: sha256 ?? null };
    }
    const { distribution } = option;
    return { ...common, package: distribution.package, args: distribution.args, env: sorted(distribution.env) };
}

/** What an update's dialog shows: the registry's new entry and the command line the user's agent runs after it. */
export function shownUpdate(agent: RegistryAgent, option: InstallOption, entry: RegistryAgentEntry): Record<string, unknown> {
    return { ...shownInstall(agent, option), entry: { command: entry.command, args: entry.args, env: sorted(entry.env ?? {}) } };
}

export function shownDigest(shown: Record<string, unknown>): string {
    return crypto.createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

/** `NAME=value … command args…` as a POSIX shell would read it, for the user to check before anything runs. */
export function commandLineText(env: Readonly<Record<string, string>>, argv: readonly string[]): string {
    const quote = (arg: string) => /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
    return [...Object.entries(env).map(([key, value]) => `${key}=${quote(value)}`), ...argv.map(quote)].join(' ');
}

/** An `aiCliChat.agents` entry's command line, env first. */
export function entryCommandLine(entry: Pick<RegistryAgentEntry, 'command' | 'args' | 'env'>): string {
    return commandLineText(entry.env ?? {}, [entry.command, ...entry.args]);
}

/**
 * Why an entry's env is refused, or undefined: a registry entry may set an agent's own settings, never a
 * variable that loads code into it or changes what its runner installs (isLoaderOrShellEnvVar).
 */
export function unsafeEnvProblem(env: Readonly<Record<string, string>>): string | undefined {
    const names = Object.keys(env).filter(isLoaderOrShellEnvVar);
    return names.length === 0 ? undefined
        : `Its env sets ${names.slice(0, 8).join(', ')}: a registry entry may not set loader, shell or package-manager variables, so it is not installed.`;
}

/** Env in name order, so the digest does not depend on the order a registry wrote it in. */
function sorted(env: Readonly<Record<string, string>>): [string, string][] {
    return Object.entries(env).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
}
