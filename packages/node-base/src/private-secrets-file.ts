import * as fs from 'fs';
import { promisify } from 'util';
import { writePrivateFile } from './private-file';
import { readRegularFile } from './regular-file-read';

/** Far above any set of keys: a bigger file is not ours. */
const MAX_SECRETS_FILE_BYTES = 1024 * 1024;

/**
 * Secrets by name in a JSON file only the user can read (0600 in a 0700 directory), like the CLIs' own
 * credential files: the one place a key goes where no OS keychain answers (a headless server), and only
 * after the user agreed. Written through writePrivateFile, so never readable by others, not even for a
 * moment; the file is removed when its last secret is.
 */
export class PrivateSecretsFile {
    constructor(readonly file: string) { }

    async get(name: string): Promise<string | undefined> {
        const value = (await this.read())[name];
        return typeof value === 'string' ? value : undefined;
    }

    async names(): Promise<string[]> {
        return Object.keys(await this.read());
    }

    async set(name: string, value: string): Promise<void> {
        const entries = await this.read();
        entries[name] = value;
        await this.write(entries);
    }

    /** True when there was a secret of that name. */
    async delete(name: string): Promise<boolean> {
        const entries = await this.read();
        if (!(name in entries)) {
            return false;
        }
        delete entries[name];
        await this.write(entries);
        return true;
    }

    /**
     * Only a file that is what we wrote: never through a link (O_NOFOLLOW), and, checked on the opened
     * descriptor before a byte is read, a regular file of ours that nobody else may read or write. A link
     * or a loose file someone planted there would otherwise hand us their keys, or read ours back.
     */
    protected async read(): Promise<Record<string, string>> {
        let text: string;
        try {
            text = (await readRegularFile(this.file, MAX_SECRETS_FILE_BYTES, { verifyOpened: fd => assertPrivate(this.file, fd) })).bytes.toString('utf8');
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
                return {};
            }
            throw new Error(`Refusing to read the key file ${this.file}: ${(error as Error).message} Remove it; the keys are asked for again.`, { cause: error });
        }
        const parsed = JSON.parse(text) as unknown;
        return parsed && typeof parsed === 'object' ? parsed as Record<string, string> : {};
    }

    protected async write(entries: Record<string, string>): Promise<void> {
        if (Object.keys(entries).length === 0) {
            await fs.promises.rm(this.file, { force: true });
            return;
        }
        await writePrivateFile(this.file, JSON.stringify(entries));
    }
}

/** The opened file is ours and private (where the platform has owners and modes). */
async function assertPrivate(file: string, fd: number): Promise<void> {
    if (process.platform === 'win32') {
        return;
    }
    const stat = await promisify(fs.fstat)(fd);
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) {
        throw new Error(`${file} belongs to another user (uid ${stat.uid}).`);
    }
    if ((stat.mode & 0o077) !== 0) {
        throw new Error(`${file} may be read or written by other users (mode ${(stat.mode & 0o777).toString(8)}); it must be 600.`);
    }
}
