// A page's heap snapshot (CDP HeapProfiler, after a GC) and the shortest strong path from the GC roots to each live
// object of a class: what keeps a closed editor alive. Used by `node bench/soak.mjs --retainers=<Class>`.
import fs from 'node:fs';

/** Writes the page's heap snapshot to `file` (a forced GC first, so only live objects are in it). */
export async function writeHeapSnapshot(page, file) {
    const cdp = await page.context().newCDPSession(page);
    const out = fs.openSync(file, 'w');
    try {
        cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => fs.writeSync(out, chunk));
        await cdp.send('HeapProfiler.collectGarbage');
        await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    } finally {
        fs.closeSync(out);
        await cdp.detach();
    }
}

/**
 * For every object whose constructor is `className`: the shortest path from the GC roots through strong edges, as
 * readable lines (`Class.edge → Class …`). Weak edges are not followed; a WeakMap's ephemeron edge is, but it names
 * the key that has to be alive too, so such a path says which key to look for next.
 */
export function retainerPaths(file, className, limit = 5) {
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
    const { meta } = snapshot.snapshot;
    const nodeFields = meta.node_fields.length;
    const edgeFields = meta.edge_fields.length;
    const [nodeTypes] = meta.node_types;
    const [edgeTypes] = meta.edge_types;
    const { nodes, edges, strings } = snapshot;
    const count = nodes.length / nodeFields;
    const at = { type: meta.node_fields.indexOf('type'), name: meta.node_fields.indexOf('name'), id: meta.node_fields.indexOf('id'),
        edges: meta.node_fields.indexOf('edge_count') };
    const firstEdge = new Uint32Array(count + 1);
    for (let i = 0; i < count; i++) {
        firstEdge[i + 1] = firstEdge[i] + nodes[i * nodeFields + at.edges] * edgeFields;
    }
    const weak = edgeTypes.indexOf('weak');
    const parentEdge = new Int32Array(count).fill(-1);
    const parentNode = new Int32Array(count).fill(-1);
    const seen = new Uint8Array(count);
    seen[0] = 1;
    let queue = [0];
    while (queue.length) {
        const next = [];
        for (const node of queue) {
            for (let e = firstEdge[node]; e < firstEdge[node + 1]; e += edgeFields) {
                const to = edges[e + 2] / nodeFields;
                if (edges[e] !== weak && !seen[to]) {
                    seen[to] = 1;
                    parentEdge[to] = e;
                    parentNode[to] = node;
                    next.push(to);
                }
            }
        }
        queue = next;
    }
    const label = node => `${strings[nodes[node * nodeFields + at.name]].slice(0, 80)}@${nodes[node * nodeFields + at.id]}`;
    const edgeLabel = e => {
        const type = edgeTypes[edges[e]];
        const name = type === 'element' || type === 'hidden' ? `[${edges[e + 1]}]` : strings[edges[e + 1]];
        return `${type === 'property' ? '.' : `(${type}) `}${String(name).slice(0, 120)}`;
    };
    const targets = [];
    for (let i = 0; i < count; i++) {
        if (nodeTypes[nodes[i * nodeFields + at.type]] === 'object' && strings[nodes[i * nodeFields + at.name]] === className) {
            targets.push(i);
        }
    }
    const paths = targets.slice(0, limit).map(target => {
        if (!seen[target]) {
            return [`${label(target)}: not reachable through strong edges`];
        }
        const steps = [];
        for (let node = target; parentNode[node] >= 0; node = parentNode[node]) {
            steps.unshift(`${edgeLabel(parentEdge[node])} → ${label(node)}`);
        }
        return steps;
    });
    return { count: targets.length, paths };
}
