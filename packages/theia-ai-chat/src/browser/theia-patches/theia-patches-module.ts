import { interfaces } from '@theia/core/shared/inversify';
import { ChatSessionStoreImpl } from '@theia/ai-chat/lib/browser/chat-session-store-impl';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChatSessionStore } from '@theia/ai-chat/lib/common/chat-session-store';
import { AIChatInputWidget } from '@theia/ai-chat-ui/lib/browser/chat-input-widget';
import { AIChatContribution } from '@theia/ai-chat-ui/lib/browser/ai-chat-ui-contribution';
import { ChatViewTreeWidget } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { createTreeContainer } from '@theia/core/lib/browser/tree/tree-container';
import { AcpChatInputWidget } from './chat-input-widget';
import { AcpChatViewTreeWidget } from './chat-view-tree-widget';
import { AcpAIChatContribution } from './chat-ui-contribution';
import { EncodedChatSessionStore } from './encoded-chat-session-store';
import { bindAcpChangeSetFileElementFactory } from './change-set-element';
import { bindAcpChangeSetElementRestore } from './change-set-element-restore';
import { AgentListedChatSessionStore } from './agent-listed-session-store';
import { renderMarkdownWithOneParser } from './markdown-rendering';
import { ListedChatSessions } from '../../common/theia-patch-hooks/listed-chat-sessions';

/** Every place the chat replaces a Theia internal: see UPSTREAM.md for the change that would make each unnecessary. */
export function bindTheiaPatches(bind: interfaces.Bind, rebind: interfaces.Rebind): void {
    // A change-set entry per file an agent wrote, whose Revert also restores an empty original.
    bindAcpChangeSetFileElementFactory(bind);
    // A stored chat's entries come back as ours, with their review (Theia would restore them as its own kind).
    bindAcpChangeSetElementRestore(bind);
    // The chat's auto-save of a long answer blocked the page for hundreds of ms per save.
    rebind(ChatSessionStoreImpl).to(EncodedChatSessionStore).inSingletonScope();
    // "Browse all chats…" also lists the agents' own sessions (session/list); Theia builds it from the store's index only.
    // Both looked up when used: Theia's chat service needs this store, and the agents' history needs the chat's services.
    rebind(ChatSessionStore).toDynamicValue(({ container }) => new AgentListedChatSessionStore(container.get(ChatSessionStoreImpl),
        () => container.get<ListedChatSessions>(ListedChatSessions), () => container.get<ChatService>(ChatService).getSessions().map(session => session.id))).inSingletonScope();
    // "Browse all chats…" shows Theia's chats at once and adds the agents' sessions as they answer.
    rebind(AIChatContribution).to(AcpAIChatContribution).inSingletonScope();
    // The chat input's model selector offers an ACP agent's own models (Theia's list for every other agent).
    rebind(AIChatInputWidget).to(AcpChatInputWidget);
    // The chat tree shows an ACP agent's first answer content in the task that delivered it.
    rebind(ChatViewTreeWidget).toDynamicValue(ctx => createTreeContainer(ctx.container, {
        props: { multiSelect: false, search: false }, // Theia's CHAT_VIEW_TREE_PROPS
        widget: AcpChatViewTreeWidget
    }).get(AcpChatViewTreeWidget));
    // The user's messages, questions and suggestions render with one markdown-it (Theia builds one per render).
    renderMarkdownWithOneParser();
}
