import * as fs from 'fs';
import { writePrivateFile } from './private-file';

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

    protected async read(): Promise<Record<string, string>> {
        let text: string;
        try {
            text = await fs.promises.readFile(this.file, 'utf8');
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
                return {};
            }
            throw error;
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
