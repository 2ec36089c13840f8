import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { unpackArchive } from './archive-unpack';
import { fetchSource } from './registry-fetch';
import { agentNameFor, builtInAgentFor, InstallOption, installOptions, RegistryAgentEntry } from './registry-agents';
import { BinaryTarget, RegistryAgent } from './registry-types';
import { isRelativeInside } from './registry-values';

export interface AgentInstallerOptions {
    /** Per-user folder of unpacked agents, never a workspace. Default `~/.config/ai-cli-companion/agents`. */
    readonly agentsDir?: string;
    /** Default 512 MiB. */
    readonly maxArchiveBytes?: number;
    /** Default 2 GiB. */
    readonly maxUnpackedBytes?: number;
    /** Default 20,000. */
    readonly maxEntries?: number;
    /** A download is aborted after this long without a byte. Default 60 s. */
    readonly timeoutMs?: number;
    /** Finds an executable on PATH (tests give their own PATH). */
    readonly findOnPath?: (command: string) => Promise<string | undefined>;
}

/** An install or update that did not happen; the message says why and what to do. Nothing was left behind. */
export class RegistryInstallError extends Error { }

/** `uvx` is needed and missing. */
export class UvNotFoundError extends RegistryInstallError {
    constructor(agentName: string) {
        super(`${agentName} runs through uvx, and neither uvx nor uv is on PATH. Install uv ` +
            '(https://docs.astral.sh/uv/getting-started/installation/, e.g. "pipx install uv" or your package manager\'s "uv"), then try again.');
    }
}

const ID = /^[a-z][a-z0-9-]*$/;
const VERSION = /^[0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+-]*$/;

/**
 * Turns a registry agent into an `aiCliChat.agents` entry. Pure backend work: asking the user first is
 * the caller's job. A binary is downloaded (size-capped), checked against its sha256 before anything is
 * unpacked, unpacked into a temporary sibling and renamed to `<agentsDir>/<id>/<version>/` only once it is
 * complete and its `cmd` is a file inside it. npx and uvx agents are launch specs only: their runner
 * downloads them on first use.
 */
export class AgentInstaller {
    readonly agentsDir: string;
    private readonly limits: { maxArchiveBytes: number; maxUnpackedBytes: number; maxEntries: number; timeoutMs: number };
    private readonly findOnPath: (command: string) => Promise<string | undefined>;

    constructor(options: AgentInstallerOptions = {}) {
        this.agentsDir = path.resolve(options.agentsDir ?? path.join(os.homedir(), '.config', 'ai-cli-companion', 'agents'));
        this.limits = {
            maxArchiveBytes: options.maxArchiveBytes ?? 512 * 1024 * 1024,
            maxUnpackedBytes: options.maxUnpackedBytes ?? 2 * 1024 * 1024 * 1024,
            maxEntries: options.maxEntries ?? 20_000,
            timeoutMs: options.timeoutMs ?? 60_000
        };
        this.findOnPath = options.findOnPath ?? findOnPath;
    }

    /** Where a binary agent's version is unpacked. */
    folderFor(id: string, version: string): string {
        if (!ID.test(id) || !VERSION.test(version)) {
            throw new RegistryInstallError(`"${id}" ${version} is not a registry id and version.`);
        }
        return path.join(this.agentsDir, id, version);
    }

