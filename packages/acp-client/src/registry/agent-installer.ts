import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { unpackArchive } from './archive-unpack';
import { fetchSource } from './registry-fetch';
import { keepOverrides, updateOption } from './agent-update';
import { findOnPath } from './find-on-path';
import { agentNameFor, builtInAgentFor, InstallOption, installPreview, RegistryAgentEntry } from './registry-agents';
import { RegistryChangedError, RegistryInstallError, UvNotFoundError } from './registry-errors';
import { entryCommandLine, shownDigest, shownInstall, shownUpdate, unsafeEnvProblem } from './registry-shown';
import { BinaryTarget, RegistryAgent } from './registry-types';
import { isRelativeInside } from './registry-values';

export { findOnPath, RegistryChangedError, RegistryInstallError, UvNotFoundError };

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
     * use, so the new name is unique; `name` keeps an existing one (update, reinstall). `shown` is the
     * digest of what the user confirmed (`shownDigest(shownInstall(…))` of the registry read the dialog
     * showed): when `agent` and `option`, read again, differ from it, nothing is downloaded or returned.
     */
    async install(agent: RegistryAgent, option: InstallOption, request: { taken?: readonly string[]; name?: string; shown?: string } = {}): Promise<RegistryAgentEntry> {
        if (request.shown !== undefined && request.shown !== shownDigest(shownInstall(agent, option))) {
            const now = installPreview(agent, option, this.folderOrPlaceholder(agent)).commandLine;
            throw new RegistryChangedError(`${agent.name} changed in the registry after you confirmed it: ${agent.version} (${option.kind}) would now run ` +
                `${now}. Nothing was installed; look at the registry again to see and confirm what it offers now.`);
        }
        const planned = await this.plan(agent, option, request);
        if (option.kind === 'binary') {
            await this.installBinary(agent, option.target);
        }
        return planned;
    }

    /** The entry `install` returns, worked out without downloading anything (what an update's dialog shows). */
    async plan(agent: RegistryAgent, option: InstallOption, naming: { taken?: readonly string[]; name?: string } = {}): Promise<RegistryAgentEntry> {
        const builtIn = builtInAgentFor(agent.id);
        if (builtIn) {
            throw new RegistryInstallError(`${agent.name} is built in as @${builtIn.agentId}: switch it on in the settings instead of installing a second one.`);
        }
        const launch = option.kind === 'binary' ? option.target : option.distribution;
        // installOptions blocks these already; an option made by hand is held to the same rule.
        const blocked = option.blocked ?? unsafeEnvProblem(launch.env);
        if (blocked) {
            throw new RegistryInstallError(blocked);
        }
        const name = naming.name ?? agentNameFor(agent, naming.taken);
        const description = agent.description;
        if (option.kind === 'binary') {
            if (!option.target.sha256) {
                throw new RegistryInstallError(`The registry gives no sha256 for ${option.target.archive}, so the download could not be verified.`);
            }
            if (!isRelativeInside(option.target.cmd)) {
                throw new RegistryInstallError(`"${option.target.cmd}" is not a path inside the archive.`);
            }
            const command = path.join(this.folderFor(agent.id, agent.version), path.normalize(option.target.cmd));
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
     * What updating `installed` to `latest` would do, nothing downloaded: the kind (`updateOption`), the
     * entry it writes with the user's own args and env kept, and the digest of both for `update`.
     */
    async planUpdate(installed: RegistryAgentEntry, latest: RegistryAgent): Promise<{ option: InstallOption; entry: RegistryAgentEntry; shown: string }> {
        if (installed.registry.id !== latest.id) {
            throw new RegistryInstallError(`@${installed.name} is ${installed.registry.id}, not ${latest.id}.`);
        }
        const option = updateOption(installed, latest);
        const planned = keepOverrides(installed, await this.plan(latest, option, { name: installed.name }));
        return { option, entry: planned, shown: shownDigest(shownUpdate(latest, option, planned)) };
    }

    /**
     * Installs `latest` beside the version `installed` runs and returns the entry that points at it, with the
     * user's own additions to args and env kept. `shown` is `planUpdate(…).shown` of what the user confirmed:
     * when the plan made now differs, nothing is downloaded. Until the caller writes the entry, and after a
     * failure, the old version stays where it was and keeps working; `pruneVersions` removes it once switched.
     */
    async update(installed: RegistryAgentEntry, latest: RegistryAgent, shown?: string): Promise<RegistryAgentEntry> {
        const plan = await this.planUpdate(installed, latest);
        if (shown !== undefined && shown !== plan.shown) {
            throw new RegistryChangedError(`@${installed.name}'s update changed in the registry after you confirmed it: ${latest.version} (${plan.option.kind}) ` +
                `would now run ${entryCommandLine(plan.entry)}. Nothing was updated; look at the update again to see and confirm it.`);
        }
        await this.install(latest, plan.option, { name: installed.name });
        return plan.entry;
    }

    private folderOrPlaceholder(agent: RegistryAgent): string | undefined {
        try {
            return this.folderFor(agent.id, agent.version);
        } catch {
            return undefined;
        }
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

    /** Checked by `plan` first: a sha256 and a cmd inside the archive. */
    private async installBinary(agent: RegistryAgent, target: BinaryTarget): Promise<void> {
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
    // Only the permission bits: never a setuid or setgid bit the archive carried.
    await fs.promises.chmod(target, (stat.mode & 0o777) | 0o500);
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
