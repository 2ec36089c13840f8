import * as fs from 'fs';
import { readRegularFileSync } from '@ai-cli-companion/node-base';
import { DiagnosisCheck } from '../../common/connection-diagnosis';

/** A discovery or lock file read as its CLI reads it, with what is already wrong with its owner and mode. */
export interface PrivateFileReading {
    readonly content: Record<string, unknown>;
    readonly problems: string[];
    /** `owner uid …, mode …`, for the check's details. */
    readonly ownerAndMode: string;
}

/**
 * Reads a CLI's discovery or lock file without following a link or blocking (the folder may be shared, the file
 * a link to a FIFO) and checks that only this user owns and reads it; `secret` names what it holds (token, nonce).
 * A file that cannot be read is the check's answer.
 */
export function readPrivateFile(displayName: string, file: string, uid: number | undefined, secret: string): PrivateFileReading | DiagnosisCheck {
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
        problems.push(`mode ${mode} lets other users read the ${secret}`);
    }
    return { content, problems, ownerAndMode: `owner uid ${stat.uid}, mode ${mode}` };
}