    /**
     * Installs `agent` the way `option` says (one of `installOptions(agent)`). `taken` are the @-names in
     * use, so the new name is unique; `name` keeps an existing one (update, reinstall).
     */
    async install(agent: RegistryAgent, option: InstallOption, naming: { taken?: readonly string[]; name?: string } = {}): Promise<RegistryAgentEntry> {
        const builtIn = builtInAgentFor(agent.id);
        if (builtIn) {
            throw new RegistryInstallError(`${agent.name} is built in as @${builtIn.agentId}: switch it on in the settings instead of installing a second one.`);
        }
        if (option.blocked) {
            throw new RegistryInstallError(option.blocked);
        }
        const name = naming.name ?? agentNameFor(agent, naming.taken);
        const description = agent.description;
        if (option.kind === 'binary') {
            const command = await this.installBinary(agent, option.target);
            return entry(name, command, [...option.target.args], option.target.env, description, agent, 'binary');
        }
        const { distribution } = option;
        if (option.kind === 'npx') {
            if (!await this.findOnPath('npx')) {
                throw new RegistryInstallError(`${agent.name} runs through npx, which is not on PATH: install Node.js (it brings npm and npx), then try again.`);
            }
            return entry(name, 'npx', ['-y', distribution.package, ...distribution.args], distribution.env, description, agent, 'npx');
        }
        if (await this.findOnPath('uvx')) {
            return entry(name, 'uvx', [distribution.package, ...distribution.args], distribution.env, description, agent, 'uvx');
        }
        if (await this.findOnPath('uv')) {
            return entry(name, 'uv', ['tool', 'run', distribution.package, ...distribution.args], distribution.env, description, agent, 'uvx');
        }
        throw new UvNotFoundError(agent.name);
    }

    /**
     * Installs `latest` beside the version `installed` runs and returns the entry that points at it, with the
     * user's own additions to args and env kept. Until the caller writes that entry, and after a failure,
     * the old version stays where it was and keeps working; `pruneVersions` removes it once switched.
     */
    async update(installed: RegistryAgentEntry, latest: RegistryAgent, option?: InstallOption): Promise<RegistryAgentEntry> {
        if (installed.registry.id !== latest.id) {
            throw new RegistryInstallError(`@${installed.name} is ${installed.registry.id}, not ${latest.id}.`);
        }
        const options = installOptions(latest).filter(each => !each.blocked);
        const chosen = option ?? options.find(each => each.kind === installed.registry.kind) ?? options[0];
        if (!chosen) {
            throw new RegistryInstallError(`${latest.name} ${latest.version} offers nothing this platform can install.`);
        }
        const fresh = await this.install(latest, chosen, { name: installed.name });
        return keepOverrides(installed, fresh);
    }

    /** Deletes the unpacked versions of `id` other than `keep` (after the caller switched to `keep`). */
    async pruneVersions(id: string, keep: string): Promise<void> {
        const folder = path.dirname(this.folderFor(id, keep));
        const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
        // Dot names are installs in progress.
        await Promise.all(names.filter(name => name !== keep && !name.startsWith('.'))
            .map(name => fs.promises.rm(path.join(folder, name), { recursive: true, force: true })));
    }

    /** Deletes everything unpacked for this agent (call it after its process was stopped). npx/uvx agents have nothing here. */
    async remove(installed: Pick<RegistryAgentEntry, 'registry'>): Promise<void> {
        if (!ID.test(installed.registry.id)) {
            throw new RegistryInstallError(`"${installed.registry.id}" is not a registry id.`);
        }
        const folder = path.join(this.agentsDir, installed.registry.id);
        // rm never follows a symlink: a link put in place of the folder is removed, not what it points at.
        await fs.promises.rm(folder, { recursive: true, force: true });
    }

    private async installBinary(agent: RegistryAgent, target: BinaryTarget): Promise<string> {
        if (!target.sha256) {
            throw new RegistryInstallError(`The registry gives no sha256 for ${target.archive}, so the download could not be verified.`);
        }
        if (!isRelativeInside(target.cmd)) {
            throw new RegistryInstallError(`"${target.cmd}" is not a path inside the archive.`);
        }
        const folder = this.folderFor(agent.id, agent.version);
        const parent = path.dirname(folder);
        await fs.promises.mkdir(parent, { recursive: true, mode: 0o700 });
        const stem = path.join(parent, `.${agent.version}.${crypto.randomBytes(6).toString('hex')}`);
        const download = `${stem}.download`;
        const partial = `${stem}.partial`;
        try {
            const actual = await this.download(target.archive, download);
            if (actual !== target.sha256) {
                throw new RegistryInstallError(`${target.archive} does not match the registry: its sha256 is ${actual}, the registry says ${target.sha256}. Nothing was unpacked.`);
            }
            await fs.promises.mkdir(partial, { mode: 0o700 });
            await unpackArchive(download, target.archiveType, partial, this.limits);
            await checkCommand(partial, target.cmd);
            await fs.promises.chmod(partial, 0o755);
            await moveIntoPlace(partial, folder);
            return path.join(folder, path.normalize(target.cmd));
        } catch (error) {
            // The agent's own folder goes too when this was its only version (rmdir fails on a non-empty folder).
            await fs.promises.rm(partial, { recursive: true, force: true });
            await fs.promises.rm(download, { force: true });
            await fs.promises.rmdir(parent).catch(() => undefined);
            throw error;
        } finally {
            await fs.promises.rm(download, { force: true });
            await fs.promises.rm(partial, { recursive: true, force: true });
        }
    }

