import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { addEventListener } from '@theia/core/lib/browser/widgets/widget';
import { AIChatInputWidget } from '@theia/ai-chat-ui/lib/browser/chat-input-widget';
import { ChatAgent } from '@theia/ai-chat/lib/common/chat-agents';
import { ChatInputHooks, EarlyPrompt } from '../../common/theia-patch-hooks/chat-input-hooks';
import { isSendButton, isSendGesture } from './send-gesture';
import { layOutOncePerFrame } from './input-layout';
import * as React from '@theia/core/shared/react';
import { CommonCommands } from '@theia/core/lib/browser/common-frontend-contribution';
import { AI_CHAT_HOME } from '@theia/ai-chat-ui/lib/browser/chat-view-commands';
import { CHAT_VIEW_TOKEN_USAGE_WARNING_THRESHOLD_PERCENTAGE } from '@theia/ai-chat-ui/lib/browser/chat-view-preferences';
import { decideTokenUsageWarning } from '@theia/ai-chat-ui/lib/browser/chat-token-usage-indicator-util';
import { describeUsage } from '../../common/session-config/acp-usage';

/**
 * Theia's chat input, with two changes:
 * - Its per-session model selector lists an ACP agent's own models (from its `session/new`) when that
 *   agent receives the prompt. The choice is stored where Theia stores it (the session's
 *   `commonSettings.modelId`); the agent sends `session/set_model` before its next prompt. Every other
 *   agent keeps Theia's list of language models.
 * - Under it, an ACP agent's config options (thinking level and its own) as compact controls and the session's
 *   usage (`50k / 200k · $0.12`); an agent's `model` and `mode` config options fill the model and mode selectors
 *   where it reports no older `models`/`modes`. Near the context's limit it warns and offers a new chat, as
 *   Theia does for its own agents (its threshold preference; its toast where its warning preference is on).
 * - Send costs the page less before the answer's first token: an ACP agent's prompt leaves at the
 *   click or key press itself, the send button does not take the focus, the editor lays out once per
 *   frame, and keybinding labels are looked up once.
 * - While an ACP agent's turn runs, Send queues the message (shown under the input) instead of stopping the
 *   turn; Send now (Ctrl/Cmd+Enter) stops it and sends at once (issue 31 part 3).
 * What it adds for those agents, the input feature answers through the ChatInputHooks hook.
 */
@injectable()
export class AcpChatInputWidget extends AIChatInputWidget {
    @inject(ChatInputHooks) protected readonly hooks: ChatInputHooks;
    /** Sent by the send gesture, for the `onQuery` that the same click or key press makes. */
    protected sentAtGesture: EarlyPrompt | undefined;
    /** Keybinding labels by command: Theia looks them up on every render, through all keybindings (3 ms, measured). */
    protected readonly keybindingHints = new Map<string, string | undefined>();

    @postConstruct()
    protected override init(): void {
        super.init();
        // Capture listeners on React's root: they run before Theia's handlers, and the browser runs the
        // microtasks they queue before the next listener, so the prompt's frames leave at once.
        this.toDispose.push(addEventListener(this.node, 'click', this.sendAtGesture, true));
        this.toDispose.push(addEventListener(this.node, 'keydown', this.sendAtGesture, true));
        // The send button keeps the focus in the input, as VS Code's does: Theia's handler then refocuses
        // an editor that never lost it, instead of recomputing the page's styles inside the click.
        this.toDispose.push(addEventListener(this.node, 'mousedown', event => {
            if (event.button === 0 && event.target instanceof Element && isSendButton(event.target)) {
                event.preventDefault();
            }
        }, true));
        this.toDispose.push(this.keybindingRegistry.onKeybindingsChanged(() => this.keybindingHints.clear()));
        this.toDispose.push(this.hooks.onDidChangeQueue(chatSessionId => chatSessionId === this._chatModel?.id && this.update()));
        this.toDispose.push(this.hooks.onDidChangeModels(agentId => {
            if (this.receivingAgent?.agentId === agentId) {
                this.update();
            }
        }));
        this.toDispose.push(this.hooks.onDidChangeSessionConfig(({ chatSessionId, agentId }) => {
            if (this.receivingAgent?.agentId === agentId && (!chatSessionId || chatSessionId === this._chatModel?.id)) {
                // After the agent has taken the modes of the session that just opened (the same task).
                queueMicrotask(() => {
                    this.followAgentModes();
                    this.warnNearContextLimit(agentId);
                    this.update();
                });
            }
        }));
    }

    /** The ACP agent that receives the next prompt, if the receiving agent is one. */
    protected receivingAcpAgent(): ChatAgent | undefined {
        const agentId = this.receivingAgent?.agentId;
        const agent = agentId ? this.chatAgentService.getAgent(agentId) : undefined;
        return this.hooks.isOwnAgent(agent) ? agent : undefined;
    }

