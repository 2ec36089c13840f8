import { disableJSDOM } from '../test/jsdom';

import * as assert from 'assert';
import { URI } from '@theia/core';
import { BinaryBuffer } from '@theia/core/lib/common/buffer';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { MarkdownChatResponseContentImpl, MutableChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { ChatSessionStoreImpl } from '@theia/ai-chat/lib/browser/chat-session-store-impl';
import { EncodedChatSessionStore } from './encoded-chat-session-store';

/** A store writing into a map; the storage root and the index are the same stand-ins for both stores. */
function storeWith<T extends ChatSessionStoreImpl>(store: T): { store: T; files: Map<string, Uint8Array> } {
    const files = new Map<string, Uint8Array>();
    Object.assign(store, {
        fileService: { writeFile: async (uri: URI, content: BinaryBuffer) => { files.set(uri.toString(), content.buffer.slice()); } },
        logger: { debug: () => undefined },
        ensureStorageReady: async () => new URI('file:///storage/chat'),
        updateIndex: async () => undefined,
        trimSessions: async () => undefined
    });
    return { store, files };
}

function sessionWithAnswer(text: string): MutableChatModel {
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    const request = model.addRequest({ request: { text: 'Tell me — in ünïcödé 🚀' }, parts: [], toolRequests: new Map(), variables: [] }, 'GeminiCLI');
    request.response.response.addContent(new MarkdownChatResponseContentImpl(text));
    request.response.complete();
    return model;
}

describe('EncodedChatSessionStore (the chat\'s auto-save, encoded natively)', () => {
    after(() => disableJSDOM());
    const answer = 'A long answer, ünïcödé and 🚀 included.\n\n'.repeat(2000);

    it('writes the same file as Theia\'s own store', async () => {
        const model = sessionWithAnswer(answer);
        const saved = { model, title: 'Title', lastInteraction: 1700000000000 };
        const ours = storeWith(new EncodedChatSessionStore());
        const theirs = storeWith(new ChatSessionStoreImpl());
        await ours.store.storeSessions(saved);
        await theirs.store.storeSessions(saved);
        const file = `file:///storage/chat/${model.id}.json`;
        assert.ok(ours.files.has(file));
        assert.deepEqual(Buffer.from(ours.files.get(file)!), Buffer.from(theirs.files.get(file)!));
        assert.ok(new TextDecoder().decode(ours.files.get(file)).includes('ünïcödé 🚀'));
    });

    it('does not encode with BinaryBuffer.fromString (in the browser: the buffer polyfill\'s JavaScript UTF-8 encoder)', async () => {
        const original = BinaryBuffer.fromString;
        let calls = 0;
        BinaryBuffer.fromString = source => { calls++; return original(source); };
        try {
            const { store, files } = storeWith(new EncodedChatSessionStore());
            await store.storeSessions(sessionWithAnswer(answer));
            assert.equal(files.size, 1);
            assert.equal(calls, 0);
        } finally {
            BinaryBuffer.fromString = original;
        }
    });
});
