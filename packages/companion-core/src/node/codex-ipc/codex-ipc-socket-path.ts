import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Where Codex looked for its IDE router up to 0.169 and still looks second: `std::env::temp_dir()/codex-ipc/ipc-<uid>.sock`,
 * i.e. `$TMPDIR` or `/tmp` (not Node's `os.tmpdir()`, which also reads TMP and TEMP).
 */
export function codexSocketPath(env: NodeJS.ProcessEnv = process.env, uid: number = currentUid()): string {
    return path.join(env.TMPDIR || '/tmp', 'codex-ipc', `ipc-${uid}.sock`);
}

/**
 * Where Codex 0.171 looks first (openai/codex #31347): `<codex home>/ipc/ipc.sock`, the home as codex-rs
 * `find_codex_home` finds it — `$CODEX_HOME` (it must be a folder; Codex canonicalizes it), else `$HOME/.codex`.
 * Undefined when that folder does not exist: Codex then cannot connect there and goes on to the TMPDIR path,
 * and a user who never ran Codex gets no `~/.codex` made by us.
 */
export function codexHomeSocketPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
    let home = env.CODEX_HOME ? env.CODEX_HOME : path.join(env.HOME || os.homedir(), '.codex');
    try {
        home = env.CODEX_HOME ? fs.realpathSync(home) : home;
        return fs.statSync(home).isDirectory() ? path.join(home, 'ipc', 'ipc.sock') : undefined;
    } catch {
        return undefined;
    }
}

/** Every path where Codex looks, in its order: the codex home's socket first, then the TMPDIR one. */
export function codexSocketPaths(env: NodeJS.ProcessEnv = process.env, uid: number = currentUid()): string[] {
    const first = codexHomeSocketPath(env);
    return [...(first ? [first] : []), codexSocketPath(env, uid)];
}

/** `sun_path` holds 108 bytes on Linux, 104 on macOS, with the final NUL; Node would bind a longer path cut short. */
export function socketPathTooLong(socketPath: string): string | undefined {
    const max = process.platform === 'linux' ? 107 : 103;
    const length = Buffer.byteLength(socketPath);
    return length > max ? `${socketPath} is ${length} bytes, longer than a Unix socket path can be (${max}): left alone` : undefined;
}

export function currentUid(): number {
    return process.getuid ? process.getuid() : -1;
}

/**
 * The folder must be a real directory of ours that nobody else can enter: the CLI refuses one that is
 * not (owner, `mode & 0o022`), and since Node cannot read `SO_PEERCRED`, the 0700 folder is what keeps
 * other users from connecting to us or from planting a socket we would connect to. Returns an error
 * for a folder we must leave alone.
 */
export function preparePrivateDirectory(directory: string, uid: number = currentUid()): string | undefined {
    try {
        fs.mkdirSync(directory, { mode: 0o700 });
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
            return `cannot create ${directory}: ${(error as Error).message}`;
        }
    }
    const stat = fs.lstatSync(directory, { throwIfNoEntry: false });
    if (!stat || !stat.isDirectory()) {
        return `${directory} is not a directory (a symbolic link or a file): left alone`;
    }
    if (stat.uid !== uid) {
        return `${directory} belongs to user ${stat.uid}, not to us: left alone`;
    }
    if ((stat.mode & 0o077) !== 0) {
        fs.chmodSync(directory, 0o700); // ours, made by an older run or another Codex client with a looser umask
    }
    return undefined;
}

export type SocketPathState =
    | { readonly kind: 'absent' }
    | { readonly kind: 'socket'; readonly ino: number }
    | { readonly kind: 'foreign'; readonly reason: string };

/** What is at the socket path: nothing, a socket of ours, or something we must not touch. */
export function inspectSocketPath(socketPath: string, uid: number = currentUid()): SocketPathState {
    const stat = fs.lstatSync(socketPath, { throwIfNoEntry: false });
    if (!stat) {
        return { kind: 'absent' };
    }
    if (!stat.isSocket()) {
        return { kind: 'foreign', reason: `${socketPath} exists and is not a socket: left alone` };
    }
    if (stat.uid !== uid) {
        return { kind: 'foreign', reason: `${socketPath} belongs to user ${stat.uid}: left alone` };
    }
    return { kind: 'socket', ino: stat.ino };
}

/** Removes the socket only if it is still the one we saw (`ino`): another app may have replaced it. */
export function unlinkSocketIfSame(socketPath: string, ino: number): boolean {
    const stat = fs.lstatSync(socketPath, { throwIfNoEntry: false });
    if (!stat || !stat.isSocket() || stat.ino !== ino) {
        return false;
    }
    try {
        fs.unlinkSync(socketPath);
        return true;
    } catch {
        return false;
    }
}
