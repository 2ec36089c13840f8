import * as fs from 'fs';

/**
 * Opening a FIFO or a tty for reading blocks (a thread-pool thread, or the whole event loop when done
 * synchronously) until someone writes; a link could point anywhere. These flags make the open itself
 * safe; the handle is then checked with fstat, so what is read is exactly what was checked.
 * (Windows has neither flag: 0 keeps the open ordinary there.)
 */
const NON_BLOCKING_OPEN_FLAGS = fs.constants.O_RDONLY
    | (fs.constants.O_NONBLOCK ?? 0)
    | (fs.constants.O_NOCTTY ?? 0);
const SAFE_OPEN_FLAGS = NON_BLOCKING_OPEN_FLAGS | (fs.constants.O_NOFOLLOW ?? 0);

export type FileReadRefusalReason = 'link' | 'directory' | 'not-regular' | 'too-large';

/** A file we will not read on somebody's behalf; the message says why, for a 4xx answer or a log line. */
export class FileReadRefusal extends Error {
    constructor(readonly reason: FileReadRefusalReason, message: string) {
        super(message);
        this.name = 'FileReadRefusal';
    }
}

export interface RegularFileContent {
    readonly bytes: Buffer;
    readonly stat: fs.Stats;
}

/**
 * Reads a regular file of at most `maxBytes` without following a final symlink and without ever
 * blocking on a FIFO or device. Throws FileReadRefusal for those, and the usual errors (ENOENT…) otherwise.
 * The size is enforced while reading, so a file that grows after the check is still refused.
 * `verifyOpened` sees the descriptor before a byte is read (e.g. assertOpenedAt: is it the file that was checked?).
 */
export async function readRegularFile(file: string, maxBytes: number, options: { verifyOpened?: (fd: number) => Promise<void> } = {}): Promise<RegularFileContent> {
    const handle = await openSafely(file, name => fs.promises.open(name, SAFE_OPEN_FLAGS));
    try {
        await options.verifyOpened?.(handle.fd);
        const stat = await handle.stat();
        const reads = cappedReads(file, stat, maxBytes);
        let next = reads.next();
        while (!next.done) {
            next = reads.next((await handle.read(...next.value, null)).bytesRead);
        }
        return { bytes: next.value, stat };
    } finally {
        await handle.close();
    }
}

/**
 * The synchronous twin, for start-up code (discovery-file scans) that must stay synchronous.
 * `followLinks` is for the user's own settings files, which are often links into a dotfiles folder:
 * the target must still be a regular file.
 */
export function readRegularFileSync(file: string, maxBytes: number, options: { followLinks?: boolean } = {}): RegularFileContent {
    const fd = openSafelySync(file, options.followLinks ? NON_BLOCKING_OPEN_FLAGS : SAFE_OPEN_FLAGS);
    try {
        const stat = fs.fstatSync(fd);
        const reads = cappedReads(file, stat, maxBytes);
        let next = reads.next();
        while (!next.done) {
            next = reads.next(fs.readSync(fd, ...next.value, null));
        }
        return { bytes: next.value, stat };
    } finally {
        fs.closeSync(fd);
    }
}

type ReadRequest = readonly [buffer: Buffer, offset: number, length: number];

/**
 * The capped read loop, written once for the async and the sync reader: it yields each read it
 * needs, takes back how many bytes came, and returns the content. The buffer holds one byte more
 * than the limit, so a file that grew after fstat is caught by filling it.
 */
function* cappedReads(file: string, stat: fs.Stats, maxBytes: number): Generator<ReadRequest, Buffer, number> {
    assertReadable(file, stat, maxBytes);
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
        if (length === buffer.length) {
            throw tooLarge(file, maxBytes);
        }
        const bytesRead = yield [buffer, length, buffer.length - length];
        if (bytesRead === 0) {
            return buffer.subarray(0, length);
        }
        length += bytesRead;
        if (length > maxBytes) {
            throw tooLarge(file, maxBytes);
        }
    }
}

async function openSafely<T>(file: string, open: (name: string) => Promise<T>): Promise<T> {
    try {
        return await open(file);
    } catch (error) {
        throw translateOpenError(file, error);
    }
}

function openSafelySync(file: string, flags: number): number {
    try {
        return fs.openSync(file, flags);
    } catch (error) {
        throw translateOpenError(file, error);
    }
}

/** O_NOFOLLOW on a link fails with ELOOP (Linux) or EMLINK (FreeBSD); both mean "a symlink". */
function translateOpenError(file: string, error: unknown): unknown {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') {
        return new FileReadRefusal('link', `${file} is a symbolic link; it is not followed.`);
    }
    if (code === 'ENXIO') { // a FIFO with no writer, opened for writing, or a socket
        return new FileReadRefusal('not-regular', `${file} is not a regular file.`);
    }
    return error;
}

function assertReadable(file: string, stat: fs.Stats, maxBytes: number): void {
    if (stat.isDirectory()) {
        throw new FileReadRefusal('directory', `${file} is a directory.`);
    }
    if (!stat.isFile()) {
        throw new FileReadRefusal('not-regular', `${file} is not a regular file (${describeKind(stat)}); only regular files are read.`);
    }
    if (stat.size > maxBytes) {
        throw tooLarge(file, maxBytes);
    }
}

function tooLarge(file: string, maxBytes: number): FileReadRefusal {
    return new FileReadRefusal('too-large', `${file} is larger than the limit of ${maxBytes} bytes.`);
}

function describeKind(stat: fs.Stats): string {
    return stat.isFIFO() ? 'a FIFO'
        : stat.isCharacterDevice() ? 'a character device'
        : stat.isBlockDevice() ? 'a block device'
        : stat.isSocket() ? 'a socket'
        : 'not a file';
}
