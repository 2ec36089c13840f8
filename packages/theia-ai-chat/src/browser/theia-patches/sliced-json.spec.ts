import * as assert from 'assert';
import { encodeJsonInSlices, jsonPieces, nextTask } from './sliced-json';

const samples: Array<[string, unknown]> = [
    ['a chat-session-shaped object', {
        version: 1, title: undefined, saveDate: 1700000000000, nested: { empty: {}, none: [], list: [1, 'two', null, true, { deep: ['x'] }] },
        model: { requests: [{ text: 'ünïcödé 🚀 "quoted" \\ back\nslash\t\u0001' }], responses: [{ content: [{ kind: 'markdownContent', data: { content: 'x'.repeat(5000) } }] }] }
    }],
    ['what JSON leaves out or writes as null', { f: () => 1, u: undefined, s: Symbol('s'), list: [undefined, () => 1, Symbol('t'), NaN, Infinity, -0] }],
    ['toJSON, once, with its key', { when: new Date(0), custom: { toJSON: (key: string) => ({ key, again: { toJSON: () => 'inner' } }) }, list: [{ toJSON: (key: string) => key }] }],
    ['boxed primitives', { n: Object(1), s: Object('s'), b: Object(false) }],
    ['plain values', 'text'],
    ['an empty array', []],
    ['null', null]
];

describe('jsonPieces / encodeJsonInSlices (JSON.stringify in pieces)', () => {
    for (const [name, value] of samples) {
        for (const indent of ['', '  ']) {
            it(`${name}, indent ${JSON.stringify(indent)}: the same text as JSON.stringify`, () => {
                assert.equal([...jsonPieces(value, indent)].join(''), JSON.stringify(value, undefined, indent));
            });
        }
    }

    it('throws on a cycle, as JSON.stringify does', () => {
        const cyclic: Record<string, unknown> = { a: 1 };
        cyclic.self = { back: cyclic };
        assert.throws(() => [...jsonPieces(cyclic)], TypeError);
    });

    it('writes a shared (not cyclic) object each time it occurs', () => {
        const shared = { x: 1 };
        const value = { a: shared, b: [shared, shared] };
        assert.equal([...jsonPieces(value, '  ')].join(''), JSON.stringify(value, undefined, '  '));
    });

    it('encodes in chunks of about chunkChars, pausing between slices', async () => {
        const value = { parts: Array.from({ length: 200 }, (_, i) => ({ i, text: `part ${i} ü `.repeat(50) })) };
        let pauses = 0;
        const chunks = await encodeJsonInSlices(value, '  ', { chunkChars: 4096, sliceMs: 0, pause: async () => { pauses++; } });
        assert.ok(chunks.length > 10, `${chunks.length} chunks`);
        assert.ok(pauses > 5, `${pauses} pauses`);
        assert.equal(Buffer.concat(chunks).toString('utf8'), JSON.stringify(value, undefined, '  '));
    });

    it('pauses without a timer (a hidden page throttles timers), and not within the current task', async () => {
        const timer = globalThis.setTimeout;
        let sameTask = true;
        globalThis.setTimeout = (() => { throw new Error('timer used'); }) as unknown as typeof setTimeout;
        try {
            const pause = nextTask();
            void Promise.resolve().then(() => Promise.resolve()).then(() => undefined);
            queueMicrotask(() => { sameTask = false; });
            await pause;
        } finally {
            globalThis.setTimeout = timer;
        }
        assert.equal(sameTask, false);
    });
});
