import type { WorkspaceAgent } from '@ai-cli-companion/acp-client';
import { AcpSessionInfo } from '../../common/acp-chat-protocol';
import { chatSessionKey } from '../../common/chat-session-key';

export interface MappedSession {
    readonly chatSessionId: string;
    readonly agentId: string;
    readonly host: WorkspaceAgent;
    readonly sessionId: string;
    readonly roots: readonly string[];
    info: AcpSessionInfo;
}

/** Theia chat session × agent → its own ACP session, so two chats never share a conversation. */
export class AcpSessionMap {
    private readonly sessions = new Map<string, MappedSession>();

    get(chatSessionId: string, agentId: string): MappedSession | undefined {
        return this.sessions.get(chatSessionKey(chatSessionId, agentId));
    }

    /** The session, if its agent still runs it (a crash or restart ends every session of the process). */
    live(chatSessionId: string, agentId: string): MappedSession | undefined {
        const session = this.get(chatSessionId, agentId);
        return session && session.host.hasSession(session.sessionId) ? session : undefined;
    }

    set(session: MappedSession): void {
        this.sessions.set(chatSessionKey(session.chatSessionId, session.agentId), session);
    }

    delete(chatSessionId: string, agentId: string): void {
        this.sessions.delete(chatSessionKey(chatSessionId, agentId));
    }

    /** Removes and returns every ACP session of one chat session. */
    takeChat(chatSessionId: string): MappedSession[] {
        const taken = [...this.sessions.values()].filter(session => session.chatSessionId === chatSessionId);
        taken.forEach(session => this.delete(session.chatSessionId, session.agentId));
        return taken;
    }

    takeAll(): MappedSession[] {
        const all = [...this.sessions.values()];
        this.sessions.clear();
        return all;
    }
}
