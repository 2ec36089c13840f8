import { interfaces } from '@theia/core/shared/inversify';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { ChatContentDeserializerContribution } from '@theia/ai-chat/lib/common/chat-content-deserializer';
import { AcpEarlierContextDeserializer, AcpEarlierContextRenderer } from './earlier-context-view';

/**
 * A fresh session is given the chat's earlier conversation (earlier-conversation.ts, called by the chat agent):
 * the line that says so, and what it was given, drawn in the answer and restored with a saved chat.
 */
export function bindEarlierContext(bind: interfaces.Bind): void {
    bind(AcpEarlierContextRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpEarlierContextRenderer);
    bind(ChatContentDeserializerContribution).to(AcpEarlierContextDeserializer).inSingletonScope();
}
