import type { AcpChatAgentConfig, AcpSessionInfo, AcpSessionUpdate, AcpTurnErrorData } from '../acp-chat-protocol';

export const ACP_CHAT_HISTORY_PATH = '/services/ai-cli-companion/acp-chat-history';

/** One session an agent reported through `session/list` for the workspace folder. */
export interface AcpListedSession {
    readonly agentId: string;
    readonly agentName: string;
    readonly sessionId: string;
    readonly title?: string;
    /** ISO 8601, as the agent said it. */
    readonly updatedAt?: string;
    /** Theia chats that continue this session (they are listed as themselves, not again as the agent's). */
    readonly continuedBy: string[];
}

/** An agent-listed session opened as a chat: the `session/load` replay (how it was continued). */
export interface AcpOpenedListedSession {
    readonly replay: AcpSessionUpdate[];
    readonly how: 'live' | 'resumed' | 'loaded' | 'new';
    /** `new`: why the agent does not continue the conversation. */
    readonly reason?: string;
    /** The session the chat now continues, as `prepare` reports it: its modes, models and options show before the first prompt. */
    readonly session: AcpSessionInfo;
}

/** One of the user's agents that may list sessions. */
export interface AcpListableAgent {
    readonly agentId: string;
    readonly agentName: string;
    /** It runs: asking it starts nothing. */
    readonly running: boolean;
    /** It listed its sessions earlier in this backend run: that answer is there without starting it. */
    readonly listedBefore: boolean;
}

/**
 * The agents' own history (`session/list`, `session/load`, `session/delete`) for Theia's "Browse all chats…".
 * Only the user's agents are asked, and of those only the ones whose `initialize` offers `list`.
 */
export const AcpChatHistoryService = Symbol('AcpChatHistoryService');
export interface AcpChatHistoryService {
    /** False when no agent of the user's can list sessions, as far as this backend knows (none is started to find out). */
    mayList(): Promise<boolean>;
    /** The user's agents not known to lack `list`, and which of them can answer without being started. */
    listableAgents(roots: string[]): Promise<AcpListableAgent[]>;
    /**
     * The sessions for `roots[0]` of the agents `agentIds` (all of them when absent), through every `nextCursor`;
     * an agent that fails or lacks `list` adds none. With `earlier`, an agent that is not running answers from
     * what it listed earlier in this backend run instead of being started (if it has no such answer, it is).
     */
    listSessions(roots: string[], agentIds?: string[], earlier?: boolean): Promise<AcpListedSession[]>;
    /**
     * Continues the agent's session as the chat `chatSessionId` (`session/load` where offered, for its replay):
     * the chat's next prompt goes to it. `chatSessionId` must be `listedChatId(agent.id, sessionId)`.
     */
    openSession(chatSessionId: string, agent: AcpChatAgentConfig, roots: string[], sessionId: string): Promise<AcpOpenedListedSession | { error: AcpTurnErrorData }>;
    /** `session/delete` where the agent offers it (true: sent). */
    deleteSession(agentId: string, sessionId: string, roots: string[]): Promise<boolean>;
}
