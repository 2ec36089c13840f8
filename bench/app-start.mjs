// Start cost of the workbench packages of issue 33 part 7: @theia/getting-started (the welcome page, with our agents
// section), @theia/search-in-workspace and @theia/outline-view, on a first start (fresh HOME, fresh browser context:
// the welcome page opens, and our first-start layout opens the Explorer).
//
//   node bench/app-start.mjs [--runs=8] [--rebuild] [--json=out.json]
//
// "now":    browser-app/ as `npm run build:browser` built it (development mode; the bench says which bundle it found).
// "before": bench/.before-welcome-app/, browser-app/package.json minus the three packages, built by the same Theia CLI
//           in development mode. Theia collects extensions transitively: @ai-cli-companion/theia still brings
//           @theia/getting-started (its welcome page patch imports the widget), so the generated app is bundled again
//           without the getting-started modules' load lines; @theia/monaco brings @theia/outline-view, which it needs
//           (its outline contribution injects the outline's services), so the outline view was there before part 7 as
//           well and stays. Our first-start layout (open the Explorer) is part of our package and runs in both.
// Each run (backend-startup.mjs's startOnce: fresh HOME/TMPDIR/workspace) measures spawn → "Theia app listening" and
// spawn → first 200 on GET /, then opens the page in a new browser context of Debian's Chromium: navigation start →
// first-contentful-paint, and navigation start → the workbench ready (Theia's `.theia-preload` gone and
// `#theia-app-shell` visible: FrontendApplication removes the preload in revealShell, right before its 'ready' state).
// Pairs alternate which app goes first; one warm-up pair is discarded. No assertions on timings.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchChromium } from '../test/support/theia-app.mjs';
import { ensureAppWithout, ensureWithApp, startOnce } from './backend-startup.mjs';
import { bundleMode } from './support/bundle-mode.mjs';
import { BENCH_DIR, REPO_DIR, flag, fmt, median, numberArg, summarize, table, writeJsonResult } from './support/common.mjs';

const PART_7_PACKAGES = ['@theia/getting-started', '@theia/search-in-workspace', '@theia/outline-view'];
const BEFORE_APP = path.join(BENCH_DIR, '.before-welcome-app');
const PAGE_TIMEOUT_MS = 120_000;
/** How long after 'ready' the "now" app has to show the welcome page (it opens once the shell is ready). */
const WELCOME_TIMEOUT_MS = 30_000;
const WORKSPACE_FILES = {
    'README.md': '# sample\n\nA small workspace for the start bench.\n',
    'src/hello.js': 'export function hello(name) {\n    return `Hello, ${name}!`;\n}\n',
    'package.json': '{ "name": "sample", "version": "1.0.0", "type": "module" }\n'
};

const MEASURES = [
    ['backend: spawn → "Theia app listening"', run => run.listenMs],
    ['backend: spawn → first 200 on GET /', run => run.firstGetMs],
    ['page: navigation start → first-contentful-paint', run => run.whileUp.fcpMs],
    ['page: navigation start → workbench ready (preload gone, shell visible)', run => run.whileUp.readyMs]
];

/** Stamps, on the page's clock (navigation start = 0), the first moment the preload is gone with the shell visible, and the welcome page's agents section. */
function stampReady({ welcome }) {
    const stamps = globalThis.__benchStart = {};
    const visible = selector => document.querySelector(selector)?.checkVisibility?.() === true;
    const check = () => {
        if (stamps.readyMs === undefined && document.querySelector('#theia-app-shell') && !document.querySelector('.theia-preload') && visible('#theia-app-shell')) {
            stamps.readyMs = performance.now();
        }
        if (stamps.welcomeMs === undefined && visible('.ai-cli-welcome')) {
            stamps.welcomeMs = performance.now();
        }
        if (stamps.readyMs !== undefined && (!welcome || stamps.welcomeMs !== undefined)) {
            observer.disconnect();
        }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
}

/** The page on a running backend, in a fresh browser context: FCP, ready and (when the app has it) the welcome page. */
async function measurePage(browser, port, ws, expectWelcome) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
        await context.addInitScript(stampReady, { welcome: expectWelcome });
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${port}/#${ws}`, { timeout: PAGE_TIMEOUT_MS, waitUntil: 'commit' });
        await page.waitForFunction(() => globalThis.__benchStart?.readyMs !== undefined, null, { timeout: PAGE_TIMEOUT_MS, polling: 50 });
        if (expectWelcome) {
            await page.waitForFunction(() => globalThis.__benchStart.welcomeMs !== undefined, null, { timeout: WELCOME_TIMEOUT_MS, polling: 50 });
        }
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: WELCOME_TIMEOUT_MS, polling: 50 });
        return page.evaluate(() => ({ ...globalThis.__benchStart, fcpMs: performance.getEntriesByName('first-contentful-paint')[0].startTime }));
    } finally {
        await context.close();
    }
}

