import * as fs from 'fs';
import * as path from 'path';
import { findOnPath } from '@ai-cli-companion/acp-client/find-on-path';
import type { AcpTerminalLogin } from '../../common/auth/acp-auth-methods';

/**
 * A terminal sign-in's program as an absolute path, found once with the user's `PATH` (the backend's, or the one
 * the user's own settings give the agent; a method can set no PATH). Theia's terminal server takes a shell only
 * as an executable path and runs the user's `$SHELL` with the same arguments when it is anything else, so a bare
 * `qwen` became `bash <the method's arguments>` (`-c …` ran whatever the agent said). Refused here instead:
 * the window starts only what this returns.
 */
export async function resolveTerminalLogin(login: AcpTerminalLogin, backendEnv: NodeJS.ProcessEnv = process.env):
    Promise<AcpTerminalLogin | { problem: string }> {
    const command = login.command;
    const pathEnv = login.env.PATH ?? backendEnv.PATH;
    let resolved: string | undefined;
    if (path.isAbsolute(command)) {
        resolved = await isExecutableFile(command) ? command : undefined;
    } else if (!command.includes('/') && !command.includes(path.sep)) {
        resolved = await findOnPath(command, { ...backendEnv, PATH: pathEnv });
    } else {
        return { problem: `"${command}" is a relative path: name the agent's program by its absolute path or a name on PATH in aiCliChat.agents.` };
    }
    if (!resolved) {
        return { problem: `"${command}" is not an executable file${path.isAbsolute(command) ? '' : ' on the PATH of Theia\'s backend'}, so the sign-in cannot start it.` };
    }
    return { ...login, command: resolved };
}

async function isExecutableFile(file: string): Promise<boolean> {
    try {
        await fs.promises.access(file, fs.constants.X_OK);
        return (await fs.promises.stat(file)).isFile();
    } catch {
        return false;
    }
}
