import * as assert from 'assert';
import { MsgPackMessageDecoder, MsgPackMessageEncoder } from '@theia/core/lib/common/message-rpc/rpc-message-encoder';
import { Uint8ArrayReadBuffer, Uint8ArrayWriteBuffer } from '@theia/core/lib/common/message-rpc/uint8-array-message-buffer';
import URI from '@theia/core/lib/common/uri';
import { registerUriRpcCodec } from './uri-rpc-codec';

/** What the other end of a Theia RPC connection receives for a value. */
function overRpc<T>(value: T): T {
    const write = new Uint8ArrayWriteBuffer();
    new MsgPackMessageEncoder().encode(write, value);
    return new MsgPackMessageDecoder().decode(new Uint8ArrayReadBuffer(write.getCurrentContents()));
}

describe('the URI codec for Theia RPC', () => {
    it('a task problem\'s resource arrives as a URI (a plain object before), and registering twice is harmless', () => {
        const problem = { resource: new URI('file:///work/src/a.c'), marker: { message: 'boom' } };
        assert.equal(overRpc(problem).resource instanceof URI, false, 'Theia core alone sends a plain object');
        registerUriRpcCodec();
        registerUriRpcCodec();
        const received = overRpc(problem);
        assert.ok(received.resource instanceof URI);
        assert.equal(received.resource.withScheme('file').toString(), 'file:///work/src/a.c');
        assert.deepEqual(received.marker, { message: 'boom' });
    });
});
