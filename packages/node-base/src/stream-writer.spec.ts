import * as assert from 'assert';
import * as http from 'http';
import * as net from 'net';
import { SseWriter, formatSseEvent } from './stream-writer';
import { until } from './test-support';

async function serve(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
    const server = http.createServer(handler);
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as net.AddressInfo).port };
}

describe('SseWriter', () => {
    it('frames id, event and multi-line data', () => {
        assert.strictEqual(formatSseEvent({ id: 3, event: 'content', data: { a: 1 } }), 'id: 3\nevent: content\ndata: {"a":1}\n\n');
        assert.strictEqual(formatSseEvent({ data: 'x\ny' }), 'data: x\ndata: y\n\n');
    });

    it('sends comment keep-alives while idle', async () => {
        const { server, port } = await serve((_req, res) => { new SseWriter(res, { keepAliveMs: 20 }); });
        const text = await new Promise<string>((resolve, reject) => {
            http.get({ port, host: '127.0.0.1' }, res => {
                let body = '';
                res.on('data', chunk => {
                    body += chunk;
                    if (body.includes(': keep-alive\n\n')) {
                        res.destroy();
                        resolve(body);
                    }
                });
            }).on('error', reject);
        });
        assert.ok(text.startsWith(': keep-alive'));
        server.closeAllConnections();
        server.close();
    });

    it('waits for drain when the client does not read, and delivers everything in order', async () => {
        let served: SseWriter | undefined;
        let resolved = 0;
        const { server, port } = await serve((_req, res) => { served = new SseWriter(res, { keepAliveMs: 60_000, maxBufferedBytes: 64 * 1024 * 1024 }); });
        const socket = net.connect(port, '127.0.0.1');
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
        socket.pause();
        await until(() => served !== undefined, 'the server\'s writer');
        const writer = served!;
        const payload = 'x'.repeat(64 * 1024);
        const sends: Promise<void>[] = [];
        for (let i = 0; i < 200; i++) {
            sends.push(writer.send({ id: i, data: payload }).then(() => { resolved++; }));
        }
        // One turn of the event loop, not a sleep: a write that did not wait for the socket would have
        // resolved by now (a microtask); one that waits needs a 'drain', which a paused client never
        // gives for 12.8 MB (more than loopback's socket buffers hold).
        await new Promise(resolve => setImmediate(resolve));
        assert.ok(writer.isBlocked, 'the writer waits for the socket');
        assert.ok(resolved < 200, 'some writes must wait while the client is not reading');
        let received = '';
        socket.on('data', chunk => { received += chunk; });
        socket.resume();
        await Promise.all(sends);
        assert.strictEqual(resolved, 200);
        writer.end();
        await until(() => received.includes('id: 199\n'), 'the last event at the client');
        socket.destroy();
        const ids = [...received.matchAll(/^id: (\d+)$/gm)].map(m => Number(m[1]));
        assert.deepStrictEqual(ids, [...Array(200).keys()]);
        server.close();
    });
});

describe('StreamWriter limits', () => {
    it('cuts off a client that falls too far behind', async () => {
        let served: SseWriter | undefined;
        const { server, port } = await serve((_req, res) => { served = new SseWriter(res, { keepAliveMs: 60_000, maxBufferedBytes: 1024 * 1024 }); });
        const socket = net.connect(port, '127.0.0.1');
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
        socket.pause();
        await until(() => served !== undefined, 'the server\'s writer');
        const writer = served!;
        const closed = new Promise<void>(resolve => writer.onClose(resolve));
        for (let i = 0; i < 200 && writer.isOpen; i++) {
            void writer.send({ data: 'y'.repeat(64 * 1024) });
        }
        await closed;
        assert.strictEqual(writer.isOpen, false);
        socket.destroy();
        server.close();
    });
});
