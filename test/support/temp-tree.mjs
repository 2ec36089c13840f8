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
    if (root) {
        // A CLI in a terminal of the stopped backend may still be writing its last files for a moment.
        fs.rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
}
