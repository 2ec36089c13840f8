import type * as React from '@theia/core/shared/react';
import type { Event } from '@theia/core/lib/common/event';
import type { LanguageModel } from '@theia/ai-core/lib/common/language-model';
import type { ChatAgent } from '@theia/ai-chat/lib/common/chat-agents';
import type { ChatRequest, ChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import type { AcpUsage } from '../session-config/acp-usage';

/** A prompt that left at the gesture; only the hooks know what it holds. */
export type EarlyPrompt = object;

/** A message waiting for the chat's running turn to end. */
export interface QueuedChatPrompt {
    readonly id: number;
    readonly request: ChatRequest;
}

/** What Theia's per-session model selector shows (its props type is not exported). */
export interface ChatInputModelSelector {
    models: LanguageModel[];
    currentModelId?: string;
    defaultLabel: string;
    onModelChange: (modelId: string | undefined) => void;
}

/**
 * Called by the chat input's patch (theia-patches/chat-input-widget.ts): everything it adds for the chat's own agents
 * (ACP agents) — their models in the model selector, their config options and usage under the input, the prompt sent
 * at the gesture, and the messages queued while a turn runs. The patch keeps the widget's part (when to ask, what to
 * re-render); the input feature (input/chat-input-hooks.ts) answers.
 */
export const ChatInputHooks = Symbol('ChatInputHooks');
export interface ChatInputHooks {
    /** Whether the agent is one of the chat's own (an ACP agent): the rest applies to those only. */
    isOwnAgent(agent: ChatAgent | undefined): boolean;
    /** An agent (by id) reported its models. */
    readonly onDidChangeModels: Event<string>;
    /** An agent's config options or usage changed, in one chat or (chatSessionId undefined) in all. */
    readonly onDidChangeSessionConfig: Event<{ chatSessionId: string | undefined; agentId: string }>;
    /** The queue of a chat (by id) changed. */
    readonly onDidChangeQueue: Event<string>;

    modelSelectorProps(chatSessionId: string, agentId: string, override: string | undefined, onModelChange: (modelId: string | undefined) => void): ChatInputModelSelector;
    usageOf(chatSessionId: string, agentId: string): AcpUsage | undefined;
    /** The agent's config options and usage under the input (nothing when it has neither). */
    renderSessionBar(chatSessionId: string, agentId: string, options: { disabled: boolean; warningFraction: number; onNewChat: () => void }): React.ReactNode;

    /** Sends the prompt now, at the click or key press, when an agent of the chat's own receives it. */
    sendAtGesture(chatSessionId: string, text: string, modeId: string | undefined, hasContext: boolean): EarlyPrompt | undefined;
    /** The request that `sendAtGesture` anticipated went out, or never will. */
    releaseEarly(early: EarlyPrompt): void;

    runningTurn(chatSessionId: string): ChatRequestModel | undefined;
    queued(chatSessionId: string): readonly QueuedChatPrompt[];
    queue(chatSessionId: string, request: ChatRequest, first?: boolean): QueuedChatPrompt;
    takeQueued(chatSessionId: string, id: number): QueuedChatPrompt | undefined;
    sendQueuedNow(chatSessionId: string, id: number): Promise<void>;
    /** The queued messages under the input (nothing when none waits). */
    renderQueue(chatSessionId: string, options: { keybindingHint: (commandId: string) => string | undefined; onEdit: (id: number) => void }): React.ReactNode;
}
