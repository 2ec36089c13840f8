import * as crypto from 'crypto';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { findProfile } from '../../common/client-profiles';
import { DISCOVERY_FILE_MARKER, assertPrivateDirectories, removeFileQuietly, writePrivateFileAtomic } from '../discovery-file';
import { HostEnvironment, discoveryBaseDirectory, discoveryDirectory } from '../host-paths';

/** The client profile whose lock files these are. */
export const COPILOT_PROFILE_ID = 'copilot';

/**
 * One window's lock file as Copilot CLI 1.0.102 parses it (all eight fields; `isTrusted` optional there),
 * plus our marker and the backend pid under `ppid`, which the shared stale cleanup reads.
 */
export interface CopilotLockContent {
    readonly socketPath: string;
    readonly scheme: 'pipe';
    readonly headers: { readonly Authorization: string };
    /** The CLI skips a lock whose pid is not running: the backend's, alive exactly as long as the socket. */
    readonly pid: number;
    readonly ideName: string;
    /** ms; a lock younger than 2 s gets a second of connect retries from the CLI. */
    readonly timestamp: number;
    readonly workspaceFolders: readonly string[];
    readonly isTrusted: boolean;
    readonly ppid: number;
    readonly [DISCOVERY_FILE_MARKER]: string;
}

/** The lock folder: `$COPILOT_HOME/ide`, else `~/.copilot/ide` (what 1.0.102 scans). */
export function copilotLockDirectory(host: HostEnvironment): string {
    return discoveryDirectory(findProfile(COPILOT_PROFILE_ID)!, host);
}

/**
 * Where our sockets live: a folder of our own, 0700, below the temp folder (a Unix socket path has to stay
 * under ~100 bytes, which a home folder does not promise).
 */
export function copilotSocketDirectory(host: HostEnvironment): string {
    const uid = process.getuid?.() ?? 0;
    return path.join(host.tmpdir, `ai-cli-companion-${uid}`);
}

/** A fresh socket path in our folder, which is created (0700) and checked to be ours and private. */
export function newCopilotSocketPath(host: HostEnvironment, id: string): string {
    const directory = copilotSocketDirectory(host);
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    assertPrivateDirectories(host.tmpdir, directory);
    return path.join(directory, `copilot-${id}.sock`);
}

/** The random secret of one lock, sent back by the CLI as `Authorization: Nonce <it>` on every request. */
export function newNonce(): string {
    return crypto.randomBytes(32).toString('base64url');
}

/**
 * A window's lock file: written private (0600 from its first byte, then renamed into place) in a folder
 * that must be ours, rewritten when the window's folders or trust change, removed when the server stops.
 */
export class CopilotLockFile {
    readonly id = crypto.randomUUID();
    private written: string | undefined;

    constructor(private readonly host: HostEnvironment) { }

    get path(): string {
        return path.join(copilotLockDirectory(this.host), `${this.id}.lock`);
    }

    /** The file if it is on disk now. */
    get file(): string | undefined {
        return this.written;
    }

    write(content: CopilotLockContent): void {
        const target = this.path;
        writePrivateFileAtomic(target, JSON.stringify(content), discoveryBaseDirectory(findProfile(COPILOT_PROFILE_ID)!, this.host));
        this.written = target;
    }

    /** Synchronous so it can run in a process 'exit' handler. */
    removeSync(): void {
        if (this.written) {
            removeFileQuietly(this.written);
            this.written = undefined;
        }
    }
}

/**
 * Sockets of ours a killed backend left behind: in our own folder only, and only those nobody listens on
 * (a connect is refused). Their lock files go with the shared stale cleanup (our marker, dead pid).
 */
export async function removeStaleCopilotSockets(host: HostEnvironment): Promise<string[]> {
    const directory = copilotSocketDirectory(host);
    let names: string[];
    try {
        assertPrivateDirectories(host.tmpdir, directory);
        names = fs.readdirSync(directory).filter(name => /^copilot-[0-9a-f-]{36}\.sock$/.test(name));
    } catch {
        return [];
    }
    const removed: string[] = [];
    for (const name of names) {
        const socket = path.join(directory, name);
        const stat = fs.lstatSync(socket, { throwIfNoEntry: false });
        if (stat?.isSocket() && stat.uid === process.getuid?.() && !await isListening(socket) && removeFileQuietly(socket)) {
            removed.push(socket);
        }
    }
    return removed;
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
