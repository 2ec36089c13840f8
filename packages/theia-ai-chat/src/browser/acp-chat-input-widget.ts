import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { AIChatInputWidget } from '@theia/ai-chat-ui/lib/browser/chat-input-widget';
import { AcpChatAgent } from './acp-chat-agent';
import { AcpChatSessions } from './acp-chat-sessions';
import { AcpEarlyPrompts } from './acp-early-prompts';
import { acpModelSelectorProps } from './acp-model-selector';

/**
 * Theia's chat input, whose per-session model selector lists an ACP agent's own models (from its
 * `session/new`) when that agent receives the prompt. The choice is stored where Theia stores it (the
 * session's `commonSettings.modelId`); the agent sends `session/set_model` before its next prompt.
 * Every other agent keeps Theia's list of language models.
 */
@injectable()
export class AcpChatInputWidget extends AIChatInputWidget {
    @inject(AcpChatSessions) protected readonly acpSessions: AcpChatSessions;
    @inject(AcpEarlyPrompts) protected readonly earlyPrompts: AcpEarlyPrompts;

    @postConstruct()
    protected override init(): void {
        super.init();
        this.toDispose.push(this.acpSessions.onDidChangeModels(agentId => {
            if (this.receivingAgent?.agentId === agentId) {
                this.update();
            }
        }));
    }

    /**
     * Theia calls this first on Send, then clears and re-lays out the input before its chat service
     * even parses the request; an ACP agent's prompt leaves here already (see AcpEarlyPrompts).
     */
    override set onQuery(query: AIChatInputWidget['onQuery']) {
        super.onQuery = async (prompt, mode, ...rest) => {
            const early = this._chatModel && this.earlyPrompts.send(this._chatModel.id, prompt, mode, this.getAllVariablesForRequest().length > 0);
            try {
                await query(prompt, mode, ...rest);
            } finally {
                if (early) {
                    this.earlyPrompts.release(early);
                }
            }
        };
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
