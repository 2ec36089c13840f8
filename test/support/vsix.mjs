import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, THEIA_IDE_APP } from './theia-app.mjs';

/** The .vsix `npm run package` wrote into dist/; fails with the command that makes it. */
export function builtVsix() {
    const dist = path.join(REPO_ROOT, 'dist');
    const files = fs.existsSync(dist) ? fs.readdirSync(dist).filter(name => name.endsWith('.vsix')) : [];
    if (files.length !== 1) {
        throw new Error(`Expected exactly one .vsix in ${dist}, found ${files.length}: run "npm run build && npm run package" at the repository root.`);
    }
    return path.join(dist, files[0]);
}

/** The Theia IDE-shaped app must be installed and built (scripts/prepare-theia-ide-app.sh does both). */
export function requireTheiaIdeApp() {
    if (!fs.existsSync(path.join(THEIA_IDE_APP, 'lib', 'backend', 'main.js'))) {
        throw new Error(`${THEIA_IDE_APP} is not built: run "bash scripts/prepare-theia-ide-app.sh" (scripts/test.sh does).`);
    }
    return THEIA_IDE_APP;
}

/** The parent pid of a process, from /proc (Linux only; these tests run on Linux). */
export function parentPid(pid) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
