import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { addEventListener } from '@theia/core/lib/browser/widgets/widget';
import { AIChatInputWidget } from '@theia/ai-chat-ui/lib/browser/chat-input-widget';
import { AcpChatAgent } from '../agents/chat-agent';
import { AcpChatSessions } from '../session/chat-sessions';
import { AcpEarlyPrompt } from '../input/early-prompt';
import { AcpEarlyPrompts } from '../input/early-prompts';
import { acpModelSelectorProps } from '../input/model-selector';
import { isSendButton, isSendGesture } from './send-gesture';
import { layOutOncePerFrame } from './input-layout';

/**
 * Theia's chat input, with two changes:
 * - Its per-session model selector lists an ACP agent's own models (from its `session/new`) when that
 *   agent receives the prompt. The choice is stored where Theia stores it (the session's
 *   `commonSettings.modelId`); the agent sends `session/set_model` before its next prompt. Every other
 *   agent keeps Theia's list of language models.
 * - Send costs the page less before the answer's first token: an ACP agent's prompt leaves at the
 *   click or key press itself, the send button does not take the focus, the editor lays out once per
 *   frame, and keybinding labels are looked up once.
 */
@injectable()
export class AcpChatInputWidget extends AIChatInputWidget {
    @inject(AcpChatSessions) protected readonly acpSessions: AcpChatSessions;
    @inject(AcpEarlyPrompts) protected readonly earlyPrompts: AcpEarlyPrompts;
    /** Sent by the send gesture, for the `onQuery` that the same click or key press makes. */
    protected sentAtGesture: AcpEarlyPrompt | undefined;
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
        this.toDispose.push(this.acpSessions.onDidChangeModels(agentId => {
            if (this.receivingAgent?.agentId === agentId) {
                this.update();
            }
        }));
    }

    /**
     * The click or key press that Theia answers by sending: an ACP agent's prompt leaves now (see
     * AcpEarlyPrompts). Theia's own handler runs next in the same event; were the prompt sent from
     * there, socket.io would write its payload only after that handler and its renders.
     */
    protected readonly sendAtGesture = (event: Event): void => {
        if (!this.isEnabled || !this._chatModel || this.sentAtGesture || !isSendGesture(event)) {
            return;
        }
        const text = this.editorRef?.document.textEditorModel.getValue() ?? '';
        const early = text.trim() ? this.earlyPrompts.send(this._chatModel.id, text, this.receivingAgent?.currentModeId, this.getAllVariablesForRequest().length > 0) : undefined;
        if (early) {
            this.sentAtGesture = early;
            // Theia's handler calls onQuery in this same event; if it did not send after all, nothing adopts the prompt.
            setTimeout(() => {
                if (this.sentAtGesture === early) {
                    this.sentAtGesture = undefined;
                    this.earlyPrompts.release(early);
                }
            });
        }
    };

    /**
     * Theia calls this first on Send, then clears and re-lays out the input before its chat service
     * even parses the request. The prompt left at the gesture already, or leaves here.
     */
    override set onQuery(query: AIChatInputWidget['onQuery']) {
        super.onQuery = async (prompt, mode, ...rest) => {
            const early = this.sentAtGesture
                ?? (this._chatModel && this.earlyPrompts.send(this._chatModel.id, prompt, mode, this.getAllVariablesForRequest().length > 0));
            this.sentAtGesture = undefined;
            try {
                await query(prompt, mode, ...rest);
            } finally {
                if (early) {
                    this.earlyPrompts.release(early);
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
        const agentId = this.receivingAgent?.agentId;
        const agent = agentId ? this.chatAgentService.getAgent(agentId) : undefined;
        if (!(agent instanceof AcpChatAgent) || !this._chatModel) {
            return super.getModelSelectorProps();
        }
        return acpModelSelectorProps(this.acpSessions.modelsFor(this._chatModel.id, agent.id), this.getSessionModelOverride(),
            this.handleSessionModelChange);
    }
}
