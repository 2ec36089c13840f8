import * as fs from 'fs';
import { isProcessAlive } from '../process-info';
import { DiagnosisCheck } from '../../common/connection-diagnosis';
import { readPrivateFile } from './private-file-check';

/**
 * Copilot CLI's lock file, checked as 1.0.102 reads it: private, a live pid, a socket that exists, the
 * nonce header, and the window's folders (the CLI connects only from inside one of them).
 */
export function copilotLockCheck(displayName: string, file: string, roots: readonly string[], uid: number | undefined): DiagnosisCheck {
    const reading = readPrivateFile(displayName, file, uid, 'nonce');
    if (!('content' in reading)) {
        return reading;
    }
    const { content, problems } = reading;
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
        details: [reading.ownerAndMode, `socket ${socketPath}, ideName "${String(content.ideName)}", pid ${String(content.pid)}, isTrusted ${String(content.isTrusted)}, nonce present`, ...problems],
        fix: problems.length ? 'Reload the window so the server writes its lock again.' : undefined
    };
}
