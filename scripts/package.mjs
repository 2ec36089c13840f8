// Release artefacts into dist/: one npm tarball per publishable workspace package (non-private, under
// packages/) and one .vsix per VS Code extension package (`engines.vscode`). Nothing that does not run
// ships: tarballs are packed from a staged copy without specs and their maps; the .vsix is an esbuild
// bundle packed with `vsce --no-dependencies`. Run after `npm run build`; never prompts, never publishes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const rootManifest = readJson(path.join(root, 'package.json'));
/** Test code that a package's `files` would otherwise take along (lib/x.spec.js, x.spec-support.ts, maps). */
const NOT_SHIPPED = /(\.spec[.-]|(^|\/)test\/|\.tsbuildinfo$)/;

fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(dist, { recursive: true });

const packages = fs.readdirSync(path.join(root, 'packages'))
    .map(name => path.join(root, 'packages', name))
    .filter(dir => fs.existsSync(path.join(dir, 'package.json')))
    .map(dir => ({ dir, manifest: readJson(path.join(dir, 'package.json')) }));

const produced = [];
for (const { dir, manifest } of packages) {
    if (manifest.engines?.vscode) {
        produced.push(packVsix(dir, manifest));
    } else if (!manifest.private) {
        produced.push(packTarball(dir, manifest));
    }
}
console.log(`\n${produced.length} artefacts in dist/:\n${produced.map(file => `  ${path.basename(file)}`).join('\n')}`);

function packTarball(dir, manifest) {
    const problems = missingFields(dir, manifest, ['name', 'version', 'description', 'license']);
    if (!manifest.files) {
        problems.push('"files" (an allow-list of what ships)');
    }
    fail(manifest.name, problems);
    // The file list npm itself would pack, minus test code, copied to a staging folder.
    const [listing] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], dir));
    const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'package-stage-'));
    try {
        for (const { path: file } of listing.files) {
            if (!NOT_SHIPPED.test(file) && !(file.endsWith('.map') && NOT_SHIPPED.test(file.slice(0, -4)))) {
                fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
                fs.copyFileSync(path.join(dir, file), path.join(stage, file));
            }
        }
        // The repository is the monorepo's, with the package's folder: filled in once, here.
        const staged = { ...manifest, repository: manifest.repository ?? { ...rootManifest.repository, directory: path.relative(root, dir) } };
        delete staged.devDependencies;
        fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(staged, undefined, 2)}\n`);
        const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dist], stage));
        console.log(`${manifest.name}@${manifest.version}: ${packed.entryCount} files, ${packed.size} bytes`);
        return path.join(dist, packed.filename);
    } finally {
        fs.rmSync(stage, { recursive: true, force: true });
    }
}

function packVsix(dir, manifest) {
    fail(manifest.name, missingFields(dir, manifest, ['name', 'version', 'publisher', 'description', 'license', 'repository', 'main']));
    const file = path.join(dist, `${manifest.name}-${manifest.version}.vsix`);
    // --no-dependencies: everything is bundled; vsce's npm listing breaks on hoisted workspaces.
    run(path.join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--out', file], dir);
    // python3 is already a build dependency (node-gyp); unzip may not be installed.
    const entries = run('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', file], dir)
        .split('\n').filter(Boolean);
    const unwanted = entries.filter(entry => /node_modules\/|\.spec\.|\.ts$|\.map$|(^|\/)src\//.test(entry));
    fail(path.basename(file), unwanted.map(entry => `must not ship ${entry}`));
    console.log(`${manifest.publisher}.${manifest.name}@${manifest.version}: ${entries.join(', ')}`);
    return file;
}

function missingFields(dir, manifest, fields) {
    const problems = fields.filter(field => !manifest[field]).map(field => `"${field}" in package.json`);
    if (!fs.existsSync(path.join(dir, 'README.md'))) {
        problems.push('README.md');
    }
    const entry = manifest.main && path.join(dir, manifest.main);
    if (entry && !fs.existsSync(entry) && !fs.existsSync(`${entry}.js`) && !manifest.engines?.vscode) {
        problems.push(`${manifest.main} (run npm run build first)`);
    }
    return problems;
}

function fail(what, problems) {
    if (problems.length > 0) {
        console.error(`Cannot package ${what}: missing or wrong:\n${problems.map(p => `  - ${p}`).join('\n')}`);
        process.exit(1);
    }
}

function run(command, args, cwd) {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, npm_config_update_notifier: 'false' } });
}

function readJson(file) {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
}
