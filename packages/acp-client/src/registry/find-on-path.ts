import * as fs from 'fs';
import * as path from 'path';

/**
 * The executable `command` on PATH (PATHEXT on Windows), or undefined.
 * A light entry of its own (`@ai-cli-companion/acp-client/find-on-path`): the chat backend reads it at start,
 * so it imports nothing of the engine.
 */
export async function findOnPath(command: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
    const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
    for (const directory of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
        for (const extension of extensions) {
            const candidate = path.join(directory, command + extension);
            try {
                await fs.promises.access(candidate, fs.constants.X_OK);
                if ((await fs.promises.stat(candidate)).isFile()) {
                    return candidate;
                }
            } catch { }
        }
    }
    return undefined;
}
