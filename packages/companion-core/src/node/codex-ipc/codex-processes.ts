import * as fs from 'fs';
import * as path from 'path';

/** Where the running Codex CLIs are: what tells a Codex that asked once from one that has exited. */
export interface CodexProcesses {
    /** The running Codex CLIs whose working directory is `folder` (its real path); empty where processes cannot be read. */
    inFolder(folder: string): number[];
    /** Whether `pid` still runs. */
    alive(pid: number): boolean;
}

/**
 * Codex CLIs found through procfs (Linux): the native binary (the npm launcher `execve`s it) has the
 * command name "codex"; its `app-server` daemon has that name too but is no CLI. Only processes of
 * this user can be read, so only they are found. Without procfs nothing is found.
 */
export class ProcCodexProcesses implements CodexProcesses {
    constructor(private readonly procRoot = '/proc') { }

    inFolder(folder: string): number[] {
        let target: string;
        let names: string[];
        try {
            target = fs.realpathSync(folder);
            names = fs.readdirSync(this.procRoot).filter(name => /^\d+$/.test(name));
        } catch {
            return [];
        }
        return names.filter(name => this.isCodexIn(name, target)).map(Number);
    }

    alive(pid: number): boolean {
        return this.read(String(pid), 'comm')?.trim() === 'codex';
    }

    private isCodexIn(pid: string, folder: string): boolean {
        if (this.read(pid, 'comm')?.trim() !== 'codex') {
            return false;
        }
        const args = this.read(pid, 'cmdline')?.split('\0') ?? [];
        if (args[1] === 'app-server') {
            return false;
        }
        try {
            return fs.readlinkSync(path.join(this.procRoot, pid, 'cwd')) === folder;
        } catch {
            return false; // gone, or another user's
        }
    }

    private read(pid: string, file: string): string | undefined {
        try {
            return fs.readFileSync(path.join(this.procRoot, pid, file), 'utf8');
        } catch {
            return undefined;
        }
    }
}
