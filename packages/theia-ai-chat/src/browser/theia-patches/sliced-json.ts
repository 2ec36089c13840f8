/**
 * `JSON.stringify(value, undefined, indent)`, the very same text, made in pieces so that a caller can
 * stop between them: a chat session holding a 1 MB answer is one JSON text of several MB, and making it
 * in one go is a main-thread task of over 100 ms.
 */
export function* jsonPieces(value: unknown, indent = ''): Generator<string> {
    yield* piecesOf(withToJson(value, ''), indent, '', new Set());
}

/** `value` is what JSON.stringify writes for it, its `toJSON()` already applied. */
function* piecesOf(value: unknown, indent: string, outer: string, open: Set<object>): Generator<string> {
    if (typeof value !== 'object' || value === null || value instanceof Number || value instanceof String || value instanceof Boolean) {
        // Leaves, as JSON.stringify writes them (undefined for what an object leaves out; callers handle it).
        const text = JSON.stringify(value);
        if (text !== undefined) {
            yield text;
        }
        return;
    }
    if (open.has(value)) {
        throw new TypeError('Converting circular structure to JSON');
    }
    open.add(value);
    const inner = outer + indent;
    const [start, separator, end] = indent ? [`\n${inner}`, `,\n${inner}`, `\n${outer}`] : ['', ',', ''];
    if (Array.isArray(value)) {
        if (value.length === 0) {
            yield '[]';
        } else {
            yield '[';
            for (let i = 0; i < value.length; i++) {
                yield i === 0 ? start : separator;
                yield* orNull(piecesOf(withToJson(value[i], String(i)), indent, inner, open));
            }
            yield `${end}]`;
        }
    } else {
        let first = true;
        for (const name of Object.keys(value)) {
            const member = withToJson((value as Record<string, unknown>)[name], name);
            if (member === undefined || typeof member === 'function' || typeof member === 'symbol') {
                continue; // left out, as JSON.stringify does
            }
            yield `${first ? `{${start}` : separator}${JSON.stringify(name)}${indent ? ': ' : ':'}`;
            first = false;
            yield* piecesOf(member, indent, inner, open);
        }
        yield first ? '{}' : `${end}}`;
    }
    open.delete(value);
}

/** An array element that JSON leaves out (undefined, a function) is written as null. */
function* orNull(pieces: Generator<string>): Generator<string> {
    let any = false;
    for (const piece of pieces) {
        any = true;
        yield piece;
    }
    if (!any) {
        yield 'null';
    }
}

function withToJson(value: unknown, key: string): unknown {
    const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
    return typeof toJSON === 'function' ? toJSON.call(value, key) : value;
}

export interface SliceOptions {
    /** Characters of JSON per encoded chunk. */
    chunkChars?: number;
    /** Work per slice before `pause` lets the page run. */
    sliceMs?: number;
    pause?: () => Promise<void>;
}

/**
 * A macrotask: rendering, input and the rest of the page run before the next slice. A message, not a timer:
 * a hidden page throttles timers to one a second or less, which would hold a save back for minutes.
 */
export const nextTask = (): Promise<void> => new Promise(resolve => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
    };
    channel.port2.postMessage(undefined);
});

/**
 * `value` as UTF-8 JSON (`JSON.stringify(value, undefined, indent)`) in chunks of about `chunkChars`
 * characters, made in slices of about `sliceMs` with a `pause` after each one.
 */
export async function encodeJsonInSlices(value: unknown, indent: string, options: SliceOptions = {}): Promise<Uint8Array[]> {
    const { chunkChars = 64 * 1024, sliceMs = 8, pause = nextTask } = options;
    const encoder = new TextEncoder();
    const chunks: Uint8Array[] = [];
    let pending: string[] = [];
    let pendingChars = 0;
    let sliceStart = performance.now();
    let count = 0;
    for (const piece of jsonPieces(value, indent)) {
        pending.push(piece);
        pendingChars += piece.length;
        if (pendingChars >= chunkChars) {
            chunks.push(encoder.encode(pending.join('')));
            pending = [];
            pendingChars = 0;
        }
        if (++count % 64 === 0 && performance.now() - sliceStart >= sliceMs) {
            await pause();
            sliceStart = performance.now();
        }
    }
    if (pendingChars > 0) {
        chunks.push(encoder.encode(pending.join('')));
    }
    return chunks;
}
