import { injectable } from '@theia/core/shared/inversify';
import { BinaryBuffer } from '@theia/core/lib/common/buffer';
import { ChatModel } from '@theia/ai-chat/lib/common/chat-model';
import { CHAT_DATA_VERSION, SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ChatModelWithMetadata } from '@theia/ai-chat/lib/common/chat-session-store';
import { ChatSessionStoreImpl } from '@theia/ai-chat/lib/browser/chat-session-store-impl';

/**
 * Theia's chat session store, writing each session with the browser's native `TextEncoder`.
 * Theia's own `storeSessions` encodes the JSON with `BinaryBuffer.fromString`, which in the browser
 * bundle is the `buffer` polyfill's UTF-8 encoder in JavaScript: for a session holding a 1 MB answer
 * that is a main-thread task of hundreds of ms, repeated by the chat's auto-save (every 5 s at most
 * while an answer streams, and after it). Same files, same order of steps; only the encoding differs.
 */
@injectable()
export class EncodedChatSessionStore extends ChatSessionStoreImpl {
    private readonly encoder = new TextEncoder();

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
            for (const session of nonEmpty) {
                const data: SerializedChatData = {
                    version: CHAT_DATA_VERSION,
                    title: session.title,
                    pinnedAgentId: session.pinnedAgentId,
                    saveDate: session.saveDate,
                    rootSessionId: session.rootSessionId,
                    parentSessionId: session.parentSessionId,
                    model: session.model.toSerializable()
                };
                await this.fileService.writeFile(root.resolve(`${session.model.id}.json`), this.encode(JSON.stringify(data, undefined, 2)));
            }
            await this.updateIndex(nonEmpty);
            await this.trimSessions();
        });
        return this.storePromise;
    }

    protected encode(text: string): BinaryBuffer {
        return BinaryBuffer.wrap(this.encoder.encode(text));
    }
}
