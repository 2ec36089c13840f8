import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { PathChangedError, assertOpenedAt } from './no-follow-path';

/**
 * Writes through a temp file in the same directory, then renames it over the target: readers see
 * the old or the new content, never a truncated file. An existing file keeps its permission bits,
 * but never setuid, setgid or sticky: content from a request must not run with its owner's rights.
 *
 * `target` must be a real path that was checked: the temp file is created without following links
 * (O_EXCL), and the open descriptor must still be at the checked place before and after the rename,
 * so a directory swapped for a symlink in between is detected instead of written through.
 */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
    const existing = await fs.promises.lstat(target).catch(() => undefined);
    if (existing?.isDirectory()) {
        throw Object.assign(new Error(`${target} is a directory.`), { code: 'EISDIR' });
    }
    if (existing?.isSymbolicLink()) {
        throw new PathChangedError(`${target} is a symbolic link now; it is not followed.`);
    }
    const mode = existing ? existing.mode & 0o777 : 0o666;
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.promises.open(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), mode);
    try {
        await assertOpenedAt(handle.fd, temp);
        await handle.writeFile(content, 'utf8');
        await handle.sync();
        if (existing) {
            await handle.chmod(mode); // the umask applied to open()
        }
        await fs.promises.rename(temp, target);
        await assertOpenedAt(handle.fd, target);
        await handle.close();
    } catch (error) {
        await handle.close().catch(() => undefined);
        await fs.promises.rm(temp, { force: true }).catch(() => undefined);
        throw error;
    }
}
