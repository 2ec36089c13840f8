import * as fs from 'fs';
import * as path from 'path';
import { ClientProfile } from '../common/client-profiles';
import { readRegularFileSync, writePrivateFileSync } from '@ai-cli-companion/node-base';
import { HostEnvironment, discoveryDirectories, discoveryDirectory, trustedBaseOf } from './host-paths';
import { isProcessAlive } from './process-info';

/**
 * The field that marks a discovery file as ours, whichever adapter wrote it (both adapters may report the
 * same `ideInfo.name` inside one host); files of other IDEs are never touched.
 */
export const DISCOVERY_FILE_MARKER = 'aiCliCompanion';

export interface IdeInfo {
    readonly name: string;
    readonly displayName: string;
}

export interface DiscoveryFileContent {
    readonly port: number;
    readonly workspacePath: string;
    readonly authToken: string;
    /** The backend's own pid: alive exactly as long as the server (Qwen deletes files whose ppid is dead). */
    readonly ppid: number;
    readonly ideInfo: IdeInfo;
    /** Our marker: the version of the companion that wrote the file. */
    readonly [DISCOVERY_FILE_MARKER]?: string;
    readonly [extra: string]: unknown;
}

/**
 * A private file (see writePrivateFileSync) in a directory that, below `trustedBase`, must be ours and
 * writable by nobody else.
 */
export function writePrivateFileAtomic(target: string, text: string, trustedBase?: string): void {
    const directory = path.dirname(target);
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    if (trustedBase !== undefined) {
        assertPrivateDirectories(trustedBase, directory);
    }
    writePrivateFileSync(target, text);
}

/**
 * Every directory from below `base` down to `directory` must be ours and writable by nobody else: in a
 * shared `/tmp` another local user could otherwise create `gemini/ide` first and swap our files there.
 * `base` itself (the temp or home directory) is the system's business.
 */
export function assertPrivateDirectories(base: string, directory: string): void {
    const relative = path.relative(base, directory);
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
        return;
    }
    const uid = process.getuid?.();
    let current = base;
    for (const segment of relative.split(path.sep).filter(Boolean)) {
        current = path.join(current, segment);
        const stat = fs.lstatSync(current);
        if (!stat.isDirectory()) {
            throw new Error(`Refusing to use ${current}: it is not a directory (a link?). Remove it and restart.`);
        }
        if (uid !== undefined && stat.uid !== uid) {
            throw new Error(`Refusing to use ${current}: it belongs to another user (uid ${stat.uid}), who could replace the discovery files there. Remove it, or set TMPDIR to a private directory.`);
        }
        if ((stat.mode & 0o022) !== 0) {
            throw new Error(`Refusing to use ${current}: other users may write to it (mode ${(stat.mode & 0o777).toString(8)}), so they could replace the discovery files there. Run: chmod go-w ${current}`);
        }
    }
}

export function removeFileQuietly(file: string): boolean {
    try {
        fs.unlinkSync(file);
        return true;
    } catch {
        return false;
    }
}

export function discoveryFilePath(profile: ClientProfile, host: HostEnvironment, ids: { pid: number; port: number }): string {
    return path.join(discoveryDirectory(profile, host), profile.discovery.fileName.format(ids));
}

export function buildDiscoveryFileContent(profile: ClientProfile, base: DiscoveryFileContent, workspaceFolders: readonly string[] = []): DiscoveryFileContent {
    const extra = profile.extraFileFields?.({ ideDisplayName: base.ideInfo.displayName, backendPid: base.ppid, workspaceFolders });
    return { ...base, ...extra, [DISCOVERY_FILE_MARKER]: base[DISCOVERY_FILE_MARKER] ?? 'unknown' };
}

/** What a cleanup did: the files it removed, or why it did not look at the directory at all. */
export interface StaleDiscoveryCleanup {
    readonly removed: string[];
    readonly refused?: string;
}

/** Discovery files are a few hundred bytes; anything much larger is not one of ours. */
const MAX_DISCOVERY_FILE_BYTES = 64 * 1024;

/**
 * Removes files a previous editor backend left behind when it was killed: only files of this
 * profile's layout, owned by this user, written by us (our marker field), whose recorded
 * backend pid is gone. A directory another user could write to is not scanned at all (its files
 * could be links to FIFOs or ttys that block a read); files are checked with lstat and opened
 * without following links and without blocking.
 */
export function removeStaleDiscoveryFiles(
    profile: ClientProfile,
    host: HostEnvironment,
    alive: (pid: number) => boolean = isProcessAlive
): StaleDiscoveryCleanup {
    const removed: string[] = [];
    let refused: string | undefined;
    // Every directory the profile writes to (a mirror under CLAUDE_CONFIG_DIR too).
    for (const directory of discoveryDirectories(profile, host)) {
        const cleanup = removeStaleIn(profile, directory, trustedBaseOf(profile, host, directory), alive);
        removed.push(...cleanup.removed);
        refused ??= cleanup.refused;
    }
    return refused === undefined ? { removed } : { removed, refused };
}

function removeStaleIn(profile: ClientProfile, directory: string, base: string, alive: (pid: number) => boolean): StaleDiscoveryCleanup {
    if (!fs.existsSync(directory)) {
        return { removed: [] };
    }
    try {
        assertPrivateDirectories(base, directory);
    } catch (error) {
        return { removed: [], refused: (error as Error).message };
    }
    let names: string[];
    try {
        names = fs.readdirSync(directory);
    } catch {
        return { removed: [] };
    }
    const removed: string[] = [];
    const uid = process.getuid?.();
    for (const name of names.filter(n => profile.discovery.fileName.matches.test(n))) {
        const file = path.join(directory, name);
        const content = readOwnDiscoveryFile(file, uid);
        if (content && typeof content[DISCOVERY_FILE_MARKER] === 'string' && !alive(Number(content.ppid)) && removeFileQuietly(file)) {
            removed.push(file);
        }
    }
    return { removed };
}

function readOwnDiscoveryFile(file: string, uid: number | undefined): Partial<DiscoveryFileContent> | undefined {
    try {
        const stat = fs.lstatSync(file);
        if (!stat.isFile() || (uid !== undefined && stat.uid !== uid)) {
            return undefined;
        }
        const { bytes, stat: opened } = readRegularFileSync(file, MAX_DISCOVERY_FILE_BYTES);
        if (uid !== undefined && opened.uid !== uid) {
            return undefined; // swapped between the lstat and the open
        }
        const parsed: unknown = JSON.parse(bytes.toString('utf8'));
        return typeof parsed === 'object' && parsed !== null ? parsed as Partial<DiscoveryFileContent> : undefined;
    } catch {
        return undefined;
    }
}
