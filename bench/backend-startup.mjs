// Theia backend start time with and without @ai-cli-companion/theia.
//
//   node bench/backend-startup.mjs [--runs=15] [--rebuild] [--no-variants] [--no-plain] [--other-bundle=main.js] [--json=out.json]
//
// "with":    browser-app/ (the repo's app), built with `theia build --mode development`.
// "without": bench/.baseline-app/, generated here from browser-app/package.json minus
//            @ai-cli-companion/theia and built by the same Theia CLI (same @theia packages, same
//            bundler settings), so the only difference is our extension.
// Each run starts `node lib/backend/main.js <ws> --hostname 127.0.0.1 --port 0` with a fresh
// HOME/TMPDIR, and measures spawn → "Theia app listening" and spawn → first 200 on GET /, plus the
// backend's own milestones. Runs alternate with/without; the first pair is a discarded warm-up.
// Two diagnostic variants (text patches of a copy of the "with" bundle, in bench/.variants/) split
// the added time: "bundle only" never loads our module (bigger bundle to read and compile), and
// "no initialize" loads and evaluates it but its BackendApplicationContribution.initialize does nothing.
// "plain Theia" (bench/.plain-app/, unless --no-plain) has none of our three extensions: "with" against it
// is what all of them together add to the start (the AI chat brings Theia's own AI packages along).
// --other-bundle=<main.js>: another build of browser-app's backend (say, before a change) as one more app.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR, REPO_DIR, flag, fmt, hrtimeMs, makeIsolatedDirs, median, newestMtime, numberArg, packageLibDirs, percentile, sleep, stringArg, table, writeJsonResult } from './support/common.mjs';

const TARGET_ADDED_MS = 50;
const OUR_EXTENSION = '@ai-cli-companion/theia';
const WITH_APP = path.join(REPO_DIR, 'browser-app');
const WITHOUT_APP = path.join(BENCH_DIR, '.baseline-app');
/** The same app without any of our packages (the companion, the Agent API, the AI chat agents and what they bring). */
const PLAIN_APP = path.join(BENCH_DIR, '.plain-app');
const OUR_SCOPE = '@ai-cli-companion/';
const THEIA_CLI = path.join(REPO_DIR, 'node_modules/.bin/theia');
const VARIANTS_DIR = path.join(BENCH_DIR, '.variants');

/** Diagnostic copies of the "with" backend bundle; undefined when a patch no longer applies. */
const VARIANT_PATCHES = {
    'bundle only': {
        label: 'bundle only (our module never loaded)',
        patch: text => replaceOnce(text, 'await load(require_companion_backend_module());', '/* bench: not loaded */')
    },
    // Issue 23 part 12: what @theia/ai-mcp (in the apps for the chat's MCP servers) adds to the start. Its code stays in the
    // bundle; its backend module is neither evaluated nor loaded into the container.
    'no ai-mcp': {
        label: 'without @theia/ai-mcp\'s backend module',
        patch: text => replaceOnce(text, 'await load(require_mcp_backend_module());', '/* bench: not loaded */')
    },
    'no initialize': {
        label: 'loaded, initialize() no-op',
        patch: text => replaceOnce(text, 'process.once("exit", () => this.removeAllDiscoveryFilesSync());', 'return; /* bench: no endpoint */')
    }
};

function replaceOnce(text, search, replacement) {
    const index = text.indexOf(search);
    if (index < 0 || text.indexOf(search, index + 1) >= 0) {
        return undefined;
    }
    return text.slice(0, index) + replacement + text.slice(index + search.length);
}

/** bench/.variants/<name>/: symlinks to browser-app's files, except a patched lib/backend/main.js. */
function makeVariant(name, withMain) {
    const source = fs.readFileSync(withMain, 'utf8');
    const patched = VARIANT_PATCHES[name].patch(source);
    if (patched === undefined) {
        console.log(`note: variant "${name}" skipped, its patch no longer matches the bundle`);
        return undefined;
    }
    return mirrorWithMain(name, patched, VARIANT_PATCHES[name].label);
}

