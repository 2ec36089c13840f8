import { inject, injectable } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ParsedChatRequest, ParsedChatRequestAgentPart } from '@theia/ai-chat/lib/common/parsed-chat-request';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { modelToSet } from '../../common/session-config/acp-models';
import { modeToSet } from '../../common/session-config/acp-modes';
import { AcpChatSessions } from '../session/chat-sessions';
import { AcpEarlyPrompt } from './early-prompt';
import { AcpSessionConfigs } from './session-configs';
import { AcpSessionListeners } from '../session/session-listeners';
import { promptText } from './prompt-builder';
import { chatSessionKey } from '../../common/chat-session-key';

/** Theia's chat parser's agent mention (chat-request-parser.ts), at the start of the text. */
const LEADING_MENTION = /^@([\w_\-.]+)(?=(\s|$|\b))/i;
/** Anything else Theia's parser would turn into a part of its own: a mention, variable, tool or command. */
const OTHER_PART = /(^|\s)[@#~/]/;

/**
 * Sends a chat prompt to its ACP agent at the click on Send, instead of after Theia's send handler,
 * parser and renders (measured: 20–40 ms). Only when the outcome is certain: the text is plain
 * (no variables, tools, commands or further mentions, no context attached), Theia's own agent
 * choice (`ChatService.getAgent`) is an ACP agent whose session is open and idle, and no mode, model
 * or config option switch has to go first. The agent's `invoke` adopts it after checking that the
 * request's prompt is the same; one that nobody adopts is cancelled.
 */
@injectable()
export class AcpEarlyPrompts {
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(ChatAgentService) protected readonly agents: ChatAgentService;
    @inject(AcpChatSessions) protected readonly sessions: AcpChatSessions;
    @inject(AcpChatService) protected readonly backend: AcpChatService;
    @inject(AcpSessionListeners) protected readonly listeners: AcpSessionListeners;
    @inject(AcpSessionConfigs) protected readonly configs: AcpSessionConfigs;
    @inject(ILogger) protected readonly logger: ILogger;

    protected readonly waiting = new Map<string, AcpEarlyPrompt>();

    /** Sends the prompt now if the chat will certainly send exactly it; what was sent, or undefined. */
    send(chatSessionId: string, text: string, modeId: string | undefined, hasContext: boolean): AcpEarlyPrompt | undefined {
        const session = this.chatService.getSession(chatSessionId);
        if (!session || hasContext || session.model.getRequests().some(request => !request.response.isComplete)) {
            return undefined;
        }
        const mention = LEADING_MENTION.exec(text);
        const mentioned = mention ? this.agents.getAgents().find(agent => agent.name === mention[1]) ?? this.agents.getAgent(mention[1]) : undefined;
        const rest = mentioned && mention ? text.slice(mention[0].length) : text;
        if (OTHER_PART.test(rest)) {
            return undefined;
        }
        const parsed: ParsedChatRequest = {
            request: { text },
            parts: mentioned && mention ? [new ParsedChatRequestAgentPart({ start: 0, endExclusive: mention[0].length }, mentioned.id, mentioned.name)] : [],
            toolRequests: new Map(),
            variables: []
        };
        const agent = this.chatService.getAgent(parsed, session);
        if (!agent) {
            return undefined;
        }
        // Only our agents have session states: any other agent ends here.
        const state = this.sessions.existingState(chatSessionId, agent.id);
        const open = state?.session;
        // A cancelled turn the agent has not answered yet: the request waits for it (TurnGate).
        if (!state || !open || state.turns.busy || this.waiting.has(chatSessionKey(chatSessionId, agent.id))) {
            return undefined;
        }
        const modelOverride = session.model.settings?.commonSettings?.modelId;
        if (modeToSet(open.modes, state.modeId(open.currentModeId), modeId) || modelToSet(open, modelOverride) ||
            this.configs.toSend(chatSessionId, agent.id, { models: open.models.length > 0, modes: open.modes.length > 0 }, modelOverride, modeId).length > 0) {
            return undefined;
        }
        const early = new AcpEarlyPrompt(chatSessionId, agent.id, [{ type: 'text', text: promptText(text, agent.id) }]);
        this.listeners.listen(chatSessionId, agent.id, early);
        early.result = this.backend.prompt(chatSessionId, agent.id, [...early.blocks]);
        this.waiting.set(chatSessionKey(chatSessionId, agent.id), early);
        return early;
    }

    /** The early prompt waiting for this agent's request, taken so that `release` leaves it alone. */
    take(chatSessionId: string, agentId: string): AcpEarlyPrompt | undefined {
        const early = this.waiting.get(chatSessionKey(chatSessionId, agentId));
        this.waiting.delete(chatSessionKey(chatSessionId, agentId));
        return early;
    }

    /** After the chat handled the send: a prompt no request took is cancelled. */
    release(early: AcpEarlyPrompt): void {
        if (this.waiting.get(chatSessionKey(early.chatSessionId, early.agentId)) === early) {
            this.waiting.delete(chatSessionKey(early.chatSessionId, early.agentId));
            void this.abandon(early);
        }
    }

    /**
     * Cancels a prompt no request adopted and waits for its turn to end. Its output goes to the
     * session state, which keeps the agent's commands and mode and answers a question `cancelled`.
     */
    async abandon(early: AcpEarlyPrompt): Promise<void> {
        this.logger.warn(`${early.agentId}: a prompt sent at the click was not the chat's request; cancelling it.`);
        const state = this.sessions.existingState(early.chatSessionId, early.agentId);
        if (state) {
            early.attach(state);
        }
        void this.backend.cancel(early.chatSessionId, early.agentId);
        await early.result.catch(() => undefined);
        if (state) {
            this.listeners.replace(early.chatSessionId, early.agentId, early, state);
        }
    }
}
