import * as fs from 'fs';
import * as path from 'path';
import { pipeline } from 'stream/promises';
import * as tar from 'tar';
import * as yauzl from 'yauzl';
import { ArchiveType } from './registry-types';
import { isRelativeInside } from './registry-values';

export interface UnpackLimits {
    /** The sum of the entries' sizes (a zip or gzip bomb stops here). */
    readonly maxUnpackedBytes: number;
    readonly maxEntries: number;
}

/** The archive holds something that must not be unpacked; nothing of it was. */
export class UnsafeArchiveError extends Error { }

/** Regular files and folders only: links, devices and FIFOs are refused, whatever their names. */
const TAR_KINDS = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/** rwx for user, group and others: what an unpacked file or folder may keep of its archived mode. */
const PERMISSION_BITS = 0o777;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/**
 * Unpacks `file` into `into`, a new empty folder. The whole archive is read first and refused when any
 * entry would leave the folder (`..`, an absolute path, a drive letter), is a symlink or hard link, a
 * device or FIFO, or when it is bigger than the limits: then nothing is written. The caller unpacks into a
 * temporary folder and renames it into place, so a failure half-way leaves no partial folder either.
 */
export async function unpackArchive(file: string, type: ArchiveType, into: string, limits: UnpackLimits): Promise<void> {
    if (type === 'tar.gz') {
        await checkTar(file, limits);
        await tar.x({
            file, cwd: into, gzip: true, strict: true, preservePaths: false, preserveOwner: false,
            // Runs before the entry is written: tar keeps setuid, setgid and sticky bits, and unpacked as
            // root a 6755 file would be a setuid-root program. Permission bits only, as a zip's are.
            onReadEntry: entry => {
                if (typeof entry.mode === 'number') {
                    entry.mode &= PERMISSION_BITS;
                }
            },
            // Checked above already; kept so a tar that read differently the second time still writes nothing outside.
            filter: (entryPath, entry) => 'type' in entry && TAR_KINDS.has(entry.type) && isRelativeInside(entryPath)
        });
    } else {
        await checkZip(file, limits);
        await extractZip(file, into);
    }
}

async function checkTar(file: string, limits: UnpackLimits): Promise<void> {
    let problem: string | undefined;
    let count = 0;
    let total = 0;
    try {
        await tar.t({
            file, gzip: true, strict: true,
            onReadEntry: entry => {
                count++;
                total += entry.size ?? 0;
                problem ??= !TAR_KINDS.has(entry.type) ? `"${entry.path}" is a ${entry.type} entry; only files and folders are unpacked.`
                    : !isRelativeInside(entry.path) ? `"${entry.path}" would be written outside the agent's folder.`
                        : undefined;
            }
        });
    } catch (error) {
        throw new UnsafeArchiveError(`The archive could not be read: ${(error as Error).message}`);
    }
    checkTotals(problem, count, total, limits);
}

async function checkZip(file: string, limits: UnpackLimits): Promise<void> {
    let problem: string | undefined;
    let count = 0;
    let total = 0;
    await eachZipEntry(file, async entry => {
        count++;
        total += entry.uncompressedSize;
        const kind = zipKind(entry);
        problem ??= kind === 'other' ? `"${entry.fileName}" is a link, device or FIFO; only files and folders are unpacked.`
            : !isRelativeInside(entry.fileName) ? `"${entry.fileName}" would be written outside the agent's folder.`
                : undefined;
        return count <= limits.maxEntries;
    });
    checkTotals(problem, count, total, limits);
}

function checkTotals(problem: string | undefined, count: number, total: number, limits: UnpackLimits): void {
    if (problem) {
        throw new UnsafeArchiveError(`The archive was refused: ${problem}`);
    }
    if (count > limits.maxEntries) {
        throw new UnsafeArchiveError(`The archive was refused: it has more than ${limits.maxEntries} entries.`);
    }
    if (total > limits.maxUnpackedBytes) {
        throw new UnsafeArchiveError(`The archive was refused: it unpacks to ${total} bytes, more than the limit of ${limits.maxUnpackedBytes}.`);
    }
}

async function extractZip(file: string, into: string): Promise<void> {
    await eachZipEntry(file, async (entry, zip) => {
        const target = path.join(into, entry.fileName);
        if (zipKind(entry) === 'directory') {
            await fs.promises.mkdir(target, { recursive: true, mode: 0o755 });
            return true;
        }
        await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
        const unixMode = (entry.externalFileAttributes >>> 16) & PERMISSION_BITS;
        const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
            zip.openReadStream(entry, (error, readStream) => error ? reject(error) : resolve(readStream)));
        // 'wx': a name that appears twice in the archive fails instead of overwriting.
        await pipeline(stream, fs.createWriteStream(target, { flags: 'wx', mode: unixMode || 0o644 }));
        return true;
    });
}

/** Walks the central directory one entry at a time; `visit` returning false stops early. */
function eachZipEntry(file: string, visit: (entry: yauzl.Entry, zip: yauzl.ZipFile) => Promise<boolean>): Promise<void> {
    return new Promise((resolve, reject) => {
        const fail = (error: Error) => reject(error instanceof UnsafeArchiveError ? error : new UnsafeArchiveError(`The archive was refused: ${error.message}`));
        // strictFileNames: a backslash or absolute name is an error, not silently rewritten.
        yauzl.open(file, { lazyEntries: true, autoClose: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) => {
            if (error) {
                fail(error);
                return;
            }
            zip.on('error', fail);
            zip.on('end', () => resolve());
            zip.on('entry', (entry: yauzl.Entry) => {
                visit(entry, zip).then(goOn => {
                    if (goOn) {
                        zip.readEntry();
                    } else {
                        zip.close();
                        resolve();
                    }
                }, error => {
                    zip.close();
                    fail(error);
                });
            });
            zip.readEntry();
        });
    });
}

/**
 * A zip entry's kind from the Unix file type in its external attributes (any link, device or FIFO is
 * "other"), or from its name when it carries none (zips made on Windows have no links).
 */
function zipKind(entry: yauzl.Entry): 'file' | 'directory' | 'other' {
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (type !== 0) {
        return type === S_IFDIR ? 'directory' : type === S_IFREG ? 'file' : 'other';
    }
    return entry.fileName.endsWith('/') ? 'directory' : 'file';
}