function mirrorWithMain(name, mainText, label) {
    const dir = path.join(VARIANTS_DIR, name.replace(/\W+/g, '-'));
    fs.rmSync(dir, { recursive: true, force: true });
    const mirror = (from, to, keep) => {
        fs.mkdirSync(to, { recursive: true });
        for (const entry of fs.readdirSync(from)) {
            if (!keep(entry)) {
                fs.symlinkSync(path.join(from, entry), path.join(to, entry));
            }
        }
    };
    mirror(WITH_APP, dir, entry => entry === 'lib');
    mirror(path.join(WITH_APP, 'lib'), path.join(dir, 'lib'), entry => entry === 'backend');
    mirror(path.join(WITH_APP, 'lib/backend'), path.join(dir, 'lib/backend'), entry => entry.startsWith('main.js'));
    fs.writeFileSync(path.join(dir, 'lib/backend/main.js'), mainText);
    return { dir, bundleBytes: Buffer.byteLength(mainText), label };
}

/** browser-app's backend bundle, built in development mode when missing (or with `rebuild`); warns when it is older than the packages' lib/. */
export function ensureWithApp({ rebuild = false, log = console.log } = {}) {
    const withMain = path.join(WITH_APP, 'lib/backend/main.js');
    if (rebuild || !fs.existsSync(withMain)) {
        log(`building ${path.relative(REPO_DIR, WITH_APP)} (theia build --mode development)…`);
        build(WITH_APP, ['build', '--mode', 'development']);
    } else if (newestMtime(packageLibDirs()) > fs.statSync(withMain).mtimeMs) {
        log(`warning: ${path.relative(REPO_DIR, withMain)} is older than the packages' lib/; pass --rebuild to measure the current code.`);
    }
    return { withMain, appPackage: JSON.parse(fs.readFileSync(path.join(WITH_APP, 'package.json'), 'utf8')) };
}

export async function ensureApps({ rebuild = false, variants = true, plain = true, otherBundle = undefined, log = console.log } = {}) {
    const { withMain, appPackage } = ensureWithApp({ rebuild, log });
    if (!appPackage.dependencies?.[OUR_EXTENSION]) {
        throw new Error(`${WITH_APP}/package.json does not depend on ${OUR_EXTENSION}`);
    }
    const withoutMain = ensureAppWithout(WITHOUT_APP, appPackage, name => name === OUR_EXTENSION, OUR_EXTENSION, { rebuild, log });
    // Sanity: the generated backends differ by exactly our module.
    const serverWith = fs.readFileSync(path.join(WITH_APP, 'src-gen/backend/server.js'), 'utf8');
    const serverWithout = fs.readFileSync(path.join(WITHOUT_APP, 'src-gen/backend/server.js'), 'utf8');
    const loads = text => text.split('\n').filter(line => line.includes('await load(require('));
    const extra = loads(serverWith).filter(line => !loads(serverWithout).includes(line));
    const missing = loads(serverWithout).filter(line => !loads(serverWith).includes(line));
    if (missing.length || extra.length !== 1 || !extra[0].includes(OUR_EXTENSION)) {
        throw new Error(`the two backends differ by more than ${OUR_EXTENSION}: +${extra.join(', ')} -${missing.join(', ')}`);
    }
    const apps = {
        with: { dir: WITH_APP, bundleBytes: fs.statSync(withMain).size, label: 'with companion' },
        without: { dir: WITHOUT_APP, bundleBytes: fs.statSync(withoutMain).size, label: 'without' }
    };
    if (plain) {
        const plainMain = ensureAppWithout(PLAIN_APP, appPackage, name => name.startsWith(OUR_SCOPE), `any ${OUR_SCOPE}* package`, { rebuild, log });
        if (fs.readFileSync(path.join(PLAIN_APP, 'src-gen/backend/server.js'), 'utf8').includes(OUR_SCOPE)) {
            throw new Error(`${PLAIN_APP} still loads one of our backend modules`);
        }
        apps.plain = { dir: PLAIN_APP, bundleBytes: fs.statSync(plainMain).size, label: 'plain Theia (none of our 3 extensions)' };
    }
    if (otherBundle) {
        // Another build of browser-app's backend (e.g. before a change), run on this app's files.
        apps.other = mirrorWithMain('other bundle', fs.readFileSync(otherBundle, 'utf8'), `other bundle (${otherBundle})`);
    }
    if (variants) {
        for (const name of Object.keys(VARIANT_PATCHES)) {
            const variant = makeVariant(name, withMain);
            if (variant) {
                apps[name] = variant;
            }
        }
    }
    return apps;
}

