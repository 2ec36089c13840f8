import * as React from '@theia/core/shared/react';
import { injectable } from '@theia/core/shared/inversify';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { SerializableChatResponseContentData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ChatContentDeserializerContribution, ChatContentDeserializerRegistry } from '@theia/ai-chat/lib/common/chat-content-deserializer';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';

export const ACP_EARLIER_CONTEXT_KIND = 'acpEarlierContext';

/**
 * The line saying that a fresh session was given the chat's earlier conversation (`earlier-conversation.ts`), with
 * exactly the text that was sent. Saved with the chat, so a restored chat still shows what the agent was given.
 */
export class AcpEarlierContextContent implements ChatResponseContent {
    readonly kind = ACP_EARLIER_CONTEXT_KIND;

    constructor(readonly line: string, readonly sent: string) { }

    /** The line only: the transcript is not part of this answer's words (nor of a later transcript). */
    asString(): string {
        return this.line;
    }

    toSerializable(): SerializableChatResponseContentData<{ line: string; sent: string }> {
        return { kind: ACP_EARLIER_CONTEXT_KIND, data: { line: this.line, sent: this.sent } };
    }
}

/** One line, opened to the text as it was sent (plain text, never markdown: it holds the agents' words). */
@injectable()
export class AcpEarlierContextRenderer implements ChatResponsePartRenderer<AcpEarlierContextContent> {
    canHandle(content: ChatResponseContent): number {
        return content instanceof AcpEarlierContextContent ? 20 : -1;
    }

    render(content: AcpEarlierContextContent): React.ReactNode {
        return <EarlierContext content={content} />;
    }
}

function EarlierContext({ content }: { content: AcpEarlierContextContent }): React.ReactElement {
    // Rendered only once opened: up to 24 KB of text stays out of the page (and its text search) until asked for.
    const [open, setOpen] = React.useState(false);
    return <details className='theia-acp-earlier-context' open={open}
        onToggle={event => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
        <summary style={{ cursor: 'pointer', fontStyle: 'italic' }}>{content.line}</summary>
        {open && <pre className='theia-acp-earlier-context-sent'
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '40vh', overflow: 'auto' }}>{content.sent}</pre>}
    </details>;
}

@injectable()
export class AcpEarlierContextDeserializer implements ChatContentDeserializerContribution {
    registerDeserializers(registry: ChatContentDeserializerRegistry): void {
        registry.register({ kind: ACP_EARLIER_CONTEXT_KIND, deserialize: data => restoredEarlierContext(data) });
    }
}

/** A saved note as read from the store: anything not a string is empty. */
export function restoredEarlierContext(data: unknown): AcpEarlierContextContent {
    const saved = (typeof data === 'object' && data ? data : {}) as { line?: unknown; sent?: unknown };
    return new AcpEarlierContextContent(typeof saved.line === 'string' ? saved.line : '', typeof saved.sent === 'string' ? saved.sent : '');
}
