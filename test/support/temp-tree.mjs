// Temp folders for a test run and the file trees in them.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Creates a directory tree from `{ 'relative/path': 'content' }`; returns the real (symlink-free) path. */
export function writeTree(root, files) {
    fs.mkdirSync(root, { recursive: true });
    for (const [relative, content] of Object.entries(files)) {
        const file = path.join(root, relative);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, content);
    }
    return fs.realpathSync(root);
}

/** A fresh temp root for one test run; removed by `removeTempRoot`. */
export function makeTempRoot(prefix = 'theia-companion-e2e-') {
    return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export function removeTempRoot(root) {
    if (!root) {
        return;
    }
    // A CLI in a terminal of the stopped backend may still be writing its last files for a moment (claude 2.1.332
    // rewrites ~/.claude.json and its debug log on the way out). rmSync's own retries only retry the rmdir, so a
    // file written after it listed a folder keeps failing it (ENOTEMPTY): then the whole walk is done again.
    for (let attempt = 1; ; attempt++) {
        try {
            fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
            return;
        } catch (error) {
            if (error.code !== 'ENOTEMPTY' || attempt >= 5) {
                throw error;
            }
        }
    }
}