    /** Streams the archive to `file` (created exclusively, private) and returns its sha256. */
    private async download(url: string, file: string): Promise<string> {
        const hash = crypto.createHash('sha256');
        const handle = await fs.promises.open(file, 'wx', 0o600);
        try {
            await fetchSource(url, { timeoutMs: this.limits.timeoutMs, maxBytes: this.limits.maxArchiveBytes }, async chunk => {
                hash.update(chunk);
                await handle.write(chunk);
            });
        } catch (error) {
            throw new RegistryInstallError(`The archive could not be downloaded: ${(error as Error).message}`);
        } finally {
            await handle.close();
        }
        return hash.digest('hex');
    }
}

function entry(name: string, command: string, args: string[], env: Readonly<Record<string, string>>, description: string,
    agent: RegistryAgent, kind: RegistryAgentEntry['registry']['kind']): RegistryAgentEntry {
    return {
        name, command, args, ...(Object.keys(env).length ? { env: { ...env } } : {}), description,
        registry: { id: agent.id, version: agent.version, kind, defaults: { args: [...args], env: { ...env } } }
    };
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

/** `cmd` must name a regular file inside the unpacked folder (no link anywhere on the way); it is made executable. */
async function checkCommand(folder: string, cmd: string): Promise<void> {
    const target = path.resolve(folder, cmd);
    const relative = path.relative(folder, target);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
        throw new RegistryInstallError(`The agent's command "${cmd}" is outside its folder.`);
    }
    let current = folder;
    for (const segment of relative.split(path.sep)) {
        current = path.join(current, segment);
        const stat = await fs.promises.lstat(current).catch(() => undefined);
        if (!stat || stat.isSymbolicLink()) {
            throw new RegistryInstallError(`The archive has no "${cmd}" to run.`);
        }
    }
    const stat = await fs.promises.lstat(target);
    if (!stat.isFile()) {
        throw new RegistryInstallError(`The agent's command "${cmd}" is not a file in the archive.`);
    }
    await fs.promises.chmod(target, stat.mode | 0o500);
}

/** Renames the complete folder into place; a folder already there (a reinstall) is moved aside first and deleted after. */
async function moveIntoPlace(partial: string, folder: string): Promise<void> {
    const aside = `${partial}.old`;
    let movedAside = false;
    try {
        await fs.promises.rename(folder, aside);
        movedAside = true;
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
            throw error;
        }
    }
    try {
        await fs.promises.rename(partial, folder);
    } catch (error) {
        if (movedAside) {
            await fs.promises.rename(aside, folder).catch(() => undefined);
        }
        throw error;
    }
    if (movedAside) {
        await fs.promises.rm(aside, { recursive: true, force: true });
    }
}

/** The executable `command` on PATH (PATHEXT on Windows), or undefined. */
export async function findOnPath(command: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
    const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
    for (const directory of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
        for (const extension of extensions) {
            const candidate = path.join(directory, command + extension);
            try {
                await fs.promises.access(candidate, fs.constants.X_OK);
                if ((await fs.promises.stat(candidate)).isFile()) {
                    return candidate;
                }
            } catch { }
        }
    }
    return undefined;
}
