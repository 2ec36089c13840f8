// ACP agents in Theia's AI chat: the built browser-app in Chromium, `@GeminiCLI` driving the real
// `gemini --acp` on a loopback fake Gemini API (the harness of test/e2e/acp-chat.spec.mjs).
//  1. answer → screen: the fake writes a marker chunk in the middle of a streamed answer → a
//     MutationObserver in the page sees the marker in the chat view (and the next frame after it).
//  2. prompt → first token: a click on the chat's send button → the answer's first chunk in the
//     chat view, against a direct ACP client (bench/support/direct-acp-client.mjs) of another
//     `gemini --acp` on the same fake: prompt sent → first agent_message_chunk. Interleaved rounds,
//     alternating which goes first, after a warm-up; both sessions' histories grow alike.
//     Also the click → the sent message in the chat's tree (what the user sees first).
//  3. a 1 MB answer streamed in 4 KB chunks: the longest main-thread task in the page while it
//     renders (PerformanceObserver 'longtask', which reports tasks ≥ 50 ms), in a new chat session,
//     from the send click on (typing the prompt into Monaco is not the answer's rendering).
//
//  4. a hostile agent's floods (issue 21), each in a new chat session from the tiny test agent
//     (test/support/tiny-acp-agent.mjs): one 200 KB message chunk without whitespace, one of 1 MB, and
//     40,000 tool_call updates written at once: the longest main-thread task from the send click until
//     a second after the turn ends, target ≤ 200 ms.
//
//   node bench/acp-chat-latency.mjs [--answers=15] [--rounds=10] [--warmup=2] [--big-kb=1024] [--floods-only] [--flood=tools] [--without=store]
//       [--profile=page.cpuprofile] [--profile-first=first.cpuprofile] [--profile-floods=floods.cpuprofile] [--hops] [--production] [--json=out.json]
//
// --profile writes a CPU profile of the page while the big answer renders (a diagnostic: the
// profiler slows the page, so that run's figures are not comparable); see support/profile-summary.mjs, and
// support/profile-windows.mjs for what each long task consists of.
// --profile-first does the same for the page during the prompt → first token rounds, --profile-floods for each
// flood (one file per load, named after its prompt). --flood=<text> runs only the floods whose prompt contains it.
// --hops runs a copy of the app whose backend stamps the prompt and the updates as they pass (support/hop-trace.mjs)
// and prints the first token's time hop by hop, beside the direct client's own hops. --production measures a
// production build of the app (support/production-app.mjs, built when missing or stale) instead of browser-app/lib;
// with --without=<patch>, that build without the patch.
//
// One clock: performance.timeOrigin + performance.now() in this process and in the page; the page's
// offset to this process is measured by round trips (the least-delayed one wins) and reported.
// No assertions: figures only.
//
// The chat's Theia patches with and without (issue 22 part 3): `node bench/chat-patches.mjs --runs=3 --rounds=10`
// runs this bench (--answers=0 --warmup=1 --flood=tools) on the bundle and on each variant that leaves one patch out
// (--without=<patch>, support/patch-variants.mjs), interleaved run by run. 2026-11-26 21:34–22:01Z, development
// bundle, 2 cores (load average 0–3: helpers editing). Medians over 3 runs (min–max), ms. first token = send click →
// first token in the chat view, p50 of 10 rounds (the direct ACP client's p50 of the same runs); to socket = click →
// the prompt's WebSocket frame, p50; 1 MB = a 1 MB answer in 256 chunks, longest main-thread task (0: none ≥ 50 ms)
// and the sum of long tasks; 40k tools = 40,000 tool_call updates at once, the same.
// | variant                | first token (direct) | to socket      | 1 MB longest / sum   | 40k tools longest / sum | verdict |
// | all patches            | 68.0 (13.6)          | 0.8 (0.6–1.0)  | 66 (0–91) / 226      | 94 (72–134) / 760       |         |
// | without rpc            | 66.6 (12.0)          | 0.7 (0.7–0.9)  | 105 (65–160) / 275   | 115 (78–141) / 664      | dropped: no benefit (the prompt already leaves at the gesture) |
// | without store          | 66.8 (13.9)          | 0.8 (0.7–0.8)  | 143 (94–333) / 559   | 119 (100–222) / 500     | kept: the 1 MB answer's auto-saves block longer without it |
// | without representation | 54.1 (13.3)          | 0.7 (0.7–0.8)  | 66 (0–104) / 120     | 98 (90–224) / 448       | dropped: no benefit |
// | without tree           | 84.2 (17.8)          | 1.1 (0.9–1.2)  | 169 (131–192) / 1059 | 136 (135–198) / 1048    | kept: later first token, longer tasks without it |
// | without input          | 131.0 (18.3)         | 23.0 (18–28)   | 93 (73–221) / 294    | 152 (97–335) / 1002     | kept: the prompt leaves ~22 ms later without it |
// rpc (ImmediateRpcProxyFactory) and representation (joinTextOnDemand) were removed after this run
// (theia-patches/UPSTREAM.md, "Dropped"); the bench can no longer make those two variants.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { geminiAcpSettings } from '../test/support/agent-api-process.mjs';
import { CliHome } from '../test/support/cli-home.mjs';
import { startAcpTheiaBackend } from '../test/support/acp-theia-backend.mjs';
import { TheiaChat } from '../test/support/theia-chat.mjs';
import { BROWSER_APP, REPO_ROOT, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, writeTree, waitUntil } from '../test/support/theia-app.mjs';
import { startDirectGeminiClient } from './support/direct-acp-client.mjs';
import { PATCH_VARIANTS, makePatchVariant } from './support/patch-variants.mjs';
import { hopsOf, makeHopTraceVariant } from './support/hop-trace.mjs';
import { productionApp } from './support/production-app.mjs';
import { StreamingFakeGeminiApi } from './support/streaming-fake-gemini.mjs';
import { bundleMode } from './support/bundle-mode.mjs';
import { flag, fmt, numberArg, sleep, stringArg, summarize, table, writeJsonResult } from './support/common.mjs';

