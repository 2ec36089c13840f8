import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

/**
 * Writes through a temp file in the same directory, then renames it over the target: readers see
 * the old or the new content, never a truncated file. An existing file keeps its mode.
 */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
    const existing = await fs.promises.stat(target).catch(() => undefined);
    if (existing?.isDirectory()) {
        throw Object.assign(new Error(`${target} is a directory.`), { code: 'EISDIR' });
    }
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.promises.open(temp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
    try {
        await handle.writeFile(content, 'utf8');
        await handle.sync();
        if (existing) {
            await handle.chmod(existing.mode & 0o7777); // the umask applied to open()
        }
        await handle.close();
        await fs.promises.rename(temp, target);
    } catch (error) {
        await handle.close().catch(() => undefined);
        await fs.promises.rm(temp, { force: true });
        throw error;
    }
}
