import '../../test/jsdom';

import * as assert from 'assert';
import { URI } from '@theia/core';
import { BinaryBuffer, BinaryBufferReadable } from '@theia/core/lib/common/buffer';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { ChatResponseContent, MarkdownChatResponseContentImpl, MutableChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { ChatSessionStoreImpl } from '@theia/ai-chat/lib/browser/chat-session-store-impl';
import { AcpMarkdownPart } from '../turn/markdown-parts';
import { AcpRestoredAgentMarkdown } from '../agents/restored-agent-markdown';
import { EncodedChatSessionStore } from './encoded-chat-session-store';

/** A store writing into a map; the storage root and the index are the same stand-ins for both stores.
 * `writes` counts the buffers each file was written in (a readable's chunks, or one buffer). */
function storeWith<T extends ChatSessionStoreImpl>(store: T): { store: T; files: Map<string, Uint8Array>; writes: Map<string, number> } {
    const files = new Map<string, Uint8Array>();
    const writes = new Map<string, number>();
    const writeFile = async (uri: URI, content: BinaryBuffer | BinaryBufferReadable) => {
        const chunks: BinaryBuffer[] = [];
        if (content instanceof BinaryBuffer) {
            chunks.push(content);
        } else {
            for (let chunk = content.read(); chunk; chunk = content.read()) {
                chunks.push(chunk);
            }
        }
        files.set(uri.toString(), BinaryBuffer.concat(chunks).buffer.slice());
        writes.set(uri.toString(), chunks.length);
    };
    const readFile = async (uri: URI) => ({ value: BinaryBuffer.wrap(files.get(uri.toString())!) });
    Object.assign(store, {
        fileService: { writeFile, readFile },
        logger: { debug: () => undefined },
        // The chat's own hook: one of Theia's agents, no ACP agent registered yet.
        restoredChats: Object.assign(new AcpRestoredAgentMarkdown(), { chatAgents: { getAllAgents: () => [{ id: 'Coder' }] } }),
        ensureStorageReady: async () => new URI('file:///storage/chat'),
        updateIndex: async () => undefined,
        trimSessions: async () => undefined
    });
    return { store, files, writes };
}

function sessionWithAnswer(text: string): MutableChatModel {
    return sessionWithParts([new MarkdownChatResponseContentImpl(text)]);
}

/** A long answer as the ACP agents stream it: in sealed parts of a few KB. */
function sessionInParts(text: string, count: number): MutableChatModel {
    return sessionWithParts(Array.from({ length: count }, () => new AcpMarkdownPart(text, true)));
}

function sessionWithParts(parts: ChatResponseContent[]): MutableChatModel {
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    const request = model.addRequest({ request: { text: 'Tell me — in ünïcödé 🚀' }, parts: [], toolRequests: new Map(), variables: [] }, 'GeminiCLI');
    parts.forEach(part => request.response.response.addContent(part));
    request.response.complete();
    return model;
}

describe('EncodedChatSessionStore (the chat\'s auto-save, encoded natively)', () => {
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

    it('makes a long session\'s file in slices that let the page run, and writes it in chunks', async () => {
        const model = sessionInParts(answer.slice(0, 4096), 100);
        const ours = storeWith(new EncodedChatSessionStore());
        const theirs = storeWith(new ChatSessionStoreImpl());
        let pauses = 0;
        Object.assign(ours.store, { sliceOptions: { sliceMs: 0, chunkChars: 16 * 1024, pause: async () => { pauses++; } } });
        await ours.store.storeSessions({ model, lastInteraction: 1700000000000 });
        await theirs.store.storeSessions({ model, lastInteraction: 1700000000000 });
        const file = `file:///storage/chat/${model.id}.json`;
        assert.ok(pauses > 10, `${pauses} pauses`);
        assert.ok(ours.writes.get(file)! > 3, `${ours.writes.get(file)} chunks`); // > 3: Theia's file service writes them buffered
        assert.equal(theirs.writes.get(file), 1);
        assert.deepEqual(Buffer.from(ours.files.get(file)!), Buffer.from(theirs.files.get(file)!));
    });

    it('saves a session as it was when the save began, though the answer grows between the slices', async () => {
        const model = sessionInParts(answer.slice(0, 4096), 100);
        const before = storeWith(new ChatSessionStoreImpl());
        await before.store.storeSessions({ model, lastInteraction: 1700000000000 });
        const ours = storeWith(new EncodedChatSessionStore());
        const response = model.getRequests()[0].response.response;
        Object.assign(ours.store, { sliceOptions: { sliceMs: 0, pause: async () => response.addContent(new MarkdownChatResponseContentImpl(' more')) } });
        await ours.store.storeSessions({ model, lastInteraction: 1700000000000 });
        const file = `file:///storage/chat/${model.id}.json`;
        assert.ok(response.asString().endsWith(' more'));
        assert.deepEqual(Buffer.from(ours.files.get(file)!), Buffer.from(before.files.get(file)!));
    });

    it('reads a chat saved with the ACP agents\' markdown in Theia\'s kind as agent markdown (its links come back inert), another agent\'s as it was', async () => {
        const ours = storeWith(new EncodedChatSessionStore());
        const theirs = storeWith(new ChatSessionStoreImpl());
        Object.assign(theirs, { files: ours.files });
        const model = sessionWithAnswer('[run](command:aiCliChat.anything)');
        const other = new MutableChatModel(ChatAgentLocation.Panel);
        other.addRequest({ request: { text: 'hi' }, parts: [], toolRequests: new Map(), variables: [] }, 'Coder').response.response
            .addContent(new MarkdownChatResponseContentImpl('[x](command:y)'));
        await ours.store.storeSessions({ model, lastInteraction: 1 }, { model: other, lastInteraction: 1 });
        const read = await ours.store.readSession(model.id);
        assert.deepEqual(read?.model.responses[0].content.map(part => part.kind), ['acpMarkdown']);
        const kept = await ours.store.readSession(other.id);
        assert.deepEqual(kept?.model.responses[0].content.map(part => part.kind), ['markdownContent']);
    });
});