const ANSWERS = numberArg('answers', 15);
const ROUNDS = numberArg('rounds', 10);
const WARMUP = numberArg('warmup', 2);
const BIG_KB = numberArg('big-kb', 1024);
const SESSION_ROUNDS = 4; // prompts per chat session, so the newest answer is always rendered in view
const TARGETS = { answerP50Ms: 50, firstTokenRatio: 1.1, firstTokenAddedMs: 20, longestTaskMs: 100, floodLongestTaskMs: 200 };
const FLOODS_ONLY = flag('floods-only');
/** Only the floods whose prompt contains this (say `tools`); `none` runs none. */
const FLOOD_FILTER = stringArg('flood', '');
/** A Theia patch of the chat left out of the bundle (support/patch-variants.mjs), for its with/without figures. */
const WITHOUT = stringArg('without', undefined);
/** The first token's hops through the backend (support/hop-trace.mjs): a diagnostic row set under the table. */
const HOPS = flag('hops');
if (WITHOUT && HOPS) {
    throw new Error('--without and --hops each make their own copy of the app: use one at a time');
}
const TINY_AGENT = path.join(REPO_ROOT, 'test', 'support', 'tiny-acp-agent.mjs');
/** Issue 21's loads: what the tiny agent is asked, and what it sends. */
const FLOODS = [
    { prompt: 'flood-text 200', label: 'one 200 KB message chunk without whitespace' },
    { prompt: 'flood-text 1024', label: 'one 1 MB message chunk without whitespace' },
    { prompt: 'flood-tools 40000', label: '40,000 tool_call updates written at once' }
];
const now = () => performance.timeOrigin + performance.now();
// `theia build --mode development` (npm run build:browser, the tests) links a source map and bundles React's
// development build; `--mode production` (npm run build:browser:production, scripts/start.sh) minifies.
/** --production: measure a production build of the app (support/production-app.mjs) instead of browser-app/lib. */
const APP = flag('production') ? productionApp() : BROWSER_APP;
const BUNDLE_MODE = bundleMode(path.join(APP, 'lib', 'frontend', 'bundle.js'));
const APP_NAME = APP === BROWSER_APP ? 'browser-app/lib' : path.relative(REPO_ROOT, APP);

