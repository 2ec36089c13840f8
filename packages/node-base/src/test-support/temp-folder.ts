import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface TempFolderOptions {
    /** Symbolic links resolved (macOS's /var is /private/var), for specs that compare paths the code resolves. */
    real?: boolean;
}

/** A new, empty, private folder under the system's temp folder, its name starting with `prefix`; remove it with `removeFolder`. */
export function tempFolder(prefix: string, options: TempFolderOptions = {}): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    return options.real ? fs.realpathSync(folder) : folder;
}

/** Removes a folder and all in it; one already gone (or never made: a failed `before`) is no error. For `after` hooks. */
export function removeFolder(folder: string | undefined): void {
    if (folder) {
        fs.rmSync(folder, { recursive: true, force: true });
    }
}
