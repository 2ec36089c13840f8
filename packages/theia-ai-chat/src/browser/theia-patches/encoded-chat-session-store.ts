import { inject, injectable } from '@theia/core/shared/inversify';
import { BinaryBuffer, BinaryBufferReadable } from '@theia/core/lib/common/buffer';
import { ChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { CHAT_DATA_VERSION, SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ChatModelWithMetadata } from '@theia/ai-chat/lib/common/chat-session-store';
import { ChatSessionStoreImpl } from '@theia/ai-chat/lib/browser/chat-session-store-impl';
import { RestoredChatData } from '../../common/theia-patch-hooks/restored-chat-data';
import { encodeJsonInSlices, SliceOptions } from './sliced-json';

/**
 * Theia's chat session store, writing the same files without long main-thread tasks. Theia's own
 * `storeSessions` makes the whole session's JSON in one go, encodes it with `BinaryBuffer.fromString`
 * (in the browser the `buffer` polyfill's UTF-8 encoder, in JavaScript) and sends it to the backend in
 * one RPC message: for a session holding a 1 MB answer, tasks of hundreds of ms, repeated by the chat's
 * auto-save (every 5 s at most while an answer streams, and after it). Here the session is taken as it
 * is now (`toSerializable()`, cheap), then turned into JSON in slices that let the page run between
 * them, encoded with the browser's `TextEncoder`, and written in chunks (Theia's buffered write: one
 * small RPC message per chunk). Same file content, same order of steps.
 * Every chat read back goes through the RestoredChatData hook (a chat saved before agent markdown had a kind of
 * its own gets its ACP agents' markdown as theirs: Theia would restore it as its own part, whose links run `command:` URIs).
 */
@injectable()
export class EncodedChatSessionStore extends ChatSessionStoreImpl {
    @inject(RestoredChatData) protected readonly restoredChats: RestoredChatData;
    protected sliceOptions: SliceOptions = {};

    override async readSession(sessionId: string): Promise<SerializedChatData | undefined> {
        const data = await super.readSession(sessionId);
        return data && this.restoredChats.restored(data);
    }

    override async storeSessions(...sessions: Array<ChatModel | ChatModelWithMetadata>): Promise<void> {
        this.storePromise = this.storePromise.then(async () => {
            const root = await this.ensureStorageReady();
            if (!root) {
                return;
            }
            const nonEmpty = sessions
                .map(session => 'model' in session
                    ? { ...session, saveDate: session.lastInteraction ?? Date.now() }
                    : { model: session, saveDate: Date.now() })
                .filter(session => !session.model.isEmpty());
            // Each session as it is now: a stream still adding to it while the slices run does not tear it.
            const snapshots = nonEmpty.map((session): SerializedChatData => ({
                version: CHAT_DATA_VERSION,
                title: session.title,
                pinnedAgentId: session.pinnedAgentId,
                saveDate: session.saveDate,
                rootSessionId: session.rootSessionId,
                parentSessionId: session.parentSessionId,
                model: session.model.toSerializable()
            }));
            for (const [i, session] of nonEmpty.entries()) {
                const chunks = await encodeJsonInSlices(snapshots[i], '  ', this.sliceOptions);
                await this.fileService.writeFile(root.resolve(`${session.model.id}.json`), readableOf(chunks));
            }
            await this.updateIndex(nonEmpty);
            await this.trimSessions();
        });
        return this.storePromise;
    }
}

/** The chunks one by one: more than a few make Theia's file service write them as separate messages. */
function readableOf(chunks: Uint8Array[]): BinaryBufferReadable {
    let next = 0;
    return { read: () => next < chunks.length ? BinaryBuffer.wrap(chunks[next++]) : null };
}