/** Runs in the page: a watcher for one text in the chat view, the send click's time, long tasks. */
function installChatProbes() {
    const stamp = () => performance.timeOrigin + performance.now();
    const view = document.querySelector('#chat-view-widget');
    const bench = window.__chatBench = { watching: undefined, seenAt: undefined, frameAt: undefined, clickAt: 0, longTasks: [], promptText: undefined };
    document.addEventListener('click', () => { bench.clickAt = stamp(); bench.sentAt = undefined; bench.requestAt = undefined; }, true);
    // When the prompt leaves the page: the first WebSocket frame after the click that carries its text
    // (socket.io writes a call's binary payload in a frame after its header).
    const send = WebSocket.prototype.send;
    const decoder = new TextDecoder();
    const text = data => typeof data === 'string' ? data : ArrayBuffer.isView(data) ? decoder.decode(data) : data instanceof ArrayBuffer ? decoder.decode(new Uint8Array(data)) : '';
    WebSocket.prototype.send = function (...args) {
        if (bench.promptText && bench.sentAt === undefined && text(args[0]).includes(bench.promptText)) {
            bench.sentAt = stamp();
        }
        return send.apply(this, args);
    };
    // Only what each mutation added is searched: the whole view's text on every mutation would be the
    // probe's own work in the very task it times.
    const holds = (node, what) => (node.nodeType === Node.TEXT_NODE ? node.data : node.textContent ?? '').includes(what);
    // The sent message in the chat's tree (not the input it was typed in), once the click happened.
    const outsideInput = node => !(node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement)?.closest('.theia-ChatInput');
    const observer = new MutationObserver(records => {
        const sent = bench.clickAt && bench.requestAt === undefined && bench.promptText;
        if (sent && records.some(r => outsideInput(r.target) && (r.type === 'characterData' ? holds(r.target, sent) : [...r.addedNodes].some(node => holds(node, sent))))) {
            bench.requestAt = stamp();
        }
        const what = bench.watching;
        if (what && records.some(r => r.type === 'characterData' ? holds(r.target, what) : [...r.addedNodes].some(node => holds(node, what)))) {
            bench.seenAt = stamp();
            bench.watching = undefined;
            // The frame that paints it: rAF runs before that frame's paint, the task after it follows it.
            requestAnimationFrame(() => setTimeout(() => { bench.frameAt = stamp(); }));
        }
    });
    observer.observe(view, { subtree: true, childList: true, characterData: true });
    bench.watch = text => Object.assign(bench, { watching: text, seenAt: undefined, frameAt: undefined });
    // Phase 3 renders 1 MB: searching the view's text on every mutation would be our own long task.
    bench.stopWatching = () => observer.disconnect();
    bench.recordLongTasks = () => {
        bench.longTasks = [];
        new PerformanceObserver(list => bench.longTasks.push(...list.getEntries().map(e => ({ start: e.startTime, duration: e.duration }))))
            .observe({ type: 'longtask' });
    };
}

/** Runs in the page while it is profiled: a ~50 ms busy loop in a function of a known name, whose first sample
 * ties the profile's clock to the page's (support/profile-windows.mjs). */
function markProfileClock() {
    const start = performance.now();
    while (performance.now() - start < 50) {
        // busy: the profiler samples this function
    }
    window.__chatBench.clockMark = performance.timeOrigin + start;
}