    /**
     * Theia reads an agent's modes when it becomes the receiving one; an agent whose modes come from its `mode`
     * config option knows them only once its session opened: the selector takes them then.
     */
    protected followAgentModes(): void {
        const agent = this.receivingAcpAgent();
        const shown = this.receivingAgent;
        const modes = agent?.modes ?? [];
        if (!agent || !shown || JSON.stringify(modes.map(mode => mode.id)) === JSON.stringify(shown.modes.map(mode => mode.id))) {
            return;
        }
        const currentModeId = modes.some(mode => mode.id === shown.currentModeId) ? shown.currentModeId : modes.find(mode => mode.isDefault)?.id;
        this.receivingAgent = { ...shown, modes, currentModeId };
        this.chatInputHasModesKey.set(modes.length > 1);
    }

    /** Theia's warning for its own agents' token count, here for what the ACP agent reports of its context. */
    protected warnNearContextLimit(agentId: string): void {
        const usage = this._chatModel && this.hooks.usageOf(this._chatModel.id, agentId);
        if (!usage || usage.size <= 0 || !this.isTokenUsageWarningEnabled()) {
            return;
        }
        const chatSessionId = this._chatModel.id;
        const decision = decideTokenUsageWarning({
            totalTokens: usage.used,
            threshold: Math.round(this.getTokenUsageWarningThresholdPercentage() / 100 * usage.size),
            alreadyNotified: this.notifiedSessions.has(chatSessionId)
        });
        if (decision === 'reset') {
            this.notifiedSessions.delete(chatSessionId);
        } else if (decision === 'notify') {
            this.notifiedSessions.add(chatSessionId);
            void this.showContextLimitWarning(agentId, describeUsage(usage).label);
        }
    }

    protected async showContextLimitWarning(agentId: string, label: string): Promise<void> {
        const newChat = 'Start New Chat';
        const settings = 'Open Settings';
        const answer = await this.messageService.warn(`${agentId}'s context is nearly full (${label}). A new chat starts with an empty one.`, newChat, settings);
        if (answer === newChat) {
            await this.commandService.executeCommand(AI_CHAT_HOME.id);
        } else if (answer === settings) {
            await this.commandService.executeCommand(CommonCommands.OPEN_PREFERENCES.id, CHAT_VIEW_TOKEN_USAGE_WARNING_THRESHOLD_PERCENTAGE);
        }
    }

    protected override render(): React.ReactNode {
        // Always the same shape, the bar or nothing beside Theia's input: returning the input alone for one agent
        // and a fragment for another made React remount the input (a new Monaco editor) the moment a typed
        // `@agent` named an ACP agent, and the rest of what the user typed was lost with the focus.
        return React.createElement(React.Fragment, undefined, super.render(), this.renderQueue(), this.renderSessionBar());
    }

    /**
     * The mode the selector holds, where it is the mode of the agent this prompt goes to. Theia reads the receiving
     * agent from the input's text a moment after each change: a prompt sent at once after typing `@OtherAgent …` came
     * with the mode selected for the agent before, and one of the same id was set on the other agent (Auto Edit chosen
     * for gemini in one chat made gemini's next edit in another chat go unasked). An ACP agent named in the prompt that
     * is not the receiving one gets no mode: its session starts in, or goes back to, its default, which asks.
     */
    protected modeFor(prompt: string, mode: string | undefined): string | undefined {
        const mentioned = /^\s*@([A-Za-z][\w-]*)/.exec(prompt)?.[1];
        const target = mentioned ? this.chatAgentService.getAgents().find(agent => agent.id === mentioned || agent.name === mentioned) : undefined;
        return target && this.hooks.isOwnAgent(target) && target.id !== this.receivingAgent?.agentId ? undefined : mode;
    }

    /** Whether Send queues now: an ACP agent's turn runs in this chat (Theia would stop it). An edit is never queued. */
    protected queuesNow(): boolean {
        const turn = this._chatModel && !this._branch && this.hooks.runningTurn(this._chatModel.id);
        if (!turn) {
            return false;
        }
        const running = turn.response.agentId ? this.chatAgentService.getAgent(turn.response.agentId) : undefined;
        return this.hooks.isOwnAgent(running) || !!this.receivingAcpAgent();
    }

    /**
     * Send now: the text in the input (or else the first queued message) goes at once, stopping the running turn.
     * False when there is nothing to send.
     */
    sendNow(): boolean {
        const chatSessionId = this._chatModel?.id;
        const model = this.editorRef?.document.textEditorModel;
        if (!chatSessionId || !model) {
            return false;
        }
        const text = model.getValue();
        if (text.trim()) {
            const variables = this.getAllVariablesForRequest();
            const mode = this.receivingAgent?.currentModeId;
            model.setValue('');
            const queued = this.hooks.queue(chatSessionId, { text, ...mode ? { modeId: mode } : {}, ...variables.length > 0 ? { variables } : {} }, true);
            void this.hooks.sendQueuedNow(chatSessionId, queued.id);
            return true;
        }
        const first = this.hooks.queued(chatSessionId)[0];
        if (first) {
            void this.hooks.sendQueuedNow(chatSessionId, first.id);
            return true;
        }
        return false;
    }