const runs = numberArg('runs', 8);
const started = Date.now();
const { appPackage } = ensureWithApp({ rebuild: flag('rebuild') });
const missing = PART_7_PACKAGES.filter(name => !appPackage.dependencies?.[name]);
if (missing.length) {
    throw new Error(`browser-app/package.json does not depend on ${missing.join(', ')}: nothing to compare`);
}
ensureAppWithout(BEFORE_APP, appPackage, name => PART_7_PACKAGES.includes(name), PART_7_PACKAGES.join(', '),
    { rebuild: flag('rebuild'), log: console.log, notLoaded: ['@theia/getting-started'] });
const apps = {
    now: { dir: path.join(REPO_DIR, 'browser-app'), welcome: true },
    before: { dir: BEFORE_APP, welcome: false }
};
const loaded = dir => Object.fromEntries(PART_7_PACKAGES.map(name => [name, fs.readFileSync(path.join(dir, 'src-gen/frontend/index.js'), 'utf8').includes(`'${name}/`)]));
for (const [name, app] of Object.entries(apps)) {
    app.mode = bundleMode(path.join(app.dir, 'lib/frontend/bundle.js'));
    app.loads = loaded(app.dir);
    console.log(`${name}: ${path.relative(REPO_DIR, app.dir)}, ${app.mode} bundle; frontend loads ${Object.entries(app.loads).map(([pkg, yes]) => `${pkg} ${yes ? 'yes' : 'no'}`).join(', ')}`);
}

const browser = await launchChromium();
const samples = { now: [], before: [] };
try {
    for (let i = -1; i < runs; i++) {
        for (const name of (i % 2 === 0 ? ['now', 'before'] : ['before', 'now'])) {
            const run = await startOnce(apps[name], {
                workspaceFiles: WORKSPACE_FILES,
                whileUp: ({ port, ws }) => measurePage(browser, port, ws, apps[name].welcome)
            });
            if (i >= 0) {
                samples[name].push(run);
            }
        }
        console.log(i < 0 ? 'warm-up pair done' : `pair ${i + 1}/${runs} done`);
    }
} finally {
    await browser.close();
}

const signed = value => `${value >= 0 ? '+' : ''}${fmt(value, 1)}`;
const summary = {};
const rows = [[`ms, ${runs} pairs (first start)`, 'before: median / p90', 'now: median / p90', 'ratio now / before (medians)', 'paired median difference']];
for (const [label, fn] of MEASURES) {
    const stats = Object.fromEntries(['before', 'now'].map(name => {
        const values = samples[name].map(fn);
        return [name, { median: median(values), p90: summarize(values).p90 }];
    }));
    const paired = median(samples.now.map((run, i) => fn(run) - fn(samples.before[i])));
    summary[label] = { ...stats, ratio: stats.now.median / stats.before.median, pairedDifferenceMs: paired };
    rows.push([label, `${fmt(stats.before.median, 1)} / ${fmt(stats.before.p90, 1)}`, `${fmt(stats.now.median, 1)} / ${fmt(stats.now.p90, 1)}`,
        `${fmt(summary[label].ratio, 3)}×`, signed(paired)]);
}
const welcome = samples.now.map(run => run.whileUp.welcomeMs);
console.log(`\n## Start cost of ${PART_7_PACKAGES.join(', ')} (before: bench/.before-welcome-app; now: browser-app, ${apps.now.mode} bundle)\n`);
console.log(table(rows));
console.log(`\nnow only: navigation start → the welcome page's agents section visible (it opens once the shell is ready), median ${fmt(median(welcome), 1)} ms, ` +
    `p90 ${fmt(summarize(welcome).p90, 1)} ms`);
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
writeJsonResult({
    bench: 'app-start', runs, packages: PART_7_PACKAGES,
    apps: Object.fromEntries(Object.entries(apps).map(([name, app]) => [name, { dir: path.relative(REPO_DIR, app.dir), mode: app.mode, loads: app.loads }])),
    summary, welcomeMedianMs: median(welcome),
    raw: Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, list.map(run => ({
        listenMs: run.listenMs, firstGetMs: run.firstGetMs, fcpMs: run.whileUp.fcpMs, readyMs: run.whileUp.readyMs, welcomeMs: run.whileUp.welcomeMs
    }))]))
});