/** The page clock's offset to ours, from the round trip with the smallest delay. */
async function clockOffset(page) {
    let best = { rtt: Infinity, offset: 0 };
    for (let i = 0; i < 30; i++) {
        const before = now();
        const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
        const after = now();
        if (after - before < best.rtt) {
            best = { rtt: after - before, offset: pageNow - (before + after) / 2 };
        }
    }
    return best;
}

/** Waits for the page to have seen the watched text; undefined (a miss) if it never showed. */
async function seen(page, chat, what) {
    try {
        return await waitUntil(() => page.evaluate(() => { const b = window.__chatBench; return b.frameAt && { seenAt: b.seenAt, frameAt: b.frameAt, clickAt: b.clickAt, sentAt: b.sentAt, requestAt: b.requestAt }; }),
            { what: `${what} in the chat view`, timeout: 10_000 });
    } catch {
        await chat.scrollToEnd();
        console.log(`miss: ${what} was not seen by the observer (${(await chat.view.textContent()).includes(what) ? 'it is in the view now' : 'not in the view'})`);
        return undefined;
    }
}

/** The chat tree renders only what is in view: a new chat session every few rounds keeps the answer in it.
 * Its ACP session is made by an untimed first prompt. */
async function freshSession(fake, chat) {
    await chat.newSession();
    fake.enqueue({ text: 'Fresh session.' });
    await chat.type('@GeminiCLI new session');
    await chat.submit();
    await chat.waitUntilIdle();
}

/** ~`kb` KB of markdown paragraphs with varied words (gemini's loop detection stops repeated text). */
function bigMarkdown(kb) {
    const words = ['chat', 'agent', 'stream', 'render', 'markdown', 'theia', 'gemini', 'chunk', 'editor', 'token', 'model', 'answer',
        'protocol', 'session', 'update', 'client', 'process', 'browser', 'widget', 'layout', 'frame', 'buffer', 'latency', 'task'];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    let text = '';
    for (let line = 1; text.length < kb * 1024; line++) {
        const sentence = Array.from({ length: 10 }, () => words[next() % words.length]).join(' ');
        text += `Line ${line}: ${sentence} **${words[next() % words.length]}** \`${next() % 100000}\`.${line % 8 === 0 ? '\n\n' : '\n'}`;
    }
    return text.slice(0, kb * 1024);
}

