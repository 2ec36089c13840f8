import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { ClientProfile } from './client-profiles';
import { HostEnvironment, discoveryDirectories, discoveryDirectory } from './host-paths';
import { isProcessAlive } from './process-info';

/**
 * The field that marks a discovery file as ours, whichever adapter wrote it (the Theia extension or the
 * .vsix, which both say `ideInfo.name: "theia"` inside Theia); files of other IDEs are never touched.
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
 * Writes a file that is 0600 from its first byte: the bytes go to a fresh temp file created with
 * that mode (O_EXCL, so never an existing file), which is then renamed over the target. Readers see
 * either the old or the new complete file, never a partial or world-readable one.
 */
export function writePrivateFileAtomic(target: string, text: string, trustedBase?: string): void {
    const directory = path.dirname(target);
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    if (trustedBase !== undefined) {
        assertPrivateDirectories(trustedBase, directory);
    }
    const temp = path.join(directory, `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    try {
        // No fsync: the rename is atomic for readers; surviving a power cut is not worth the cost here.
        fs.writeSync(fd, text);
    } finally {
        fs.closeSync(fd);
    }
    try {
        fs.renameSync(temp, target);
    } catch (error) {
        removeFileQuietly(temp);
        throw error;
    }
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

/**
 * Removes files a previous Theia backend left behind when it was killed: only files of this
 * profile's layout, owned by this user, written by us (our marker field), whose recorded
 * backend pid is gone. Returns the removed paths.
 */
export function removeStaleDiscoveryFiles(
    profile: ClientProfile,
    host: HostEnvironment,
    alive: (pid: number) => boolean = isProcessAlive
): string[] {
    const removed: string[] = [];
    const uid = process.getuid?.();
    for (const directory of discoveryDirectories(profile, host)) {
        let names: string[];
        try {
            names = fs.readdirSync(directory);
        } catch {
            continue;
        }
        for (const name of names.filter(n => profile.discovery.fileName.matches.test(n))) {
            const file = path.join(directory, name);
            const content = readOwnDiscoveryFile(file, uid);
            if (content && typeof content[DISCOVERY_FILE_MARKER] === 'string' && !alive(Number(content.ppid)) && removeFileQuietly(file)) {
                removed.push(file);
            }
        }
    }
    return removed;
}

function readOwnDiscoveryFile(file: string, uid: number | undefined): Partial<DiscoveryFileContent> | undefined {
    try {
        if (uid !== undefined && fs.statSync(file).uid !== uid) {
            return undefined;
        }
        const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
        return typeof parsed === 'object' && parsed !== null ? parsed as Partial<DiscoveryFileContent> : undefined;
    } catch {
        return undefined;
    }
}
