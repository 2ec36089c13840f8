// A minimal Theia application outside the monorepo that depends on the packed npm tarballs, exactly as
// docs/packaging.md "Add to your Theia app" tells users: file: dependencies instead of registry versions.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './theia-app.mjs';

export const CUSTOM_APP_NAME = 'My Theia App';

/**
 * The tarballs `npm run package` wrote for `@ai-cli-companion/theia` and every package of ours it needs
 * (its dependency closure, from the workspace manifests): `{ '@ai-cli-companion/core': '/…/dist/….tgz', … }`.
 */
export function builtTarballs(root = '@ai-cli-companion/theia') {
    const dist = path.join(REPO_ROOT, 'dist');
    const manifests = new Map(fs.readdirSync(path.join(REPO_ROOT, 'packages'))
        .map(dir => path.join(REPO_ROOT, 'packages', dir, 'package.json'))
        .filter(file => fs.existsSync(file))
        .map(file => JSON.parse(fs.readFileSync(file, 'utf8')))
        .map(manifest => [manifest.name, manifest]));
    const tarballs = {};
    const visit = name => {
        const manifest = manifests.get(name);
        if (!manifest || tarballs[name]) {
            return;
        }
        const file = path.join(dist, `${name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`);
        if (!fs.existsSync(file)) {
            throw new Error(`${file} is missing: run "npm run build && npm run package" at the repository root.`);
        }
        tarballs[name] = file;
        Object.keys(manifest.dependencies ?? {}).forEach(visit);
    };
    visit(root);
    return tarballs;
}

/** package.json of the generated app: the usual IDE packages at 1.74.1 plus our tarballs. */
export function customAppManifest(tarballs) {
    const theiaPackages = ['core', 'editor', 'editor-preview', 'filesystem', 'markers', 'messages', 'monaco', 'navigator',
        'output', 'preferences', 'process', 'terminal', 'workspace'];
    const fileDependencies = Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]));
    return {
        private: true,
        name: 'my-theia-app',
        version: '0.0.0',
        dependencies: {
            ...Object.fromEntries(theiaPackages.map(name => [`@theia/${name}`, '1.74.1'])),
            ...fileDependencies
        },
        // Our packages depend on each other by version; resolve those to the tarballs too.
        overrides: fileDependencies,
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
