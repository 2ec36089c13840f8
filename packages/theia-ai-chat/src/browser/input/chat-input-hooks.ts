import { inject, injectable } from '@theia/core/shared/inversify';
import * as React from '@theia/core/shared/react';
import { ChatAgent } from '@theia/ai-chat/lib/common/chat-agents';
import { ChatRequest, ChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpUsage, describeUsage } from '../../common/session-config/acp-usage';
import { ChatInputHooks, ChatInputModelSelector, QueuedChatPrompt } from '../../common/theia-patch-hooks/chat-input-hooks';
import { AcpAgentDirectory } from '../session/agent-directory';
import { AcpChatSessions } from '../session/chat-sessions';
import { AcpEarlyPrompt } from './early-prompt';
import { AcpEarlyPrompts } from './early-prompts';
import { acpModelSelectorProps } from './model-selector';
import { AcpPromptQueue } from './prompt-queue';
import { AcpQueuedPrompts } from './queued-prompts';
import { SEND_NOW_COMMAND } from './send-now';
import { AcpSessionBar } from './session-bar';
import { AcpSessionConfigs } from './session-configs';

/** What the chat input's patch adds for ACP agents, answered by the input feature's services. */
@injectable()
export class AcpChatInputHooks implements ChatInputHooks {
    @inject(AcpChatSessions) protected readonly acpSessions: AcpChatSessions;
    @inject(AcpAgentDirectory) protected readonly agents: AcpAgentDirectory;
    @inject(AcpEarlyPrompts) protected readonly earlyPrompts: AcpEarlyPrompts;
    @inject(AcpSessionConfigs) protected readonly sessionConfigs: AcpSessionConfigs;
    @inject(AcpPromptQueue) protected readonly promptQueue: AcpPromptQueue;

    get onDidChangeModels(): ChatInputHooks['onDidChangeModels'] {
        return this.acpSessions.onDidChangeModels;
    }

    get onDidChangeSessionConfig(): ChatInputHooks['onDidChangeSessionConfig'] {
        return this.sessionConfigs.onDidChange;
    }

    get onDidChangeQueue(): ChatInputHooks['onDidChangeQueue'] {
        return this.promptQueue.onDidChange;
    }

    isOwnAgent(agent: ChatAgent | undefined): boolean {
        return this.agents.isAcpAgent(agent);
    }

    modelSelectorProps(chatSessionId: string, agentId: string, override: string | undefined, onModelChange: (modelId: string | undefined) => void): ChatInputModelSelector {
        // The agent's older `models` where it reports them (gemini, qwen), else its `model` config option.
        const models = this.acpSessions.modelsFor(chatSessionId, agentId);
        const offered = models?.models.length ? models : this.sessionConfigs.modelsFor(chatSessionId, agentId) ?? models;
        return acpModelSelectorProps(offered, override, onModelChange);
    }

    usageOf(chatSessionId: string, agentId: string): AcpUsage | undefined {
        return this.sessionConfigs.usageOf(chatSessionId, agentId);
    }

    renderSessionBar(chatSessionId: string, agentId: string, options: { disabled: boolean; warningFraction: number; onNewChat: () => void }): React.ReactNode {
        const usage = this.sessionConfigs.usageOf(chatSessionId, agentId);
        return React.createElement(AcpSessionBar, {
            controls: this.sessionConfigs.compactControls(chatSessionId, agentId),
            usage: usage && describeUsage(usage, options.warningFraction),
            disabled: options.disabled,
            onChoose: (configId, value) => this.sessionConfigs.choose(chatSessionId, agentId, configId, value),
            onNewChat: options.onNewChat
        });
    }

    sendAtGesture(chatSessionId: string, text: string, modeId: string | undefined, hasContext: boolean): AcpEarlyPrompt | undefined {
        return this.earlyPrompts.send(chatSessionId, text, modeId, hasContext);
    }

    releaseEarly(early: AcpEarlyPrompt): void {
        this.earlyPrompts.release(early);
    }

    runningTurn(chatSessionId: string): ChatRequestModel | undefined {
        return this.promptQueue.runningTurn(chatSessionId);
    }

    queued(chatSessionId: string): readonly QueuedChatPrompt[] {
        return this.promptQueue.list(chatSessionId);
    }

    queue(chatSessionId: string, request: ChatRequest, first?: boolean): QueuedChatPrompt {
        return this.promptQueue.add(chatSessionId, request, first);
    }

    takeQueued(chatSessionId: string, id: number): QueuedChatPrompt | undefined {
        return this.promptQueue.take(chatSessionId, id);
    }

    sendQueuedNow(chatSessionId: string, id: number): Promise<void> {
        return this.promptQueue.sendNow(chatSessionId, id);
    }

    renderQueue(chatSessionId: string, options: { keybindingHint: (commandId: string) => string | undefined; onEdit: (id: number) => void }): React.ReactNode {
        const prompts = this.promptQueue.list(chatSessionId);
        if (prompts.length === 0) {
            return undefined;
        }
        return React.createElement(AcpQueuedPrompts, {
            prompts, held: !this.promptQueue.runningTurn(chatSessionId), sendNowKey: options.keybindingHint(SEND_NOW_COMMAND.id),
            onSendNow: id => void this.promptQueue.sendNow(chatSessionId, id),
            onEdit: options.onEdit,
            onRemove: id => void this.promptQueue.take(chatSessionId, id)
        });
    }
}
