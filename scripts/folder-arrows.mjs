#!/usr/bin/env node
// The import graph between a package's top-level folders, and lines of TypeScript per package: the figures of
// issue 33 ("folder arrows and cycles", "lines per package"). A static scan of the sources, so it also runs on a
// checkout without node_modules (a `git worktree` of an older commit, to compare).
//
//   node scripts/folder-arrows.mjs [--root DIR] [package ...]     (default: theia-ai-chat theia-companion)
//
// An arrow A→B: a file in src/<layer>/A/ imports one in src/<layer>/B/ (relative imports only; every import of
// the files counts, type-only ones too, since they tie the folders as well). Files at the layer's top (the frontend
// or backend module, which binds every folder) and specs are left out: the figures are about the features' code.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root = path.resolve(rootAt >= 0 ? args.splice(rootAt, 2)[1] : process.cwd());
const packages = args.length ? args : ['theia-ai-chat', 'theia-companion'];
const LAYERS = ['browser', 'node'];

const isSource = name => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');
const isTest = file => /\.(spec|test)\.tsx?$/.test(file) || file.split(path.sep).some(part => /^(test|tests|test-support|__tests__)$/.test(part));

function sourcesUnder(dir) {
    if (!fs.existsSync(dir)) {
        return [];
    }
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? sourcesUnder(full) : isSource(entry.name) ? [full] : [];
    });
}

/** Every module specifier a file names: import/export … from, bare import, import(), require(). */
function specifiersOf(text) {
    const found = [];
    const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s+['"]([^'"]+)['"]/g, /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
    for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
            found.push(match[1]);
        }
    }
    return found;
}

/** The top-level folder of `file` inside `layerDir`, or undefined for a file at the top or outside. */
function folderOf(layerDir, file) {
    const relative = path.relative(layerDir, file);
    const parts = relative.split(path.sep);
    return relative.startsWith('..') || parts.length < 2 ? undefined : parts[0];
}

function folderGraph(layerDir) {
    // Folders with code (a folder of stylesheets only is no node of the graph).
    const folders = fs.readdirSync(layerDir, { withFileTypes: true })
        .filter(entry => entry.isDirectory() && sourcesUnder(path.join(layerDir, entry.name)).length > 0).map(entry => entry.name).sort();
    const arrows = new Map(folders.map(folder => [folder, new Set()]));
    for (const file of sourcesUnder(layerDir).filter(file => !isTest(file))) {
        const from = folderOf(layerDir, file);
        if (!from) {
            continue;
        }
        for (const specifier of specifiersOf(fs.readFileSync(file, 'utf8')).filter(s => s.startsWith('.'))) {
            const to = folderOf(layerDir, path.resolve(path.dirname(file), specifier));
            if (to && to !== from && arrows.has(to)) {
                arrows.get(from).add(to);
            }
        }
    }
    return { folders, arrows };
}

/** Strongly connected components (Tarjan): those of more than one folder are the cycles. */
function components({ folders, arrows }) {
    let next = 0;
    const index = new Map(), low = new Map(), stack = [], onStack = new Set(), found = [];
    const visit = folder => {
        index.set(folder, next);
        low.set(folder, next++);
        stack.push(folder);
        onStack.add(folder);
        for (const to of arrows.get(folder)) {
            if (!index.has(to)) {
                visit(to);
                low.set(folder, Math.min(low.get(folder), low.get(to)));
            } else if (onStack.has(to)) {
                low.set(folder, Math.min(low.get(folder), index.get(to)));
            }
        }
        if (low.get(folder) === index.get(folder)) {
            const component = [];
            let member;
            do {
                member = stack.pop();
                onStack.delete(member);
                component.push(member);
            } while (member !== folder);
            found.push(component.sort());
        }
    };
    folders.filter(folder => !index.has(folder)).forEach(visit);
    return found;
}

function describe(pkg, layer) {
    const layerDir = path.join(root, 'packages', pkg, 'src', layer);
    if (!fs.existsSync(layerDir)) {
        return undefined;
    }
    const graph = folderGraph(layerDir);
    const edges = [...graph.arrows].flatMap(([from, tos]) => [...tos].map(to => [from, to]));
    const mutual = edges.filter(([from, to]) => from < to && graph.arrows.get(to).has(from)).map(([a, b]) => `${a}↔${b}`);
    const cycles = components(graph).filter(component => component.length > 1);
    const patches = 'theia-patches';
    return {
        pkg, layer, folders: graph.folders.length, arrows: edges.length, mutual, cycles,
        fromPatches: edges.filter(([from]) => from === patches).map(([, to]) => to),
        intoPatches: edges.filter(([, to]) => to === patches).map(([from]) => from)
    };
}

function linesOf(pkg) {
    return sourcesUnder(path.join(root, 'packages', pkg, 'src')).filter(file => !isTest(file))
        .reduce((sum, file) => sum + fs.readFileSync(file, 'utf8').split('\n').length - 1, 0);
}

const list = items => items.length ? items.join(', ') : '–';
console.log(`Folder arrows (${root}; files at a layer's top and specs left out)\n`);
console.log('| package | layer | folders | arrows | pairs importing each other | cycles (SCC > 1) | theia-patches → | → theia-patches |');
console.log('| --- | --- | ---: | ---: | --- | --- | --- | --- |');
for (const row of packages.flatMap(pkg => LAYERS.map(layer => describe(pkg, layer))).filter(Boolean)) {
    const cycles = row.cycles.map(component => `{${component.join(', ')}}`);
    console.log(`| ${row.pkg} | ${row.layer} | ${row.folders} | ${row.arrows} | ${row.mutual.length}: ${list(row.mutual)} | ${cycles.length}: ${list(cycles)} | ${list(row.fromPatches)} | ${list(row.intoPatches)} |`);
}
const all = fs.readdirSync(path.join(root, 'packages'), { withFileTypes: true })
    .filter(entry => entry.isDirectory() && fs.existsSync(path.join(root, 'packages', entry.name, 'src'))).map(entry => entry.name).sort();
console.log('\nLines of TypeScript per package (src/, specs and test folders left out)\n');
console.log('| package | lines |\n| --- | ---: |');
all.forEach(pkg => console.log(`| ${pkg} | ${linesOf(pkg)} |`));