    /** Whether Send now has something to send in this chat while an ACP agent's turn runs. */
    canSendNow(): boolean {
        const chatSessionId = this._chatModel?.id;
        return !!chatSessionId && this.queuesNow() && (!!this.editorRef?.document.textEditorModel.getValue().trim() || this.hooks.queued(chatSessionId).length > 0);
    }

    protected renderQueue(): React.ReactNode {
        const chatSessionId = this._chatModel?.id;
        return chatSessionId ? this.hooks.renderQueue(chatSessionId, {
            keybindingHint: commandId => this.getKeybindingHint(commandId),
            onEdit: id => this.editQueued(chatSessionId, id)
        }) : undefined;
    }

    /** A queued message back into the input, after what is typed there. */
    protected editQueued(chatSessionId: string, id: number): void {
        const queued = this.hooks.takeQueued(chatSessionId, id);
        const editor = this.editorRef?.getControl();
        if (!queued || !editor) {
            return;
        }
        const typed = editor.getValue();
        editor.setValue(typed.trim() ? `${typed}\n${queued.request.text}` : queued.request.text);
        editor.setPosition({ lineNumber: editor.getModel()?.getLineCount() ?? 1, column: Number.MAX_SAFE_INTEGER });
        editor.focus();
    }

    protected renderSessionBar(): React.ReactNode {
        const agent = this.receivingAcpAgent();
        if (!agent || !this._chatModel) {
            return undefined;
        }
        return this.hooks.renderSessionBar(this._chatModel.id, agent.id, {
            disabled: !this.isEnabled,
            warningFraction: this.getTokenUsageWarningThresholdPercentage() / 100,
            onNewChat: () => void this.commandService.executeCommand(AI_CHAT_HOME.id)
        });
    }

    /**
     * The click or key press that Theia answers by sending: an ACP agent's prompt leaves now (see
     * ChatInputHooks.sendAtGesture). Theia's own handler runs next in the same event; were the prompt sent from
     * there, socket.io would write its payload only after that handler and its renders.
     */
    protected readonly sendAtGesture = (event: Event): void => {
        // Not for an edited earlier message (an input in the chat's tree, with its branch): it goes to a new session.
        if (!this.isEnabled || !this._chatModel || this.sentAtGesture || this._branch || !isSendGesture(event) || this.queuesNow()) {
            return;
        }
        const text = this.editorRef?.document.textEditorModel.getValue() ?? '';
        const early = text.trim()
            ? this.hooks.sendAtGesture(this._chatModel.id, text, this.modeFor(text, this.receivingAgent?.currentModeId), this.getAllVariablesForRequest().length > 0)
            : undefined;
        if (early) {
            this.sentAtGesture = early;
            // Theia's handler calls onQuery in this same event; if it did not send after all, nothing adopts the prompt.
            setTimeout(() => {
                if (this.sentAtGesture === early) {
                    this.sentAtGesture = undefined;
                    this.hooks.releaseEarly(early);
                }
            });
        }
    };

    /**
     * Theia calls this first on Send, then clears and re-lays out the input before its chat service
     * even parses the request. The prompt left at the gesture already, or leaves here.
     */
    override set onQuery(query: AIChatInputWidget['onQuery']) {
        super.onQuery = async (prompt, selectedMode, ...rest) => {
            const mode = this.modeFor(prompt, selectedMode);
            if (this._chatModel && this.queuesNow()) {
                const [capabilityOverrides, genericCapabilitySelections, serverToolSelections] = rest;
                const variables = this.getAllVariablesForRequest();
                this.hooks.queue(this._chatModel.id, {
                    text: prompt, ...mode ? { modeId: mode } : {}, ...variables.length > 0 ? { variables } : {},
                    capabilityOverrides, genericCapabilitySelections, serverToolSelections
                });
                return;
            }
            const early = this.sentAtGesture
                ?? (this._chatModel && this.hooks.sendAtGesture(this._chatModel.id, prompt, mode, this.getAllVariablesForRequest().length > 0));
            this.sentAtGesture = undefined;
            try {
                await query(prompt, mode, ...rest);
            } finally {
                if (early) {
                    this.hooks.releaseEarly(early);
                }
            }
        };
    }

    protected override setupEditorEventListeners(): void {
        super.setupEditorEventListeners();
        if (this.editorRef) {
            this.toDispose.push(layOutOncePerFrame(this.editorRef));
        }
    }

    protected override getKeybindingHint(commandId: string): string | undefined {
        if (!this.keybindingHints.has(commandId)) {
            this.keybindingHints.set(commandId, super.getKeybindingHint(commandId));
        }
        return this.keybindingHints.get(commandId);
    }

    protected override getModelSelectorProps(): ReturnType<AIChatInputWidget['getModelSelectorProps']> {
        const agent = this.receivingAcpAgent();
        if (!agent || !this._chatModel) {
            return super.getModelSelectorProps();
        }
        return this.hooks.modelSelectorProps(this._chatModel.id, agent.id, this.getSessionModelOverride(), this.handleSessionModelChange);
    }
}
