// Builds the Electron target without the downloads `theia build` does for it (the Electron binary
// and ffmpeg): only the npm and Debian registries are reachable here and in CI. The result is the
// same bundle; packaging and launching it need a machine where Electron can be fetched.
const { ApplicationPackageManager } = require('@theia/application-manager');

class OfflineApplicationPackageManager extends ApplicationPackageManager {
    async prepare() { /* skips prepareElectron(): binary and ffmpeg downloads */ }
}

const mode = process.argv.includes('--production') ? 'production' : 'development';
new OfflineApplicationPackageManager({ projectPath: process.cwd() })
    .build(['--mode', mode], { mode })
    .then(() => console.log(`electron-app: offline ${mode} build done`),
        error => { console.error(error); process.exit(1); });
