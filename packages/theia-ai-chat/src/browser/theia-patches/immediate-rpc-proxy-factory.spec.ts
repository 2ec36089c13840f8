import * as assert from 'assert';
import { Emitter } from '@theia/core/lib/common/event';
import { Channel, ChannelCloseEvent, MessageProvider } from '@theia/core/lib/common/message-rpc/channel';
import { Uint8ArrayWriteBuffer } from '@theia/core/lib/common/message-rpc/uint8-array-message-buffer';
import { RpcProxyFactory } from '@theia/core/lib/common/messaging/proxy-factory';
import { ImmediateRpcProxyFactory } from './immediate-rpc-proxy-factory';

interface Remote {
    prompt(text: string): Promise<string>;
}

/** A channel that only records what is written to it. */
function recordingChannel() {
    const written: Uint8Array[] = [];
    const onClose = new Emitter<ChannelCloseEvent>();
    const channel: Channel = {
        onClose: onClose.event,
        onError: new Emitter<unknown>().event,
        onMessage: new Emitter<MessageProvider>().event,
        getWriteBuffer: () => {
            const buffer = new Uint8ArrayWriteBuffer();
            buffer.onCommit(bytes => written.push(bytes));
            return buffer;
        },
        close: () => undefined
    };
    return { channel, written, close: () => onClose.fire({ reason: 'test' }) };
}

const microtasks = () => new Promise(resolve => setImmediate(resolve));

describe('ImmediateRpcProxyFactory', () => {
    it('writes a call before the caller\'s synchronous code goes on, where Theia\'s proxy waits a microtask', async () => {
        const theirs = recordingChannel();
        const theia = new RpcProxyFactory<Remote>();
        theia.listen(theirs.channel);
        void theia.createProxy().prompt('hello');
        assert.equal(theirs.written.length, 0, 'Theia\'s proxy has not written yet');
        await microtasks();
        assert.equal(theirs.written.length, 1);

        const ours = recordingChannel();
        const factory = new ImmediateRpcProxyFactory<Remote>();
        factory.listen(ours.channel);
        void factory.createProxy().prompt('hello');
        assert.equal(ours.written.length, 1, 'written at once');
        assert.deepEqual(ours.written[0], theirs.written[0], 'the same request on the wire');
    });

    it('before a connection, and after it closed, calls wait for the next one as Theia\'s do', async () => {
        const factory = new ImmediateRpcProxyFactory<Remote>();
        const proxy = factory.createProxy();
        void proxy.prompt('early');
        const first = recordingChannel();
        factory.listen(first.channel);
        await microtasks();
        assert.equal(first.written.length, 1, 'the waiting call went out on the connection');
        first.close();
        await microtasks();
        void proxy.prompt('between');
        const second = recordingChannel();
        factory.listen(second.channel);
        assert.equal(first.written.length, 1, 'nothing written to the closed channel');
        await microtasks();
        assert.equal(second.written.length, 1, 'the call went out on the new connection');
    });

    it('leaves the proxy\'s own members alone', () => {
        const factory = new ImmediateRpcProxyFactory<Remote>();
        factory.listen(recordingChannel().channel);
        const proxy = factory.createProxy() as unknown as { then?: unknown; setClient(client: object): void; getClient(): object };
        assert.equal(proxy.then, undefined, 'not taken for a promise');
        const client = {};
        proxy.setClient(client);
        assert.equal(proxy.getClient(), client);
    });
});
