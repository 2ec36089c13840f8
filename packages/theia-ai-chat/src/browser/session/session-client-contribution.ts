import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';
import { AcpAgentStartProgress } from '../../common/agents/agent-start-progress';

/**
 * A feature's share of the backend's callbacks (issue 33): the session layer routes them (frontend-client.ts,
 * chat-sessions.ts) and imports no feature; features bind one of these in their module, each method optional.
 */
export const AcpSessionClientContribution = Symbol('AcpSessionClientContribution');
export interface AcpSessionClientContribution {
    /** Every update of a session, before its listener (the running turn, else the session state) gets it. */
    onSessionUpdate?(chatSessionId: string, agentId: string, update: AcpSessionUpdate): void;
    onTerminalOutput?(chatSessionId: string, output: AcpTerminalOutput): void;
    onAgentStarting?(chatSessionId: string, agentId: string, progress: AcpAgentStartProgress): void;
    /** The chat session was deleted: what a feature keeps for it can go. */
    onChatDeleted?(chatSessionId: string): void;
}

/**
 * The editor's files as the agent reads and writes them through the client (unsaved text wins; a write is
 * listed in the chat's change set). One implementation (file-system/), bound where the folders meet.
 */
export const AcpClientFiles = Symbol('AcpClientFiles');
export interface AcpClientFiles {
    unsavedText(path: string): Promise<string | undefined>;
    written(chatSessionId: string, agentId: string, path: string, before: string | undefined, content: string): Promise<void>;
}
