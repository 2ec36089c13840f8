import { ContainerModule } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { ChatSessionStoreImpl } from '@theia/ai-chat/lib/browser/chat-session-store-impl';
import { AIChatInputWidget } from '@theia/ai-chat-ui/lib/browser/chat-input-widget';
import { AcpChatInputWidget } from './theia-patches/chat-input-widget';
import { createTreeContainer } from '@theia/core/lib/browser/tree/tree-container';
import { ChatViewTreeWidget } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { AcpChatViewTreeWidget } from './theia-patches/chat-view-tree-widget';
import { ACP_CHAT_PATH, AcpChatService } from '../common/acp-chat-protocol';
import { bindAcpChatPreferences } from '../common/acp-chat-preferences';
import { AcpChatAgentRegistry } from './agents/agent-registry';
import { AcpChatAgentServices } from './agents/agent-services';
import { AcpChatFrontendClient } from './session/frontend-client';
import { AcpSessionListeners } from './session/session-listeners';
import { ImmediateRpcProxyFactory } from './theia-patches/immediate-rpc-proxy-factory';
import { AcpChatSessions } from './session/chat-sessions';
import { AcpChatBackend, AcpEditorFileSystem } from './file-system/editor-file-system';
import { bindAcpChangeSetFileElementFactory } from './file-system/change-set-element';
import { AcpPendingQuestions } from './permissions/pending-questions';
import { AcpPromptBuilder } from './input/prompt-builder';
import { AcpEarlyPrompts } from './input/early-prompts';
import { PendingQuestionSource } from '@ai-cli-companion/core';
import { AcpToolCallRenderer } from './tool-calls/tool-call-renderer';
import { AcpMarkdownRenderer } from './turn/markdown-renderer';
import { AcpTerminalOutputs } from './tool-calls/terminal-outputs';
import { EncodedChatSessionStore } from './theia-patches/encoded-chat-session-store';
import { AcpCommandButtonsRenderer } from './turn/command-buttons';
import { AcpTurnLimitsRenderer } from './turn/turn-limits-renderer';
import { AcpAnswerResources } from './turn/answer-resources';
import { ResourceResolver } from '@theia/core/lib/common/resource';
import { AcpSendSelectionContribution } from './input/send-selection';
import { CommandContribution } from '@theia/core/lib/common/command';
import { MenuContribution } from '@theia/core/lib/common/menu';
import { ACP_API_KEYS_PATH, AcpApiKeyService } from '../common/acp-api-key-protocol';
import { AcpApiKeyCommandContribution } from './auth/api-key-commands';
import { ACP_REGISTRY_PATH, AcpRegistryService } from '../common/registry-protocol';
import { AcpRegistryCommandContribution } from './registry/acp-registry-commands';
import { RegistryIcons } from './registry/registry-icons';
import './style/acp-chat.css';

export default new ContainerModule((bind, _unbind, _isBound, rebind) => {
    bindAcpChatPreferences(bind);
    bindAcpChangeSetFileElementFactory(bind);
    bind(AcpEditorFileSystem).toSelf().inSingletonScope();
    bind(AcpChatBackend).toFactory(ctx => () => ctx.container.get<AcpChatService>(AcpChatService));
    bind(AcpTerminalOutputs).toSelf().inSingletonScope();
    bind(AcpSessionListeners).toSelf().inSingletonScope();
    bind(AcpChatFrontendClient).toSelf().inSingletonScope();
    // Written at once, not a microtask later: the prompt sent at the click leaves before Theia's send handler is done.
    bind(AcpChatService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<AcpChatService>(
        ctx.container, ACP_CHAT_PATH, new ImmediateRpcProxyFactory<AcpChatService>(ctx.container.get(AcpChatFrontendClient)))).inSingletonScope();
    bind(AcpChatSessions).toSelf().inSingletonScope();
    bind(AcpPromptBuilder).toSelf().inSingletonScope();
    bind(AcpEarlyPrompts).toSelf().inSingletonScope();
    bind(AcpPendingQuestions).toSelf().inSingletonScope();
    bind(PendingQuestionSource).toService(AcpPendingQuestions);
    bind(AcpChatAgentServices).toSelf().inSingletonScope();
    bind(AcpChatAgentRegistry).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(AcpChatAgentRegistry);
    bind(AcpToolCallRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpToolCallRenderer);
    // Our agents' text, with one markdown-it for all parts (Theia's renderer builds one per render).
    bind(AcpMarkdownRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpMarkdownRenderer);
    // What a flooding turn shows past its limits, and its whole answer as a read-only editor.
    bind(AcpTurnLimitsRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpTurnLimitsRenderer);
    bind(AcpAnswerResources).toSelf().inSingletonScope();
    bind(ResourceResolver).toService(AcpAnswerResources);
    // The chat's auto-save of a long answer blocked the page for hundreds of ms per save.
    rebind(ChatSessionStoreImpl).to(EncodedChatSessionStore).inSingletonScope();
    // The chat input's model selector offers an ACP agent's own models (Theia's list for every other agent).
    rebind(AIChatInputWidget).to(AcpChatInputWidget);
    // The chat tree shows an ACP agent's first answer content in the task that delivered it.
    rebind(ChatViewTreeWidget).toDynamicValue(ctx => createTreeContainer(ctx.container, {
        props: { multiSelect: false, search: false }, // Theia's CHAT_VIEW_TREE_PROPS
        widget: AcpChatViewTreeWidget
    }).get(AcpChatViewTreeWidget));
    bind(AcpSendSelectionContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpSendSelectionContribution);
    bind(MenuContribution).toService(AcpSendSelectionContribution);
    bind(AcpCommandButtonsRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpCommandButtonsRenderer);
    bind(AcpApiKeyService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<AcpApiKeyService>(ctx.container, ACP_API_KEYS_PATH))
        .inSingletonScope();
    bind(AcpApiKeyCommandContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpApiKeyCommandContribution);
    bind(AcpRegistryService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<AcpRegistryService>(ctx.container, ACP_REGISTRY_PATH))
        .inSingletonScope();
    bind(RegistryIcons).toSelf().inSingletonScope();
    bind(AcpRegistryCommandContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpRegistryCommandContribution);
    bind(FrontendApplicationContribution).toService(AcpRegistryCommandContribution);
});
