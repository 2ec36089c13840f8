import * as fs from 'fs';
import * as path from 'path';
import { ApiError, badRequest, notFound, success } from '../http/api-envelope';
import { writeFileAtomic } from './atomic-write';
import { WorkspaceRoots } from './workspace-roots';

export interface FileRoutesOptions {
    readonly roots: WorkspaceRoots;
    /** Larger files are refused with 413 rather than read into memory. */
    readonly maxReadBytes: number;
}

/** `/list-directory`, `/read-file`, `/write-file`, confined to the workspace roots. */
export class FileRoutes {
    constructor(private readonly options: FileRoutesOptions) { }

    async listDirectory(query: URLSearchParams): Promise<object> {
        const requested = query.get('path') ?? this.options.roots.primary;
        const directory = this.options.roots.resolve(requested);
        const stat = await fs.promises.stat(directory).catch(() => undefined);
        if (!stat) {
            throw notFound(`Directory ${requested} does not exist.`, 'Directory not found');
        }
        if (!stat.isDirectory()) {
            throw badRequest(`${requested} is not a directory.`, 'Not a directory');
        }
        const entries = await fs.promises.readdir(directory, { withFileTypes: true });
        const items: Array<{ name: string; type: 'file' | 'directory'; path: string }> = [];
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
            const full = path.join(directory, entry.name);
            let isDirectory = entry.isDirectory();
            if (entry.isSymbolicLink()) {
                // Listed by what it points to; a link leading outside is still listed, but reading it is refused.
                isDirectory = (await fs.promises.stat(full).catch(() => undefined))?.isDirectory() ?? false;
            }
            items.push({ name: entry.name, type: isDirectory ? 'directory' : 'file', path: full });
        }
        return success('Directory listed', { path: directory, items });
    }

    async readFile(body: Record<string, unknown>): Promise<object> {
        const file = this.options.roots.resolve(body.path);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (!stat) {
            throw notFound(`File ${String(body.path)} does not exist.`, 'File not found');
        }
        if (stat.isDirectory()) {
            throw badRequest(`${String(body.path)} is a directory; use /list-directory.`, 'Is a directory');
        }
        if (stat.size > this.options.maxReadBytes) {
            throw new ApiError(413, 'File too large', `${String(body.path)} has ${stat.size} bytes; the limit is ${this.options.maxReadBytes}.`);
        }
        const content = await fs.promises.readFile(file, 'utf8');
        return success('File read', { path: file, content });
    }

    async writeFile(body: Record<string, unknown>): Promise<object> {
        if (typeof body.content !== 'string') {
            throw badRequest('"content" must be a string.');
        }
        const file = this.options.roots.resolve(body.path);
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        try {
            await writeFileAtomic(file, body.content);
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
                throw badRequest(`${String(body.path)} is a directory.`, 'Is a directory');
            }
            throw error;
        }
        return success('File written', { path: file, content: body.content });
    }
}
