import * as fs from 'fs';
import * as path from 'path';
import {
    FileReadRefusal, PathChangedError, RegularFileContent, assertOpenedAt, makeDirectoriesNoFollow, readRegularFile
} from '@ai-cli-companion/node-base';
import { ApiError, badRequest, forbidden, notFound, success } from '../http/api-envelope';
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
        const file = await this.options.roots.resolveAsync(body.path);
        let content: RegularFileContent;
        try {
            // Opened without following a link or blocking (a FIFO would hold a thread for ever), then
            // checked to be the very file resolved above, and read up to the limit from that handle.
            content = await readRegularFile(file, this.options.maxReadBytes, { verifyOpened: fd => assertOpenedAt(fd, file) });
        } catch (error) {
            throw this.describeReadError(error, String(body.path));
        }
        return success('File read', { path: file, content: content.bytes.toString('utf8') });
    }

    async writeFile(body: Record<string, unknown>): Promise<object> {
        if (typeof body.content !== 'string') {
            throw badRequest('"content" must be a string.');
        }
        const file = await this.options.roots.resolveAsync(body.path);
        try {
            // Created one level at a time, each checked not to be a link: `mkdir -p` would follow one.
            await makeDirectoriesNoFollow(this.options.roots.rootOf(file), path.dirname(file));
            await writeFileAtomic(file, body.content);
        } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'EISDIR') {
                throw badRequest(`${String(body.path)} is a directory.`, 'Is a directory');
            }
            if (code === 'ENOTDIR' || code === 'EEXIST') {
                throw badRequest(`A part of ${String(body.path)} is a file, not a directory.`, 'Not a directory');
            }
            if (error instanceof PathChangedError) {
                throw pathChanged(error);
            }
            throw error;
        }
        return success('File written', { path: file, content: body.content });
    }

    private describeReadError(error: unknown, requested: string): unknown {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            return notFound(`File ${requested} does not exist.`, 'File not found');
        }
        if (error instanceof PathChangedError) {
            return pathChanged(error);
        }
        if (!(error instanceof FileReadRefusal)) {
            return error;
        }
        switch (error.reason) {
            case 'too-large': return new ApiError(413, 'File too large', `${requested}: the limit is ${this.options.maxReadBytes} bytes.`);
            case 'link': return pathChanged(error);
            case 'directory': return badRequest(`${requested} is a directory; use /list-directory.`, 'Is a directory');
            case 'not-regular': return badRequest(`${requested} is not a regular file (a FIFO, socket or device); only regular files are read.`, 'Not a regular file');
        }
    }
}

/** The path was swapped between the check and the use: refused like any path that leads outside. */
function pathChanged(error: Error): ApiError {
    return forbidden(error.message, 'Path changed');
}
