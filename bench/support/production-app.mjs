// A production build of browser-app (what scripts/start.sh gives a user: minified, React's production build) in
// bench/.variants/production-app/, so a bench can measure it while browser-app/lib keeps the development build the
// tests use. Built again when missing or older than any package's lib/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_APP, REPO_ROOT } from '../../test/support/theia-app.mjs';
import { newestMtime, packageLibDirs } from './common.mjs';

const APP = path.join(REPO_ROOT, 'bench', '.variants', 'production-app');

/** The production app's folder, built first when needed (about 40 s). */
export function productionApp() {
    const bundle = path.join(APP, 'lib', 'frontend', 'bundle.js');
    if (!fs.existsSync(bundle) || fs.statSync(bundle).mtimeMs < newestMtime(packageLibDirs())) {
        fs.mkdirSync(APP, { recursive: true });
        fs.copyFileSync(path.join(BROWSER_APP, 'package.json'), path.join(APP, 'package.json'));
        console.log('building the production app in bench/.variants/production-app …');
        execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'theia'), ['build', '--mode', 'production'], { cwd: APP, stdio: 'ignore' });
    }
    return APP;
}
