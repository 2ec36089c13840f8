// A copy of a built Theia app for a bench variant: every file and folder linked to the original, except the files
// the variant writes itself (its patched bundles). Linked, the copy costs nothing; its backend serves its own frontend.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes `to` (again) from `from`, linking everything but `ownFiles` (paths below the app, such as
 * `lib/backend/main.js`) and the source maps beside them, which the caller then writes.
 */
export function linkedAppCopy(from, to, ownFiles) {
    fs.rmSync(to, { recursive: true, force: true });
    const own = new Set(ownFiles.map(file => path.normalize(file)));
    const ownDirs = new Set([...own].map(file => path.dirname(file)));
    // Every folder above an own file is made, not linked, so its other entries can be linked one by one.
    const ownFolders = new Set([...ownDirs].flatMap(dir => dir.split(path.sep).map((_, i, parts) => parts.slice(0, i + 1).join(path.sep))));
    const link = relative => {
        fs.mkdirSync(path.join(to, relative), { recursive: true });
        for (const entry of fs.readdirSync(path.join(from, relative))) {
            const child = path.join(relative, entry);
            if (ownFolders.has(child)) {
                link(child);
            } else if (!own.has(child) && !(entry.endsWith('.map') && ownDirs.has(relative))) {
                fs.symlinkSync(path.join(from, child), path.join(to, child));
            }
        }
    };
    link('');
}
