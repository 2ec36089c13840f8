import * as fs from 'fs';
import { readRegularFileSync } from '@ai-cli-companion/node-base';
import { isProcessAlive } from '@ai-cli-companion/core/node';
import { DiagnosisCheck } from '../common/connection-diagnostics-protocol';

/**
 * Copilot CLI's lock file, checked as 1.0.102 reads it: private, a live pid, a socket that exists, the
 * nonce header, and the window's folders (the CLI connects only from inside one of them).
 */
export function copilotLockCheck(displayName: string, file: string, roots: readonly string[], uid: number | undefined): DiagnosisCheck {
    let stat: fs.Stats;
    let content: Record<string, unknown>;
    try {
        const read = readRegularFileSync(file, 64 * 1024);
        stat = read.stat;
        content = JSON.parse(read.bytes.toString('utf8'));
    } catch (error) {
        return { status: 'error', title: `${displayName}: ${file} cannot be read`, details: [(error as Error).message], fix: 'Reload the window to write it again.' };
    }
    const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
    const problems: string[] = [];
    if (uid !== undefined && stat.uid !== uid) {
        problems.push(`owned by uid ${stat.uid}, not by this user (${uid})`);
    }
    if ((stat.mode & 0o077) !== 0) {
        problems.push(`mode ${mode} lets other users read the nonce`);
    }
    const socketPath = typeof content.socketPath === 'string' ? content.socketPath : '';
    if (!fs.lstatSync(socketPath, { throwIfNoEntry: false })?.isSocket()) {
        problems.push(`socketPath "${socketPath}" is not a socket`);
    }
    if (typeof content.pid !== 'number' || !isProcessAlive(content.pid)) {
        problems.push(`its pid ${String(content.pid)} is not running (the CLI skips the file)`);
    }
    const authorization = (content.headers as { Authorization?: unknown } | undefined)?.Authorization;
    if (typeof authorization !== 'string' || !authorization.startsWith('Nonce ')) {
        problems.push('headers.Authorization is not "Nonce <…>"');
    }
    const folders = Array.isArray(content.workspaceFolders) ? content.workspaceFolders.map(String) : [];
    if (roots.some(root => !folders.includes(root))) {
        problems.push(`workspaceFolders ${JSON.stringify(folders)} are not the window's ${JSON.stringify(roots)}`);
    }
    return {
        status: problems.length ? 'error' : 'ok',
        title: `${displayName}: ${file}`,
        details: [`owner uid ${stat.uid}, mode ${mode}`, `socket ${socketPath}, ideName "${String(content.ideName)}", pid ${String(content.pid)}, isTrusted ${String(content.isTrusted)}, nonce present`, ...problems],
        fix: problems.length ? 'Reload the window so the server writes its lock again.' : undefined
    };
}
