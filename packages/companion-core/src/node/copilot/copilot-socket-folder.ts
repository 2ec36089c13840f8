import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { removeFileQuietly } from '../discovery-file';
import { HostEnvironment } from '../host-paths';

/**
 * Each server's socket folder is named by `mkdtemp`: this prefix and six random characters. A fixed name
 * (as `ai-cli-companion-<uid>` was) in a shared `/tmp` can be taken first by another user, which switched
 * Copilot off; the lock file carries the socket's path, so the CLI needs no name it could guess.
 */
const SOCKET_FOLDER_PREFIX = 'ai-cli-copilot-';
const SOCKET_FOLDER_NAME = /^ai-cli-copilot-[A-Za-z0-9]{6}$/;
/** One server per folder: the name needs no id, which keeps the path short. */
const SOCKET_NAME = 'copilot.sock';
/** Linux's `sun_path` holds 108 bytes with the NUL, macOS's 104: a longer path is silently cut short. */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Where the socket folders are made: `$XDG_RUNTIME_DIR` when it is a folder of ours that nobody else may
 * enter (as the spec asks of it), else the temp folder. Both keep a socket path under the ~100 bytes a
 * Unix socket allows, which a home folder does not promise.
 */
export function copilotSocketBase(host: HostEnvironment): string {
    const runtime = host.env.XDG_RUNTIME_DIR;
    if (runtime && path.isAbsolute(runtime)) {
        const stat = fs.lstatSync(runtime, { throwIfNoEntry: false });
        if (stat?.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o077) === 0) {
            return runtime;
        }
    }
    return host.tmpdir;
}

/** A fresh socket path in a folder made for it now (`mkdtemp`: a random name, ours, 0700). */
export function newCopilotSocketPath(host: HostEnvironment): string {
    const base = copilotSocketBase(host);
    const length = Buffer.byteLength(path.join(base, `${SOCKET_FOLDER_PREFIX}XXXXXX`, SOCKET_NAME));
    if (length > MAX_SOCKET_PATH_BYTES) {
        throw new Error(`The Copilot CLI socket would need a path of ${length} bytes below ${base}, more than a Unix socket allows (${MAX_SOCKET_PATH_BYTES}). Set TMPDIR to a shorter folder.`);
    }
    return path.join(fs.mkdtempSync(path.join(base, SOCKET_FOLDER_PREFIX)), SOCKET_NAME);
}

/** The socket and its folder; synchronous so it can run in a process 'exit' handler. */
export function removeCopilotSocketSync(socketPath: string): void {
    fs.rmSync(socketPath, { force: true });
    try {
        fs.rmdirSync(path.dirname(socketPath));
    } catch {
        // not empty (not only ours) or already gone: left alone
    }
}

/**
 * Sockets of ours a killed backend left behind, with their folders: only in folders of ours that nobody
 * else may enter, and only sockets nobody listens on (a connect is refused). Their lock files go with the
 * shared stale cleanup (our marker, dead pid).
 */
export async function removeStaleCopilotSockets(host: HostEnvironment): Promise<string[]> {
    const base = copilotSocketBase(host);
    const uid = process.getuid?.();
    const removed: string[] = [];
    for (const folder of listNames(base).filter(name => SOCKET_FOLDER_NAME.test(name))) {
        const directory = path.join(base, folder);
        const stat = fs.lstatSync(directory, { throwIfNoEntry: false });
        if (!stat?.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0) {
            continue;
        }
        const socket = path.join(directory, SOCKET_NAME);
        const found = fs.lstatSync(socket, { throwIfNoEntry: false });
        if (found?.isSocket() && found.uid === uid && !await isListening(socket) && removeFileQuietly(socket)) {
            removed.push(socket);
            removeCopilotSocketSync(socket);
        }
    }
    return removed;
}

function listNames(directory: string): string[] {
    try {
        return fs.readdirSync(directory);
    } catch {
        return [];
    }
}

function isListening(socketPath: string): Promise<boolean> {
    return new Promise(resolve => {
        const socket = net.connect({ path: socketPath });
        socket.once('connect', () => {
            socket.destroy();
            resolve(true);
        });
        socket.once('error', () => resolve(false));
    });
}
