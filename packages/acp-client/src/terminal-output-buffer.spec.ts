import * as assert from 'assert';
import { TerminalOutputBuffer } from './terminal-output-buffer';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('TerminalOutputBuffer (ACP terminal/output: outputByteLimit from the end, at a UTF-8 boundary)', () => {
    it('keeps everything under the limit, untruncated', () => {
        const buffer = new TerminalOutputBuffer(100);
        buffer.append(utf8('hello '));
        buffer.append(utf8('world\n'));
        assert.deepEqual(buffer.read(true), { output: 'hello world\n', truncated: false });
    });

    it('keeps the last outputByteLimit bytes, not the first, and says it truncated', () => {
        const buffer = new TerminalOutputBuffer(10);
        for (let line = 0; line < 50; line++) {
            buffer.append(utf8(`line ${line}\n`));
        }
        const { output, truncated } = buffer.read(true);
        assert.equal(truncated, true);
        assert.equal(output, 'e 48\nline 49\n'.slice(-10));
        assert.equal(bytes(output), 10);
    });

    it('cuts at a character boundary: a character whose first bytes fell off is dropped whole, never half', () => {
        // "€" is 3 bytes, "😀" 4: a limit of 6 would start inside the "😀".
        const buffer = new TerminalOutputBuffer(6);
        buffer.append(utf8('ab😀€x'));
        const { output, truncated } = buffer.read(true);
        assert.equal(truncated, true);
        assert.equal(output, '€x', 'the 😀 cut in half is left out');
        assert.ok(!output.includes('\uFFFD'));
        assert.ok(bytes(output) <= 6);
    });

    it('cuts at a character boundary when the bytes of one character came in separate chunks', () => {
        const buffer = new TerminalOutputBuffer(5);
        const text = utf8('ééé'); // 6 bytes
        buffer.append(text.subarray(0, 1));
        buffer.append(text.subarray(1, 4));
        buffer.append(text.subarray(4));
        assert.deepEqual(buffer.read(true), { output: 'éé', truncated: true });
    });

    it('holds back a character still arriving while the command runs, and shows it once complete', () => {
        const buffer = new TerminalOutputBuffer(100);
        const euro = utf8('€');
        buffer.append(utf8('price: '));
        buffer.append(euro.subarray(0, 2));
        assert.deepEqual(buffer.read(false), { output: 'price: ', truncated: false });
        buffer.append(euro.subarray(2));
        assert.deepEqual(buffer.read(false), { output: 'price: €', truncated: false });
    });

    it('one chunk far over the limit keeps only its end', () => {
        const buffer = new TerminalOutputBuffer(1000);
        buffer.append(Buffer.alloc(5 * 1024 * 1024, 'y'));
        buffer.append(utf8('END'));
        const { output, truncated } = buffer.read(true);
        assert.equal(truncated, true);
        assert.equal(output.length, 1000);
        assert.ok(output.endsWith('yyEND'));
    });

    it('a zero limit keeps nothing and says so', () => {
        const buffer = new TerminalOutputBuffer(0);
        buffer.append(utf8('gone'));
        assert.deepEqual(buffer.read(true), { output: '', truncated: true });
    });
});
