import { injectable } from '@theia/core/shared/inversify';
import { ChatContentDeserializerContribution, ChatContentDeserializerRegistry } from '@theia/ai-chat/lib/common/chat-content-deserializer';
import { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ACP_MARKDOWN_KIND, AcpMarkdownPart } from './markdown-parts';

/**
 * Restores an agent's markdown as ours (inert links), never as Theia's markdown part. Each part comes back
 * sealed: Theia adds restored parts one by one, merging a part into the one before it of the same kind, and
 * the parts were cut to keep each render small.
 */
@injectable()
export class AcpMarkdownDeserializer implements ChatContentDeserializerContribution {
    registerDeserializers(registry: ChatContentDeserializerRegistry): void {
        registry.register({ kind: ACP_MARKDOWN_KIND, deserialize: data => restoredMarkdown(data) });
    }
}

export function restoredMarkdown(data: unknown): AcpMarkdownPart {
    const content = (data as { content?: unknown } | null | undefined)?.content;
    return new AcpMarkdownPart(typeof content === 'string' ? content : '', true);
}

/** Theia's own content kind for markdown, which chats saved before agent markdown had a kind of its own used for it. */
const THEIAS_MARKDOWN_KIND = 'markdownContent';

/**
 * A saved chat whose answers from ACP agents hold Theia's markdown kind (saved before agent markdown had its own):
 * those parts become agent markdown, so that their links come back inert. An answer keeps Theia's kind only when
 * its request names an agent that is known and not an ACP agent (`isOtherAgent`); an agent since removed cannot
 * be told apart, and its text is then shown with inert links too.
 */
export function withAgentMarkdown(data: SerializedChatData, isOtherAgent: (agentId: string) => boolean): SerializedChatData {
    const agentOf = new Map(data.model.requests.map(request => [request.id, request.agentId]));
    const fromAgent = (requestId: string) => {
        const agentId = agentOf.get(requestId);
        return agentId === undefined || !isOtherAgent(agentId);
    };
    if (!data.model.responses.some(response => fromAgent(response.requestId) && response.content.some(part => part.kind === THEIAS_MARKDOWN_KIND))) {
        return data;
    }
    const responses = data.model.responses.map(response => !fromAgent(response.requestId) ? response : {
        ...response,
        content: response.content.map(part => part.kind === THEIAS_MARKDOWN_KIND ? { ...part, kind: ACP_MARKDOWN_KIND } : part)
    });
    return { ...data, model: { ...data.model, responses } };
}