const root = makeTempRoot('bench-acp-chat-');
const workspace = writeTree(path.join(root, 'workspace'), { 'README.md': '# bench\n' });
const directHome = CliHome.create('bench-acp-chat-direct-');
directHome.setUpGemini(geminiAcpSettings());
let fake, backend, browser, window, direct;
const answers = { dom: [], frame: [] };
const first = { chat: [], direct: [], chatToSocket: [], chatToRequest: [], chatToModel: [], directToModel: [], directAnswers: [] };
const hopTraceFile = path.join(os.tmpdir(), `bench-acp-chat-hops-${process.pid}.jsonl`); // outlives the temp root
/** With --hops: each timed chat round's click, model request and first token, on this process's clock. */
const hopRounds = [];
const big = {};
let clock, missed;
try {
    fake = await StreamingFakeGeminiApi.start();
    backend = await startAcpTheiaBackend({ root, workspace, gemini: fake, app: (WITHOUT && makePatchVariant(WITHOUT, APP)) || (HOPS && makeHopTraceVariant(hopTraceFile, APP)) || APP, settings: {
        'aiCliChat.agents': [{ name: 'TinyAgent', command: process.execPath, args: [TINY_AGENT], description: 'The test agent that sends the floods' }]
    } });
    browser = await launchChromium();
    window = await TheiaWindow.open(browser, backend, workspace);
    const page = window.page;
    const chat = new TheiaChat(window);
    await chat.open();
    await page.evaluate(installChatProbes);
    if (!FLOODS_ONLY) {
        direct = await startDirectGeminiClient(fake, directHome, now);
        // Warm the chat's agent (process start, session/new) outside every timed interval.
        fake.enqueue({ text: 'Warmed up.' });
        await chat.send('@GeminiCLI warm up');
        await chat.waitForText('Warmed up.');
        await chat.waitUntilIdle();
        clock = await clockOffset(page);

        // 1. The fake writes a marker chunk → the page sees it.
        missed = { answers: 0, first: 0 };
        for (let i = 0; i < WARMUP + ANSWERS; i++) {
            if (i % SESSION_ROUNDS === 0) {
                await freshSession(fake, chat);
            }
            const marker = `Marker${i}x`;
            let writtenAt;
            fake.enqueue({
                live: async send => {
                    await send(`Answer ${i} starts. `);
                    await sleep(300); // the first chunk is rendered and settled before the timed one
                    writtenAt = now();
                    await send(`${marker} `);
                    await sleep(100);
                    await send('and ends.', true);
                }
            });
            await chat.scrollToEnd();
            await page.evaluate(text => window.__chatBench.watch(text), marker);
            await chat.send(`@GeminiCLI answer ${i}`);
            await chat.waitUntilIdle();
            const stamps = await seen(page, chat, marker);
            if (i >= WARMUP && !stamps) {
                missed.answers++;
            } else if (i >= WARMUP) {
                answers.dom.push(stamps.seenAt - clock.offset - writtenAt);
                answers.frame.push(stamps.frameAt - clock.offset - writtenAt);
            }
        }

        // 2. Prompt → first token: the chat against a direct ACP client, interleaved.
        const firstProfileFile = stringArg('profile-first', undefined);
        const firstCdp = firstProfileFile && await page.context().newCDPSession(page);
        if (firstCdp) {
            await firstCdp.send('Profiler.enable');
            await firstCdp.send('Profiler.setSamplingInterval', { interval: 200 });
            await firstCdp.send('Profiler.start');
            await page.evaluate(markProfileClock);
        }
        const firstWindows = [];
        for (let round = 0; round < WARMUP + ROUNDS; round++) {
            if (round % SESSION_ROUNDS === 0) {
                await freshSession(fake, chat);
            }
            const order = round % 2 === 0 ? ['direct', 'chat'] : ['chat', 'direct'];
            for (const which of order) {
                const token = `Token${round}${which}x`;
                fake.enqueue({ chunks: [`${token} `, 'is the first chunk; this is the rest.'] });
                let ms;
                const arrivalsBefore = fake.chatArrivals.length;
                if (which === 'direct') {
                    const sentAt = now();
                    ms = await direct.firstContent(`round ${round}`);
                    if (round >= WARMUP) {
                        first.directToModel.push(fake.chatArrivals[arrivalsBefore] - sentAt);
                        first.directAnswers.push(sentAt + ms - fake.chatArrivals[arrivalsBefore]);
                    }
                } else {
                    await chat.scrollToEnd();
                    await page.evaluate(([text, prompt]) => { window.__chatBench.watch(text); window.__chatBench.promptText = prompt; }, [token, `round ${round}`]);
                    await chat.type(`@GeminiCLI round ${round}`);
                    await chat.submit();
                    await chat.waitUntilIdle();
                    const stamps = await seen(page, chat, token);
                    ms = stamps && stamps.seenAt - stamps.clickAt;
                    if (stamps && round >= WARMUP) {
                        firstWindows.push({ label: `round ${round}`, start: stamps.clickAt, duration: ms });
                    }
                    if (stamps && round >= WARMUP) {
                        // Where the time goes: before the model is asked, and from then to the screen.
                        first.chatToModel.push(fake.chatArrivals[arrivalsBefore] - (stamps.clickAt - clock.offset));
                        hopRounds.push({ clickAt: stamps.clickAt - clock.offset, modelAt: fake.chatArrivals[arrivalsBefore], seenAt: stamps.seenAt - clock.offset });
                        if (stamps.requestAt !== undefined) {
                            first.chatToRequest.push(stamps.requestAt - stamps.clickAt);
                        }
                        if (stamps.sentAt !== undefined) {
                            first.chatToSocket.push(stamps.sentAt - stamps.clickAt);
                        }
                    }
                }
                if (round >= WARMUP && ms === undefined) {
                    missed.first++;
                } else if (round >= WARMUP) {
                    first[which].push(ms);
                }
            }
        }

        if (firstCdp) {
            fs.writeFileSync(firstProfileFile, JSON.stringify((await firstCdp.send('Profiler.stop')).profile));
            const clockMark = await page.evaluate(() => window.__chatBench.clockMark);
            fs.writeFileSync(`${firstProfileFile}.windows.json`, JSON.stringify({ clockMark, windows: firstWindows }));
        }

        // 3. A 1 MB answer, in a new chat session; only the long-task observer runs in the page.
        const text = bigMarkdown(BIG_KB);
        const chunkSize = 4096;
        fake.enqueue({
            live: async send => {
                for (let offset = 0; offset < text.length; offset += chunkSize) {
                    await send(text.slice(offset, offset + chunkSize), offset + chunkSize >= text.length);
                    await new Promise(resolve => setImmediate(resolve));
                }
            }
        });
        await chat.newSession();
        // Typing the prompt is Monaco's work, not the answer's: long tasks count from the send click on.
        await chat.type('@GeminiCLI stream a long answer');
        await sleep(400); // and what typing schedules (the input's 200 ms agent lookup, Monaco's timers)
        await page.evaluate(() => { window.__chatBench.stopWatching(); window.__chatBench.recordLongTasks(); });
        const profileFile = stringArg('profile', undefined);
        const cdp = profileFile && await page.context().newCDPSession(page);
        if (cdp) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.start');
            await page.evaluate(markProfileClock);
        }
        const started = now();
        await chat.submit();
        await chat.waitUntilIdle(180_000);
        big.turnSeconds = (now() - started) / 1000;
        await sleep(1000); // tasks still rendering after the turn ended are counted too
        const tasks = await page.evaluate(() => window.__chatBench.longTasks);
        if (cdp) {
            fs.writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
            // For support/profile-windows.mjs: which samples belong to which long task.
            const { clockMark, timeOrigin } = await page.evaluate(() => ({ clockMark: window.__chatBench.clockMark, timeOrigin: performance.timeOrigin }));
            const windows = tasks.map(task => ({ label: 'long task', start: timeOrigin + task.start, duration: task.duration }));
            fs.writeFileSync(`${profileFile}.windows.json`, JSON.stringify({ clockMark, windows }));
        }
        big.chunks = Math.ceil(text.length / chunkSize);
        big.bytes = text.length;
        big.longTasks = tasks.length;
        big.longestMs = Math.max(0, ...tasks.map(t => t.duration));
        big.longTaskTotalMs = tasks.reduce((sum, t) => sum + t.duration, 0);
        big.shown = await page.evaluate(last => document.querySelector('#chat-view-widget').textContent.includes(last), text.trimEnd().split('\n').pop().slice(0, 40));
    }

    // 4. Issue 21's floods from the tiny agent: the longest task from the send click to a second after the turn.
    await page.evaluate(() => window.__chatBench.stopWatching());
    await chat.send('@TinyAgent warm up');
    await chat.waitUntilIdle();
    const floodProfile = stringArg('profile-floods', undefined);
    for (const load of FLOODS.filter(({ prompt }) => prompt.includes(FLOOD_FILTER))) {
        await chat.newSession();
        await chat.type(`@TinyAgent ${load.prompt}`);
        await sleep(400); // what typing schedules
        await page.evaluate(() => window.__chatBench.recordLongTasks());
        const cdp = floodProfile && await page.context().newCDPSession(page);
        if (cdp) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.start');
            await page.evaluate(markProfileClock);
        }
        const started = now();
        await chat.submit();
        await chat.waitUntilIdle(600_000);
        load.turnSeconds = (now() - started) / 1000;
        await sleep(1000);
        const tasks = await page.evaluate(() => window.__chatBench.longTasks);
        if (cdp) {
            const file = floodProfile.replace(/(\.cpuprofile)?$/, `-${load.prompt.replace(/\s+/g, '-')}.cpuprofile`);
            fs.writeFileSync(file, JSON.stringify((await cdp.send('Profiler.stop')).profile));
            const { clockMark, timeOrigin } = await page.evaluate(() => ({ clockMark: window.__chatBench.clockMark, timeOrigin: performance.timeOrigin }));
            fs.writeFileSync(`${file}.windows.json`, JSON.stringify({ clockMark, windows: tasks.map(task => ({ label: 'long task', start: timeOrigin + task.start, duration: task.duration })) }));
            await cdp.detach();
        }
        load.longTasks = tasks.length;
        load.longestMs = Math.max(0, ...tasks.map(t => t.duration));
        load.longTaskTotalMs = tasks.reduce((sum, t) => sum + t.duration, 0);
        load.heapMb = await page.evaluate(() => performance.memory ? performance.memory.usedJSHeapSize / 1048576 : undefined);
        console.log(`flood: ${load.label}: longest task ${fmt(load.longestMs, 0)} ms, ${load.longTasks} long tasks, turn ${fmt(load.turnSeconds, 1)} s`);
    }
} finally {
    direct?.stop();
    await window?.close();
    await backend?.stop();
    await browser?.close();
    await fake?.close();
    removeTempRoot(root);
    directHome.cleanup();
}