/**
 * `dir`: browser-app's package.json minus the dependencies `drop` names, built by the same Theia CLI when it changed.
 * `notLoaded`: extension packages whose modules the generated frontend and backend must not load even though another
 * package still brings them in (Theia collects extensions transitively); their lines go from src-gen and the app is
 * bundled again (their code stays in the bundle only where another module imports it).
 */
export function ensureAppWithout(dir, appPackage, drop, what, { rebuild, log, notLoaded = [] }) {
    const generated = {
        private: true,
        name: `bench-${path.basename(dir).replace(/^\./, '')}`,
        version: '0.0.0',
        description: `Generated by bench/backend-startup.mjs from browser-app/package.json without ${what}; do not edit.`,
        dependencies: Object.fromEntries(Object.entries(appPackage.dependencies).filter(([name]) => !drop(name))),
        devDependencies: appPackage.devDependencies,
        theia: appPackage.theia,
        ...(notLoaded.length ? { benchNotLoaded: notLoaded } : {})
    };
    const packageFile = path.join(dir, 'package.json');
    const wanted = JSON.stringify(generated, null, 2) + '\n';
    const current = fs.existsSync(packageFile) ? fs.readFileSync(packageFile, 'utf8') : '';
    const main = path.join(dir, 'lib/backend/main.js');
    // The baseline bundles our other packages too: one built before their lib/ changed measures old code.
    const stale = fs.existsSync(main) && newestMtime(packageLibDirs()) > fs.statSync(main).mtimeMs;
    if (rebuild || current !== wanted || !fs.existsSync(main) || stale) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(packageFile, wanted);
        log(`building ${path.relative(REPO_DIR, dir)} (same app without ${what})…`);
        build(dir, ['build', '--mode', 'development', '--app-target', 'browser']);
        if (dropModuleLoads(dir, notLoaded)) {
            log(`  bundling again without the modules of ${notLoaded.join(', ')}…`);
            buildWith(process.execPath, dir, ['esbuild.mjs', '--mode', 'development']);
        }
    }
    return main;
}

