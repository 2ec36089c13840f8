import * as fs from 'fs';
import * as path from 'path';
import { ancestorAmong, descendantsIn, readProcessTable } from '@ai-cli-companion/node-base';

/** A loopback TCP connection of a CLI session, as the server sees it. */
export interface SessionConnection {
    readonly sessionId: string;
    /** The server's port. */
    readonly serverPort: number;
    /** The client's port (McpSession.remotePort). */
    readonly remotePort: number;
}

/** Which process holds a session's connection, and under which terminal shell it runs. */
export interface SessionProcess {
    readonly sessionId: string;
    readonly pid: number;
    readonly shellPid: number;
    readonly cwd?: string;
}

/**
 * Finds the processes behind CLI sessions from their TCP connections, on Linux through /proc:
 * `/proc/net/tcp{,6}` maps the client's port to a socket inode, `/proc/<pid>/fd` maps the inode
 * to a process, `/proc/<pid>/stat` gives the parent chain up to one of the given shells.
 *
 * Other platforms would need: macOS `lsof -nP -iTCP@127.0.0.1:<port> -sTCP:ESTABLISHED -Fp` (or
 * libproc's proc_pidfdinfo) for the pid and `ps -o ppid= -p <pid>` for the chain; Windows
 * `GetExtendedTcpTable` (what `netstat -ano` prints) for the pid and a Toolhelp32 snapshot for the
 * parents. Without /proc this finder reports nothing and callers fall back to the last terminal.
 */
export class CliProcessFinder {
    constructor(protected readonly procRoot = '/proc') { }

    get supported(): boolean {
        return fs.existsSync(path.join(this.procRoot, 'net', 'tcp'));
    }

    find(connections: readonly SessionConnection[], shellPids: readonly number[]): SessionProcess[] {
        if (!this.supported || connections.length === 0 || shellPids.length === 0) {
            return [];
        }
        const inodes = this.socketInodes(connections);
        if (inodes.size === 0) {
            return [];
        }
        const parents = this.parentMap();
        const results: SessionProcess[] = [];
        for (const shellPid of shellPids) {
            for (const pid of descendantsIn(parents, shellPid)) {
                for (const inode of this.socketsOf(pid)) {
                    const sessionId = inodes.get(inode);
                    if (sessionId && !results.some(r => r.sessionId === sessionId)) {
                        results.push({ sessionId, pid, shellPid, cwd: this.cwdOf(pid) });
                    }
                }
            }
        }
        return results;
    }

    /**
     * The same for sessions that name their process instead of holding a TCP connection (Copilot CLI's
     * X-Copilot-PID, the Codex found by its folder): up its parent chain to one of the shells.
     */
    findByPid(processes: readonly { sessionId: string; pid: number }[], shellPids: readonly number[]): SessionProcess[] {
        if (processes.length === 0 || shellPids.length === 0) {
            return [];
        }
        const parents = this.parentMap();
        return processes.flatMap(({ sessionId, pid }) => {
            const shellPid = ancestorAmong(parents, pid, shellPids);
            return shellPid === undefined ? [] : [{ sessionId, pid, shellPid, cwd: this.cwdOf(pid) }];
        });
    }

    /** The working directory of a process, if it is ours to read. */
    cwdOf(pid: number): string | undefined {
        try {
            return fs.readlinkSync(path.join(this.procRoot, String(pid), 'cwd'));
        } catch {
            return undefined;
        }
    }

    /** The environment a process started with (what a terminal's shell got), if readable. */
    environOf(pid: number): Record<string, string> | undefined {
        try {
            const raw = fs.readFileSync(path.join(this.procRoot, String(pid), 'environ'), 'utf8');
            return Object.fromEntries(raw.split('\0').filter(Boolean).map(entry => {
                const at = entry.indexOf('=');
                return [entry.slice(0, at), entry.slice(at + 1)];
            }));
        } catch {
            return undefined;
        }
    }

    /** Client-side sockets: local port = the session's remote port, remote port = the server's. */
    protected socketInodes(connections: readonly SessionConnection[]): Map<string, string> {
        const wanted = new Map(connections.map(c => [`${c.remotePort}:${c.serverPort}`, c.sessionId]));
        const inodes = new Map<string, string>();
        for (const table of ['tcp', 'tcp6']) {
            let text: string;
            try {
                text = fs.readFileSync(path.join(this.procRoot, 'net', table), 'utf8');
            } catch {
                continue;
            }
            for (const line of text.split('\n').slice(1)) {
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                const fields = line.trim().split(/\s+/);
                if (fields.length < 10) {
                    continue;
                }
                const local = parseInt(fields[1].split(':')[1], 16);
                const remote = parseInt(fields[2].split(':')[1], 16);
                const sessionId = wanted.get(`${local}:${remote}`);
                if (sessionId && fields[9] !== '0') {
                    inodes.set(fields[9], sessionId);
                }
            }
        }
        return inodes;
    }

    protected socketsOf(pid: number): string[] {
        const directory = path.join(this.procRoot, String(pid), 'fd');
        let fds: string[];
        try {
            fds = fs.readdirSync(directory);
        } catch {
            return [];
        }
        const inodes: string[] = [];
        for (const fd of fds) {
            try {
                const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(path.join(directory, fd)));
                if (match) {
                    inodes.push(match[1]);
                }
            } catch {
                // closed meanwhile
            }
        }
        return inodes;
    }

    protected parentMap(): Map<number, number> {
        return readProcessTable(this.procRoot);
    }
}