const measured = FLOODS.filter(load => load.longestMs !== undefined);
const floodRows = measured.map(load => [`${load.label}: longest main-thread task`, `${fmt(load.longestMs, 0)} ms`,
    `${load.longTasks} long tasks, ${fmt(load.longTaskTotalMs, 0)} ms in all; turn ${fmt(load.turnSeconds, 1)} s${load.heapMb ? `; JS heap ${fmt(load.heapMb, 0)} MB after` : ''}`, '',
    `≤ ${TARGETS.floodLongestTaskMs} ms`]);
const floodsMet = measured.every(load => load.longestMs <= TARGETS.floodLongestTaskMs);
const variant = WITHOUT ? `, without the patch ${PATCH_VARIANTS[WITHOUT].label}` : '';
if (FLOODS_ONLY) {
    console.log(`bundle: ${APP_NAME} built in ${BUNDLE_MODE} mode${variant}`);
    console.log(table([['measure', 'Theia chat', 'details', '', 'target'], ...floodRows]));
    console.log(`targets: floods' longest task ${floodsMet ? 'met' : 'NOT met'}`);
    writeJsonResult({ bench: 'acp-chat-floods', bundleMode: BUNDLE_MODE, targets: TARGETS, floods: measured, met: { floods: floodsMet } });
    process.exit(0);
}
const stats = {
    answerDom: summarize(answers.dom), answerFrame: summarize(answers.frame),
    firstChat: summarize(first.chat), firstDirect: summarize(first.direct), chatToSocket: summarize(first.chatToSocket), chatToRequest: summarize(first.chatToRequest), chatToModel: summarize(first.chatToModel), directToModel: summarize(first.directToModel)
};
const firstRatio = stats.firstChat.p50 / stats.firstDirect.p50;
const firstLimit = stats.firstDirect.p50 * TARGETS.firstTokenRatio + TARGETS.firstTokenAddedMs;
const p = s => `${fmt(s.p50, 1)} / ${fmt(s.p99, 1)} ms`;
console.log(`bundle: ${APP_NAME} built in ${BUNDLE_MODE} mode${variant}`);
console.log(`missed (not seen by the observer, left out): ${missed.answers} answers, ${missed.first} first tokens`);
console.log(`clock: page offset ${fmt(clock.offset, 2)} ms, measured with a ${fmt(clock.rtt, 2)} ms round trip`);
console.log(table([
    ['measure', 'Theia chat', 'baseline (same run)', 'ratio / added', 'target'],
    [`fake writes a chunk → in the chat view's DOM, p50 / p99 (${ANSWERS} answers)`, p(stats.answerDom), '', '', `p50 ≤ ${TARGETS.answerP50Ms} ms`],
    ['  … → the next frame after it', p(stats.answerFrame), '', '', '—'],
    [`send click → first token in the chat view, p50 / p99 (${ROUNDS} rounds)`, p(stats.firstChat), `${p(stats.firstDirect)} (direct ACP client)`,
        `${firstRatio.toFixed(2)}× / +${fmt(stats.firstChat.p50 - stats.firstDirect.p50, 1)} ms`, `≤ ${TARGETS.firstTokenRatio}× + ${TARGETS.firstTokenAddedMs} ms`],
    ['  … of which: until the prompt leaves the page (the WebSocket frame with its text)', p(stats.chatToSocket), '', '', '—'],
    ['  … of which: until the model request arrives at the fake', p(stats.chatToModel), `${p(stats.directToModel)} (direct ACP client)`, '', '—'],
    ['send click → the sent message in the chat view, p50 / p99', p(stats.chatToRequest), '', '', '—'],
    [`${fmt(big.bytes / 1048576, 2)} MB answer in ${big.chunks} chunks: longest main-thread task`, `${fmt(big.longestMs, 0)} ms`,
        `${big.longTasks} long tasks, ${fmt(big.longTaskTotalMs, 0)} ms in all; turn ${fmt(big.turnSeconds, 1)} s${big.shown ? '' : ' (end not in view)'}`, '', `≤ ${TARGETS.longestTaskMs} ms`],
    ...floodRows
]));
if (HOPS) {
    const hops = hopsOf(hopTraceFile, hopRounds);
    fs.rmSync(hopTraceFile, { force: true });
    const hop = key => summarize(hops.map(h => h[key]).filter(ms => ms !== undefined));
    const row = (label, s, baseline = '') => [label, `${fmt(s.p50, 1)} ms (${fmt(s.min, 1)}–${fmt(s.max, 1)})`, baseline];
    console.log(`first token, hop by hop (p50, min–max; ${hops.filter(h => h.toScreen !== undefined).length} of ${hops.length} rounds traced):`);
    console.log(table([
        ['hop', 'Theia chat', 'direct ACP client'],
        row('send click → the prompt at the backend', hop('toBackend')),
        row('→ the model request at the fake (the agent reads the prompt)', hop('toModel'), `${fmt(stats.directToModel.p50, 1)} ms (prompt sent → model request)`),
        row('→ the agent\'s first message chunk at the backend (the agent answers)', hop('agentAnswers'), `${fmt(summarize(first.directAnswers).p50, 1)} ms (model request → chunk at the client)`),
        row('→ its batch leaves for the page', hop('inBackend')),
        row('→ seen in the chat view', hop('toScreen'))
    ]));
}
const met = {
    answer: stats.answerDom.p50 <= TARGETS.answerP50Ms,
    firstToken: stats.firstChat.p50 <= firstLimit,
    longestTask: big.longestMs <= TARGETS.longestTaskMs,
    floods: floodsMet
};
console.log(`targets: answer → screen ${met.answer ? 'met' : 'NOT met'}; first token ${met.firstToken ? 'met' : 'NOT met'} ` +
    `(${fmt(stats.firstChat.p50, 1)} ≤ ${fmt(firstLimit, 1)} ms); longest task ${met.longestTask ? 'met' : 'NOT met'}; floods' longest task ${met.floods ? 'met' : 'NOT met'}`);
writeJsonResult({ bench: 'acp-chat', bundleMode: BUNDLE_MODE, answers: ANSWERS, missed, rounds: ROUNDS, warmup: WARMUP, targets: TARGETS, clock, stats, firstRatio, firstLimit, big, floods: measured, met });