/** Takes the `load(…)` lines of `packages` out of the generated frontend and backend; whether there were any. */
function dropModuleLoads(dir, packages) {
    let dropped = false;
    for (const file of ['src-gen/frontend/index.js', 'src-gen/backend/server.js'].map(name => path.join(dir, name))) {
        const lines = fs.readFileSync(file, 'utf8').split('\n');
        const kept = lines.filter(line => !(/\bload\(/.test(line) && packages.some(name => line.includes(`'${name}/`))));
        if (kept.length !== lines.length) {
            fs.writeFileSync(file, kept.join('\n'));
            dropped = true;
        }
    }
    return dropped;
}

function build(cwd, args) {
    buildWith(THEIA_CLI, cwd, args);
}

function buildWith(command, cwd, args) {
    const started = Date.now();
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) {
        throw new Error(`${path.basename(command)} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
    }
    console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}


/** Env of the backend: isolated HOME/TMPDIR, nothing inherited that points at another IDE server. */
function backendEnv(home, tmp) {
    const env = Object.fromEntries(Object.entries(process.env)
        .filter(([key]) => !/^(GEMINI_CLI_IDE_|QWEN_CODE_IDE_|LLXPRT_CODE_IDE_|TERM_PROGRAM|THEIA_)/.test(key)));
    return { ...env, HOME: home, USERPROFILE: home, TMPDIR: tmp, XDG_CONFIG_HOME: path.join(home, '.config') };
}

const MILESTONES = {
    entryLoaded: /Backend main: entry point loaded \[([\d.]+) s/,
    modulesLoaded: /Backend server: modules loaded \[([\d.]+) s/,
    startupCompleted: /startup sequence completed.*\[([\d.]+) s since backend process start\]/
};

/**
 * One backend start with a fresh HOME/TMPDIR/workspace: spawn → listening line → first 200 on GET /; then it is stopped.
 * `workspaceFiles`: relative path → text. `whileUp({ port, ws })`: awaited before the stop; its answer is `result.whileUp`.
 */
export async function startOnce(app, { workspaceFiles = { 'README.md': '# bench\n' }, whileUp } = {}) {
    const { home, tmp, ws, cleanup } = makeIsolatedDirs('bench-startup');
    for (const [name, text] of Object.entries(workspaceFiles)) {
        fs.mkdirSync(path.dirname(path.join(ws, name)), { recursive: true });
        fs.writeFileSync(path.join(ws, name), text);
    }

    const result = { internal: {} };
    const t0 = hrtimeMs();
    const child = spawn(process.execPath, ['lib/backend/main.js', ws, '--hostname', '127.0.0.1', '--port', '0'], {
        cwd: app.dir, env: backendEnv(home, tmp), detached: true, stdio: ['ignore', 'pipe', 'pipe']
    });
    let output = '';
    const exited = new Promise(resolve => child.once('exit', (code, signal) => resolve({ code, signal })));
    const listening = new Promise((resolve, reject) => {
        const onData = chunk => {
            output += chunk.toString();
            const now = hrtimeMs();
            const match = /Theia app listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
            if (match && result.listenMs === undefined) {
                result.listenMs = now - t0;
                result.listenCpuMs = mainThreadCpuMs(child.pid);
                resolve(Number(match[1]));
            }
            if (result.companionMs === undefined && /IDE companion listening on 127\.0\.0\.1:\d+/.test(output)) {
                result.companionMs = now - t0;
            }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        exited.then(({ code, signal }) => reject(new Error(`backend exited early (${code ?? signal}):\n${output.slice(-2000)}`)));
    });
    const timeout = setTimeout(() => killGroup(child, 'SIGKILL'), 60_000);
    try {
        const port = await listening;
        for (; ;) {
            const status = await get(port, '/').catch(() => 0);
            if (status === 200) {
                result.firstGetMs = hrtimeMs() - t0;
                break;
            }
            if (hrtimeMs() - t0 > 60_000) {
                throw new Error('GET / never answered 200');
            }
            await sleep(2);
        }
        if (whileUp) {
            clearTimeout(timeout); // the 60 s were the backend's; whileUp keeps its own time limits
            result.whileUp = await whileUp({ port, ws });
        }
        // Wait (briefly) for the milestone that follows the listening line.
        for (let i = 0; i < 100 && !MILESTONES.startupCompleted.test(output); i++) {
            await sleep(5);
        }
    } finally {
        clearTimeout(timeout);
        killGroup(child, 'SIGTERM');
        const forced = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(forced);
        cleanup();
    }
    for (const [name, regex] of Object.entries(MILESTONES)) {
        const match = regex.exec(output);
        result.internal[name] = match ? Number(match[1]) * 1000 : undefined;
    }
    return result;
}

/** CPU time of the process's main thread so far (Linux: /proc/<pid>/schedstat, ns); undefined elsewhere. */
function mainThreadCpuMs(pid) {
    try {
        return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
        return undefined;
    }
}

function killGroup(child, signal) {
    try {
        process.kill(-child.pid, signal);
    } catch {
        // already gone
    }
}

function get(port, urlPath) {
    return new Promise((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, response => {
            response.resume();
            response.on('end', () => resolve(response.statusCode));
        });
        request.on('error', reject);
        request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    });
}

export async function main() {
    const runs = numberArg('runs', 15);
    const started = Date.now();
    const apps = await ensureApps({ rebuild: flag('rebuild'), variants: !flag('no-variants'), plain: !flag('no-plain'), otherBundle: stringArg('other-bundle') });
    const order = Object.keys(apps);
    const samples = Object.fromEntries(order.map(variant => [variant, []]));
    // One discarded warm-up round (page cache, first-run costs), then rounds over all variants,
    // rotating which one goes first.
    for (let i = -1; i < runs; i++) {
        const shift = ((i % order.length) + order.length) % order.length;
        for (const variant of [...order.slice(shift), ...order.slice(0, shift)]) {
            const run = await startOnce(apps[variant]);
            if (i >= 0) {
                samples[variant].push(run);
            }
        }
    }

    const pick = (variant, fn) => samples[variant].map(fn).filter(value => value !== undefined);
    // Added time = median over rounds of (variant − without) in the same round: a round runs every
    // variant back to back, so a slow phase of the machine hits both sides of a difference.
    const paired = (variant, fn) => median(samples[variant].map((run, i) => fn(run) - fn(samples.without[i]))
        .filter(value => !Number.isNaN(value)));
    const metrics = [
        ['spawn → "Theia app listening"', run => run.listenMs],
        ['  main-thread CPU until "listening"', run => run.listenCpuMs ?? NaN],
        ['spawn → first 200 on GET /', run => run.firstGetMs],
        ['backend: entry point loaded', run => run.internal.entryLoaded ?? NaN],
        ['backend: modules loaded', run => run.internal.modulesLoaded ?? NaN],
        ['backend: startup sequence completed', run => run.internal.startupCompleted ?? NaN]
    ];
    const rows = [[`ms; median (p25–p75) of ${runs} runs`, 'with companion', 'without', 'added (paired median)', 'added (diff of minima)']];
    const summary = {};
    const spread = values => {
        const sorted = [...values].sort((x, y) => x - y);
        return `${fmt(median(values), 1)} (${fmt(percentile(sorted, 25), 0)}–${fmt(percentile(sorted, 75), 0)})`;
    };
    for (const [label, fn] of metrics) {
        const withValues = pick('with', fn).filter(v => !Number.isNaN(v));
        const withoutValues = pick('without', fn).filter(v => !Number.isNaN(v));
        const added = paired('with', fn);
        const addedMin = Math.min(...withValues) - Math.min(...withoutValues);
        summary[label.trim()] = { with: median(withValues), without: median(withoutValues), addedMs: added, addedMinMs: addedMin };
        rows.push([label, spread(withValues), spread(withoutValues), fmt(added, 1), fmt(addedMin, 1)]);
    }
    const companion = pick('with', run => run.companionMs);
    const addedListen = summary['spawn → "Theia app listening"'].addedMs;
    const addedGet = summary['spawn → first 200 on GET /'].addedMs;

    console.log(`\n## Theia backend start (browser-app, --mode development; ${runs} interleaved rounds, fresh HOME per run)\n`);
    console.log(table(rows));
    console.log(`\nAdded to "listening": ${fmt(addedListen, 1)} ms, to first GET /: ${fmt(addedGet, 1)} ms; target ≤ ${TARGET_ADDED_MS} ms: ` +
        `${Math.max(addedListen, addedGet) <= TARGET_ADDED_MS ? 'met' : 'MISSED'}`);
    console.log(`IDE companion listening (spawn → its log line), median: ${fmt(median(companion), 1)} ms (${companion.length}/${runs} runs logged it)`);
    // Ratios of medians (the target: ≤ 1.03× the same app without the extension).
    const ratio = (variant, base, fn) => median(pick(variant, fn)) / median(pick(base, fn));
    const ratios = { listen: ratio('with', 'without', run => run.listenMs), listenCpu: ratio('with', 'without', run => run.listenCpuMs ?? NaN) };
    console.log(`Ratio with / without (medians): "listening" ${fmt(ratios.listen, 3)}×, main-thread CPU ${fmt(ratios.listenCpu, 3)}×; target ≤ 1.03×: ` +
        `${Math.max(ratios.listen, ratios.listenCpu) <= 1.03 ? 'met' : 'MISSED'}`);
    if (apps.plain) {
        const againstPlain = fn => median(samples.with.map((run, i) => fn(run) - fn(samples.plain[i])).filter(value => !Number.isNaN(value)));
        ratios.plain = {
            addedListenMs: againstPlain(run => run.listenMs), addedCpuMs: againstPlain(run => run.listenCpuMs ?? NaN),
            listen: ratio('with', 'plain', run => run.listenMs), listenCpu: ratio('with', 'plain', run => run.listenCpuMs ?? NaN)
        };
        const signed = value => `${value >= 0 ? '+' : ''}${fmt(value, 1)}`;
        console.log(`All three of our extensions against plain Theia: "listening" ${signed(ratios.plain.addedListenMs)} ms (paired median), ` +
            `${fmt(ratios.plain.listen, 3)}× (medians); main-thread CPU ${signed(ratios.plain.addedCpuMs)} ms, ${fmt(ratios.plain.listenCpu, 3)}×`);
    }

    if (apps['no ai-mcp']) {
        const mcpAdded = fn => median(samples.with.map((run, i) => fn(run) - fn(samples['no ai-mcp'][i])).filter(value => !Number.isNaN(value)));
        ratios.aiMcp = {
            addedListenMs: mcpAdded(run => run.listenMs), addedCpuMs: mcpAdded(run => run.listenCpuMs ?? NaN),
            listen: ratio('with', 'no ai-mcp', run => run.listenMs), listenCpu: ratio('with', 'no ai-mcp', run => run.listenCpuMs ?? NaN)
        };
        console.log(`@theia/ai-mcp's backend module (with / without it, same run): "listening" ${fmt(ratios.aiMcp.addedListenMs, 1)} ms ` +
            `(paired median), ${fmt(ratios.aiMcp.listen, 3)}× (medians); main-thread CPU ${fmt(ratios.aiMcp.addedCpuMs, 1)} ms, ${fmt(ratios.aiMcp.listenCpu, 3)}×`);
    }

    // Where the added time goes: every variant against "without", milestone by milestone.
    const attribution = [['variant: added ms vs without (paired medians)', 'bundle MB', 'entry point loaded', 'modules loaded', 'startup completed', '"listening"', 'CPU to "listening"', 'GET / 200']];
    const variantSummary = {};
    for (const variant of order) {
        const added = {
            entryLoaded: paired(variant, run => run.internal.entryLoaded ?? NaN),
            modulesLoaded: paired(variant, run => run.internal.modulesLoaded ?? NaN),
            startupCompleted: paired(variant, run => run.internal.startupCompleted ?? NaN),
            listen: paired(variant, run => run.listenMs),
            listenCpu: paired(variant, run => run.listenCpuMs ?? NaN),
            firstGet: paired(variant, run => run.firstGetMs)
        };
        variantSummary[variant] = { label: apps[variant].label, bundleBytes: apps[variant].bundleBytes, addedMs: added };
        if (variant !== 'without') {
            attribution.push([apps[variant].label, fmt(apps[variant].bundleBytes / 1048576, 2), fmt(added.entryLoaded, 1), fmt(added.modulesLoaded, 1),
                fmt(added.startupCompleted, 1), fmt(added.listen, 1), fmt(added.listenCpu, 1), fmt(added.firstGet, 1)]);
        }
    }
    if (order.length > 2) {
        console.log('');
        console.log(table(attribution));
    }
    console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
    writeJsonResult({
        bench: 'backend-startup', runs, targetAddedMs: TARGET_ADDED_MS, summary, ratios,
        bundleBytes: Object.fromEntries(order.map(variant => [variant, apps[variant].bundleBytes])),
        variants: variantSummary,
        companionListeningMedianMs: median(companion), companionLoggedRuns: companion.length,
        raw: Object.fromEntries(order.map(variant => [variant, samples[variant].map(run => ({
            listenMs: run.listenMs, listenCpuMs: run.listenCpuMs, firstGetMs: run.firstGetMs, ...run.internal
        }))]))
    });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
    await main();
}
