// What the page did in the windows that `acp-chat-latency.mjs` recorded next to its CPU profile
// (<file>.windows.json): with --profile, its long tasks; with --profile-first, each send click → first token.
// Prints the sum over all windows, then each of the --tasks longest, as self time by function and the
// inclusive time of the frames matching --focus.
//   node bench/support/profile-windows.mjs <file.cpuprofile> [--tasks=3] [--top=15] [--focus=regex] [--ours=regex]
// --ours: the share of the busy time with a frame matching it on the stack (say, our package's functions).
// The profile's clock is tied to the page's (performance.timeOrigin + now()) by the first sample of the
// bench's busy-loop marker, markProfileClock.
import * as fs from 'node:fs';

const file = process.argv[2];
if (!file) {
    console.error('usage: node bench/support/profile-windows.mjs <file.cpuprofile> [--tasks=3] [--top=15] [--focus=regex]');
    process.exit(2);
}
const arg = (name, fallback) => (process.argv.find(a => a.startsWith(`--${name}=`)) ?? `--${name}=${fallback}`).slice(name.length + 3);
const taskCount = Number(arg('tasks', 3));
const top = Number(arg('top', 15));
const focus = new RegExp(arg('focus', '.'));
const ours = process.argv.some(a => a.startsWith('--ours=')) ? new RegExp(arg('ours', '')) : undefined;

const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const { clockMark, windows } = JSON.parse(fs.readFileSync(`${file}.windows.json`, 'utf8'));
const MARK = 'markProfileClock';
const nodes = new Map(profile.nodes.map(node => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
        parent.set(child, node.id);
    }
}
// Sample i covers [times[i], times[i + 1]) in ms of the profile's clock.
const times = [];
for (let i = 0, t = profile.startTime; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    times.push(t / 1000);
}
const markSample = profile.samples.findIndex(id => nodes.get(id).callFrame.functionName === MARK || hasAncestor(id, MARK));
if (markSample < 0) {
    console.error('no clock marker in the profile');
    process.exit(1);
}
const offset = times[markSample] - clockMark; // profile ms = page ms + offset

function hasAncestor(id, name) {
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
        if (nodes.get(at).callFrame.functionName === name) {
            return true;
        }
    }
    return false;
}

function shortUrl(url) {
    const nm = url.lastIndexOf('node_modules/');
    if (nm >= 0) {
        return url.slice(nm + 13);
    }
    return url.replace(/^https?:\/\/[^/]+\//, '');
}

function key(node) {
    const frame = node.callFrame;
    return frame.url ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : frame.functionName;
}

const add = (map, k, ms) => map.set(k, (map.get(k) ?? 0) + ms);

/** Self and inclusive time of the samples in the given windows. */
function breakdown(list) {
    const self = new Map();
    const inclusive = new Map();
    let sampled = 0;
    let oursMs = 0;
    for (const window of list) {
        const from = window.start + offset;
        const to = from + window.duration;
        for (let i = 0; i < times.length - 1; i++) {
            if (times[i] < from || times[i] >= to) {
                continue;
            }
            const ms = times[i + 1] - times[i];
            sampled += ms;
            add(self, key(nodes.get(profile.samples[i])), ms);
            const seen = new Set();
            let isOurs = false;
            for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
                const k = key(nodes.get(id));
                isOurs ||= !!ours?.test(k);
                if (!seen.has(k) && focus.test(k)) {
                    seen.add(k);
                    add(inclusive, k, ms);
                }
            }
            oursMs += isOurs ? ms : 0;
        }
    }
    return { self, inclusive, sampled, oursMs };
}

function print(title, { self, inclusive, sampled, oursMs }) {
    const idle = self.get('(idle)') ?? 0;
    console.log(`\n=== ${title} (${sampled.toFixed(0)} ms sampled, ${idle.toFixed(0)} ms of it idle)`);
    if (ours) {
        console.log(`busy ${(sampled - idle).toFixed(0)} ms, of which ${oursMs.toFixed(1)} ms with a frame matching ${ours} on the stack`);
    }
    console.log('self time:');
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${k}`);
    }
    console.log(`inclusive time of frames matching ${focus}:`);
    for (const [k, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) {
        console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${k}`);
    }
}

const total = windows.reduce((sum, w) => sum + w.duration, 0);
console.log(`${windows.length} windows, ${total.toFixed(0)} ms in all; clock tied by sample ${markSample}`);
print(`all ${windows.length} windows`, breakdown(windows));
for (const window of [...windows].sort((a, b) => b.duration - a.duration).slice(0, taskCount)) {
    print(`${window.label}: ${window.duration.toFixed(0)} ms`, breakdown([window]));
}
