import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

/**
 * Writes a file only this user may read (tokens, credentials): to a fresh temp name in the same directory,
 * created `O_EXCL` with mode 0600, then renamed into place. Never readable by others, not even for a
 * moment, and never seen half-written. The directory is created 0700 if missing. Synchronous, so it can
 * run where nothing after an `await` would (startup, exit).
 */
export function writePrivateFileSync(target: string, text: string): void {
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = tempNameFor(target);
    const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    try {
        // No fsync: the rename is atomic for readers; surviving a power cut is not worth the cost here.
        fs.writeSync(fd, text);
    } catch (error) {
        fs.closeSync(fd);
        fs.rmSync(temp, { force: true });
        throw error;
    }
    fs.closeSync(fd);
    try {
        fs.renameSync(temp, target);
    } catch (error) {
        fs.rmSync(temp, { force: true });
        throw error;
    }
}

/** writePrivateFileSync off the event loop's hot path, for servers that write while serving. */
export async function writePrivateFile(target: string, text: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = tempNameFor(target);
    const handle = await fs.promises.open(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    try {
        await handle.writeFile(text, 'utf8');
        await handle.close();
        await fs.promises.rename(temp, target);
    } catch (error) {
        await handle.close().catch(() => undefined);
        await fs.promises.rm(temp, { force: true });
        throw error;
    }
}

function tempNameFor(target: string): string {
    return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`);
}
