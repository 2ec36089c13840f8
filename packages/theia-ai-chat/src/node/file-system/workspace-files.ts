import * as path from 'path';
import {
    DanglingLinkError, FileReadRefusal, PathChangedError, assertOpenedAt, makeDirectoriesNoFollow, readRegularFile,
    realPathOfNearestAsync, relativeInside, resolveInWorkspace, writeFileAtomic
} from '@ai-cli-companion/node-base';
import { acpSdk } from '../agents/engine';

/** The most an agent reads or writes through `fs/*` in one call. */
export const AGENT_FILE_LIMIT = 10 * 1024 * 1024;

/** A path an agent named, checked to be inside a workspace root. */
export interface AgentFilePath {
    /** Below its root as the editor knows it (a symlinked root stays symlinked): what the window's editors go by. */
    readonly editorPath: string;
    /** The real file: what is opened, without following a link, and checked to be the file opened. */
    readonly realPath: string;
    /** The real path of the root it is in. */
    readonly realRoot: string;
}

/**
 * The companion's rule (inside a workspace root after resolving `..` and symlinks), with its errors;
 * then the real path the file is read or written at, which must still be inside that root.
 */
export async function confineAgentPath(requested: string, roots: readonly string[]): Promise<AgentFilePath> {
    const resolved = resolveInWorkspace(requested, roots);
    if ('error' in resolved) {
        throw invalid(resolved.error);
    }
    try {
        const realPath = await realPathOfNearestAsync(resolved.editorPath);
        for (const root of roots) {
            const realRoot = await realPathOfNearestAsync(root);
            if (relativeInside(realRoot, realPath) !== undefined) {
                return { editorPath: resolved.editorPath, realPath, realRoot };
            }
        }
    } catch (error) {
        throw error instanceof DanglingLinkError ? invalid(error.message) : error;
    }
    throw invalid(`${requested} changed while it was checked; it now leads outside the workspace folders of this window.`);
}

/**
 * The file's text from disk, in the backend: opened without following a link and without blocking
 * (a FIFO or device is refused at once, never left holding a thread of Node's pool), regular files
 * only, at most `limit` bytes, and the descriptor must be the file that was checked.
 * Undefined when there is no such file.
 */
export async function readAgentFile(file: AgentFilePath, limit = AGENT_FILE_LIMIT): Promise<string | undefined> {
    try {
        const { bytes } = await readRegularFile(file.realPath, limit, { verifyOpened: fd => assertOpenedAt(fd, file.realPath) });
        return bytes.toString('utf8');
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            return undefined;
        }
        throw refusal(error, file);
    }
}

/**
 * Writes the agent's text in the backend: missing folders are made one at a time, none of them a
 * link; the file through a temp file renamed over it, whose descriptor must be at the checked place
 * (a file or folder swapped for a link after the check is refused, not written through).
 */
export async function writeAgentFile(file: AgentFilePath, content: string, limit = AGENT_FILE_LIMIT): Promise<void> {
    if (Buffer.byteLength(content, 'utf8') > limit) {
        throw invalid(`The text for ${file.editorPath} is larger than the limit of ${limit} bytes.`);
    }
    try {
        await makeDirectoriesNoFollow(file.realRoot, path.dirname(file.realPath));
        await writeFileAtomic(file.realPath, content);
    } catch (error) {
        throw refusal(error, file);
    }
}

/** Refusals as JSON-RPC invalid-params errors the agent can show; anything else as it is. */
function refusal(error: unknown, file: AgentFilePath): unknown {
    if (error instanceof FileReadRefusal || error instanceof PathChangedError) {
        return invalid(error.message);
    }
    switch ((error as NodeJS.ErrnoException).code) {
        case 'EISDIR': return invalid(`${file.editorPath} is a directory.`);
        case 'ENOTDIR':
        case 'EEXIST': return invalid(`A part of ${file.editorPath} is a file, not a directory.`);
        default: return error;
    }
}

function invalid(message: string): Error {
    return acpSdk().RequestError.invalidParams(undefined, message);
}
