import * as assert from 'assert';
import { CodexFrameError, CodexFrameReader, encodeCodexFrame } from './codex-ipc-frames';

describe('Codex IPC framing', () => {
    it('prefixes the UTF-8 JSON with its byte length, little-endian', () => {
        const frame = encodeCodexFrame({ a: 'é' });
        assert.strictEqual(frame.readUInt32LE(0), Buffer.byteLength('{"a":"é"}'));
        assert.strictEqual(frame.subarray(4).toString('utf8'), '{"a":"é"}');
    });

    it('reassembles frames split at every byte and joined in one chunk', () => {
        const messages: unknown[] = [];
        const reader = new CodexFrameReader(message => messages.push(message));
        const bytes = Buffer.concat([encodeCodexFrame({ n: 1 }), encodeCodexFrame({ n: 2, text: 'x'.repeat(300) }), encodeCodexFrame({ n: 3 })]);
        for (const byte of bytes.subarray(0, 20)) {
            reader.push(Buffer.from([byte]));
        }
        reader.push(bytes.subarray(20));
        assert.deepStrictEqual(messages.map(m => (m as { n: number }).n), [1, 2, 3]);
        assert.strictEqual(reader.pendingBytes, 0);
    });

    it('skips a frame that is not a JSON object and stays in step', () => {
        const messages: unknown[] = [];
        const reader = new CodexFrameReader(message => messages.push(message));
        const garbage = Buffer.from('not json');
        const header = Buffer.alloc(4);
        header.writeUInt32LE(garbage.length, 0);
        reader.push(Buffer.concat([header, garbage, encodeCodexFrame({ ok: true })]));
        reader.push(Buffer.concat([encodeCodexFrame([1, 2] as unknown as Record<string, unknown>), encodeCodexFrame({ ok: 2 })]));
        assert.deepStrictEqual(messages, [{ ok: true }, { ok: 2 }]);
    });

    it('refuses a length over the cap before buffering its payload', () => {
        const reader = new CodexFrameReader(() => assert.fail('no message'), 1024);
        const header = Buffer.alloc(4);
        header.writeUInt32LE(0xffffffff, 0);
        assert.throws(() => reader.push(header), CodexFrameError);
    });
});
