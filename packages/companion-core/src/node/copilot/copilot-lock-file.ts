import * as crypto from 'crypto';
import * as path from 'path';
import { findProfile } from '../../common/client-profiles';
import { DISCOVERY_FILE_MARKER, removeFileQuietly, writePrivateFileAtomic } from '../discovery-file';
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
