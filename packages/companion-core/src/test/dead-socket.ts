import { spawnSync } from 'child_process';
import * as fs from 'fs';

/**
 * What a killed backend leaves: a Unix socket file nobody listens on. Closing a Node server would remove
 * the file, so a child process listens and is killed with SIGKILL, as a crashed backend would be.
 */
export function leaveDeadSocket(socketPath: string): void {
    const script = `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`;
    const result = spawnSync(process.execPath, ['-e', script], { stdio: 'ignore', timeout: 20_000 });
    if (result.signal !== 'SIGKILL' || !fs.lstatSync(socketPath).isSocket()) {
        throw new Error(`No dead socket at ${socketPath} (${result.signal ?? result.status})`);
    }
}
