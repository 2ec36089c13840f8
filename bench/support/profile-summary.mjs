// Summarises a V8 .cpuprofile: self time by function and by package/file, and total (inclusive)
// time of the functions whose name or file matches --focus.
//   node bench/support/profile-summary.mjs <file.cpuprofile> [--top=25] [--focus=regex]
import * as fs from 'node:fs';

const file = process.argv[2];
if (!file) {
    console.error('usage: node bench/support/profile-summary.mjs <file.cpuprofile> [--top=25] [--focus=regex]');
    process.exit(2);
}
const top = Number((process.argv.find(a => a.startsWith('--top=')) ?? '--top=25').slice(6));
const focusArg = process.argv.find(a => a.startsWith('--focus='));
const focus = focusArg ? new RegExp(focusArg.slice(8)) : undefined;

const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map(node => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
        parent.set(child, node.id);
    }
}
const selfUs = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i + 1] ?? 0));
}
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

function shortUrl(url) {
    if (!url) {
        return '(native)';
    }
    const nm = url.lastIndexOf('node_modules/');
    if (nm >= 0) {
        const rest = url.slice(nm + 13).split('/');
        return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}/…/${rest[rest.length - 1]}` : `${rest[0]}/…/${rest[rest.length - 1]}`;
    }
    const pk = url.indexOf('/packages/');
    if (pk >= 0) {
        return url.slice(pk + 1);
    }
    return url.replace(/^file:\/\//, '').replace(/^node:/, 'node:');
}

function key(node) {
    const frame = node.callFrame;
    return `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

function group(url) {
    if (!url) {
        return '(native / gc / idle)';
    }
    const nm = url.lastIndexOf('node_modules/');
    if (nm >= 0) {
        const rest = url.slice(nm + 13).split('/');
        return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    }
    if (url.startsWith('node:')) {
        return `node:${url.slice(5).split('/')[0]}`;
    }
    return shortUrl(url);
}

const byFunction = new Map();
const byGroup = new Map();
for (const [id, us] of selfUs) {
    const node = nodes.get(id);
    const name = node.callFrame.functionName;
    const k = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : key(node);
    byFunction.set(k, (byFunction.get(k) ?? 0) + us);
    const g = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : group(node.callFrame.url);
    byGroup.set(g, (byGroup.get(g) ?? 0) + us);
}

const idle = byFunction.get('(idle)') ?? 0;
const busy = totalUs - idle;
const pct = us => `${((100 * us) / busy).toFixed(1)}%`;
console.log(`profile ${file}: ${(totalUs / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms not idle (percentages are of non-idle time)\n`);
console.log('self time by package / file:');
for (const [g, us] of [...byGroup].filter(([g]) => g !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${pct(us).padStart(6)}  ${(us / 1000).toFixed(1).padStart(8)} ms  ${g}`);
}
console.log('\nself time by function:');
for (const [k, us] of [...byFunction].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${pct(us).padStart(6)}  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

if (focus) {
    // Inclusive time: a sample counts once for every distinct matching frame on its stack.
    const inclusive = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
        const us = deltas[i + 1] ?? 0;
        const seen = new Set();
        for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
            const node = nodes.get(id);
            const k = key(node);
            if (!seen.has(k) && focus.test(k)) {
                seen.add(k);
                inclusive.set(k, (inclusive.get(k) ?? 0) + us);
            }
        }
    }
    console.log(`\ntotal (inclusive) time of frames matching ${focus}:`);
    for (const [k, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.log(`  ${pct(us).padStart(6)}  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
    }
}
