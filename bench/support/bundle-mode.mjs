// Which bundle browser-app/lib holds: `theia build --mode development` (npm run build:browser, the tests) links a source
// map and bundles React's development build; `--mode production` (npm run build:browser:production, scripts/start.sh)
// minifies. The figures differ a lot, so every bench in the browser says which one it measured.
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_APP } from '../../test/support/theia-app.mjs';

/** A development bundle ends with its source map link (esbuild leaves an old .map file behind, so the file is no sign). */
export function bundleMode(file = path.join(BROWSER_APP, 'lib', 'frontend', 'bundle.js')) {
    const size = fs.statSync(file).size;
    const tail = Buffer.alloc(Math.min(200, size));
    const fd = fs.openSync(file, 'r');
    try {
        fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    } finally {
        fs.closeSync(fd);
    }
    return tail.toString().includes('sourceMappingURL=') ? 'development' : 'production';
}
