import * as fs from 'fs';
import * as path from 'path';
import { writePrivateFile } from '@ai-cli-companion/node-base';
import type { CredentialStore } from './credential-store';

/**
 * Secrets in a JSON file only the user can read (0600 in a 0700 directory), like the CLIs' own
 * credential files. Written through a temp file created 0600, so it is never readable by others,
 * not even for a moment.
 */
export class FileCredentialStore implements CredentialStore {
    constructor(readonly file: string) { }

    get description(): string {
        return `file ${this.file}`;
    }

    async get(key: string): Promise<string | undefined> {
        return (await this.read())[key];
    }

    async set(key: string, value: string): Promise<void> {
        const entries = await this.read();
        entries[key] = value;
        await this.write(entries);
    }

    async delete(key: string): Promise<void> {
        const entries = await this.read();
        if (key in entries) {
            delete entries[key];
            await this.write(entries);
        }
    }

    private async read(): Promise<Record<string, string>> {
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

    private async write(entries: Record<string, string>): Promise<void> {
        const dir = path.dirname(this.file);
        await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        if (Object.keys(entries).length === 0) {
            await fs.promises.rm(this.file, { force: true });
            return;
        }
        await writePrivateFile(this.file, JSON.stringify(entries));
    }
}
