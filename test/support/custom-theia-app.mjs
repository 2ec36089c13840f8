// A minimal Theia application outside the monorepo that depends on the packed npm tarballs, exactly as
// README "Add to your Theia app" tells users: file: dependencies instead of registry versions.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './theia-app.mjs';

export const CUSTOM_APP_NAME = 'My Theia App';

/** The tarballs `npm run package` wrote, by package name. */
export function builtTarballs() {
    const dist = path.join(REPO_ROOT, 'dist');
    const find = prefix => {
        const names = fs.existsSync(dist) ? fs.readdirSync(dist).filter(name => name.startsWith(prefix) && name.endsWith('.tgz')) : [];
        if (names.length !== 1) {
            throw new Error(`Expected one ${prefix}*.tgz in ${dist}, found ${names.length}: run "npm run build && npm run package" at the repository root.`);
        }
        return path.join(dist, names[0]);
    };
    return { core: find('ai-cli-companion-core-'), theia: find('ai-cli-companion-theia-') };
}

/** package.json of the generated app: the usual IDE packages at 1.74.1 plus our two tarballs. */
export function customAppManifest({ core, theia }) {
    const theiaPackages = ['core', 'editor', 'editor-preview', 'filesystem', 'markers', 'messages', 'monaco', 'navigator',
        'output', 'preferences', 'process', 'terminal', 'workspace'];
    return {
        private: true,
        name: 'my-theia-app',
        version: '0.0.0',
        dependencies: {
            ...Object.fromEntries(theiaPackages.map(name => [`@theia/${name}`, '1.74.1'])),
            '@ai-cli-companion/theia': `file:${theia}`,
            '@ai-cli-companion/core': `file:${core}`
        },
        // The Theia extension depends on "@ai-cli-companion/core": "<version>"; resolve it to the tarball too.
        overrides: { '@ai-cli-companion/core': `file:${core}` },
        devDependencies: { '@theia/cli': '1.74.1' },
        scripts: { build: 'theia build --mode development', start: 'theia start' },
        theia: { target: 'browser', frontend: { config: { applicationName: CUSTOM_APP_NAME } } }
    };
}

/** Writes, installs and builds the app in `dir`; returns the app folder. Logs each step's duration. */
export function createCustomApp(dir, tarballs, log = console.log) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(customAppManifest(tarballs), undefined, 2)}\n`);
    const env = { ...process.env, PUPPETEER_SKIP_DOWNLOAD: 'true', ELECTRON_SKIP_BINARY_DOWNLOAD: '1', npm_config_update_notifier: 'false' };
    for (const [what, command, args] of [
        ['npm install', 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']],
        ['theia build', path.join(dir, 'node_modules', '.bin', 'theia'), ['build', '--mode', 'development']]
    ]) {
        const started = Date.now();
        try {
            execFileSync(command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
        } catch (error) {
            throw new Error(`${what} failed in ${dir}:\n${String(error.stdout ?? '').slice(-3000)}\n${String(error.stderr ?? '').slice(-3000)}`);
        }
        log(`      ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return dir;
}
