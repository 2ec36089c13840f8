import { ChatContentDeserializerRegistryImpl, DefaultChatContentDeserializerContribution } from '@theia/ai-chat/lib/common/chat-content-deserializer';
import { AcpElicitationDeserializer } from '../browser/elicitation/elicitation-restore';
import { AcpMarkdownDeserializer } from '../browser/turn/markdown-restore';

/** Theia's deserializer registry with its own kinds and the chat's, as the frontend module binds them. */
export function deserializers(): ChatContentDeserializerRegistryImpl {
    const registry = new ChatContentDeserializerRegistryImpl();
    const contributions = [new DefaultChatContentDeserializerContribution(), new AcpMarkdownDeserializer(), new AcpElicitationDeserializer()];
    Object.assign(registry, { deserializerContributions: { getContributions: () => contributions }, logger: { warn: () => undefined } });
    (registry as unknown as { initDeserializers(): void }).initDeserializers();
    return registry;
}
