import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

export interface CommandLookup {
    readonly command: string;
    /** Where the command was found, or undefined when neither PATH has it. */
    readonly path?: string;
    /** Which PATH found it: the backend's (what terminals inherit) or a login shell's. */
    readonly foundBy?: 'backend PATH' | 'login shell';
    /** Whether `npm` (for Install with npm) and `npx` (for Run once with npx) can be run. */
    readonly npm: boolean;
    readonly npx: boolean;
}

/** A login shell may read slow profile scripts; past this we report what the backend's PATH says. */
const LOGIN_SHELL_TIMEOUT_MS = 5000;

/**
 * Whether a command exists for the shell of an editor's terminal. Terminals inherit the environment of the
 * process that serves them (Theia's backend, VS Code's extension host), and a login shell may add more (nvm,
 * a user's npm prefix); either counts.
 */
export class CliCommandLookup {
    /**
     * @param shell the shell the editor's terminals start, when the editor has its own setting for it (Theia's
     * THEIA_SHELL); else the user's SHELL.
     */
    constructor(
        protected readonly env: NodeJS.ProcessEnv = process.env,
        protected readonly platform: NodeJS.Platform = process.platform,
        protected readonly shell?: string
    ) { }

    async lookUp(command: string): Promise<CommandLookup> {
        const [found, npm, npx] = await Promise.all([this.locate(command), this.locate('npm'), this.locate('npx')]);
        return { command, ...found, npm: !!npm.path, npx: !!npx.path };
    }

    async locate(command: string): Promise<Pick<CommandLookup, 'path' | 'foundBy'>> {
        const onPath = this.onBackendPath(command);
        if (onPath) {
            return { path: onPath, foundBy: 'backend PATH' };
        }
        const viaShell = await this.inLoginShell(command);
        return viaShell ? { path: viaShell, foundBy: 'login shell' } : {};
    }

    onBackendPath(command: string): string | undefined {
        const extensions = this.platform === 'win32' ? (this.env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
        for (const directory of (this.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
            for (const extension of extensions) {
                const candidate = path.join(directory, command + extension);
                try {
                    fs.accessSync(candidate, fs.constants.X_OK);
                    if (fs.statSync(candidate).isFile()) {
                        return candidate;
                    }
                } catch {
                    // not here
                }
            }
        }
        return undefined;
    }

    /** `command -v` in the user's login shell (the shell an editor's terminals start). */
    inLoginShell(command: string): Promise<string | undefined> {
        if (this.platform === 'win32' || !/^[\w.@/-]+$/.test(command)) {
            return Promise.resolve(undefined);
        }
        const shell = this.shell || this.env.SHELL || '/bin/sh';
        return new Promise(resolve => {
            execFile(shell, ['-lc', 'command -v -- "$0"', command], { env: this.env, timeout: LOGIN_SHELL_TIMEOUT_MS },
                (error, stdout) => {
                    const found = stdout.trim().split('\n').pop();
                    resolve(!error && found && path.isAbsolute(found) ? found : undefined);
                });
        });
    }
}
