import * as assert from 'assert';
import { EventEmitter } from 'events';
import type { ServerResponse } from 'http';
import { SessionTransport } from './session-transport';

/** A GET response whose buffer fills up on demand, as a slow client's socket does. */
class FakeStream extends EventEmitter {
    readonly written: string[] = [];
    full = false;
    writeHead(): this { return this; }
    destroy(): void { this.emit('close'); }
    flushHeaders(): void { }
    write(text: string): boolean {
        this.written.push(text);
        return !this.full;
    }
    end(): void { }
    drain(): void {
        this.full = false;
        this.emit('drain');
    }
}

const attach = (transport: SessionTransport, stream: FakeStream) => transport.attachStream(stream as unknown as ServerResponse);

/** A transport whose open stream's buffer is full: what it sends now waits for a drain. */
function blockedTransport(): { transport: SessionTransport; stream: FakeStream } {
    const transport = new SessionTransport('s');
    const stream = new FakeStream();
    attach(transport, stream);
    stream.full = true;
    return { transport, stream };
}

describe('SessionTransport queue', () => {
    it('while no stream is open: keeps only the newest context, every decision, and the newest 100 other messages', () => {
        const transport = new SessionTransport('s');
        transport.sendEvent('decision-1', 'decision');
        for (let i = 0; i < 150; i++) {
            transport.sendEvent(`message-${i}`, 'message');
            transport.sendEvent(`context-${i}`, 'context');
        }
        transport.sendEvent('decision-2', 'decision');
        const stream = new FakeStream();
        attach(transport, stream);
        assert.deepStrictEqual(stream.written.filter(t => t.startsWith('decision')), ['decision-1', 'decision-2']);
        assert.deepStrictEqual(stream.written.filter(t => t.startsWith('context')), ['context-149']);
        const messages = stream.written.filter(t => t.startsWith('message'));
        assert.strictEqual(messages.length, 100);
        assert.strictEqual(messages[0], 'message-50');
    });

    it('respects backpressure: nothing more is written until the stream drains, then in order', () => {
        const { transport, stream } = blockedTransport();
        transport.sendEvent('first', 'message');
        transport.sendEvent('context-a', 'context');
        transport.sendEvent('accepted', 'decision');
        transport.sendEvent('context-b', 'context');
        assert.deepStrictEqual(stream.written, ['first'], 'one write filled the buffer; the rest waits');
        assert.deepStrictEqual(transport.queuedEvents.map(e => e.kind), ['decision', 'context']);
        stream.drain();
        assert.deepStrictEqual(stream.written, ['first', 'accepted', 'context-b']);
        transport.sendEvent('later', 'message');
        assert.deepStrictEqual(stream.written.at(-1), 'later');
    });

    it('a new stream after a lost one starts unblocked and gets what was queued', () => {
        const { transport, stream: lost } = blockedTransport();
        transport.sendEvent('stuck', 'message');
        transport.sendEvent('rejected', 'decision');
        lost.emit('close');
        const next = new FakeStream();
        attach(transport, next);
        assert.deepStrictEqual(next.written, ['rejected']);
    });
});
