import { inject, injectable } from '@theia/core/shared/inversify';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import type { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import type { ChatSessionIndex } from '@theia/ai-chat/lib/common/chat-session-store';
import { AcpChatHistoryService, AcpListedSession } from '../../common/acp-chat-history-protocol';
import { listedChatId, parseListedChatId } from '../../common/listed-chat-id';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { userAcpChatAgents } from '../../common/acp-chat-agents';
import { userAcpChatSetting } from '../../common/acp-chat-preferences';
import { listedChatData } from './listed-transcript';

/** One listing serves the calls of one gesture (the list, then a delete's cascade and the list again). */
const LISTING_REUSED_MS = 3_000;

/**
 * The agents' own sessions as entries of Theia's chat session index ("Browse all chats…"): `<agent>: <title>`
 * with the agent's date, pinned to the agent. Opening one continues the agent's session in a chat whose
 * transcript is the agent's `session/load` replay; deleting one sends `session/delete` where offered.
 * A session a Theia chat already continues is listed as that chat only.
 */
@injectable()
export class AcpAgentHistory {
    @inject(AcpChatHistoryService) protected readonly backend: AcpChatHistoryService;
    // Not the chat's agent services: Theia's chat service (which they need) needs the session store this serves.
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(MessageService) protected readonly messages: MessageService;

    protected listing: { at: number; sessions: Promise<AcpListedSession[]> } | undefined;
    /** What the last listing said of each entry (its title and date, for the chat it opens as). */
    protected readonly lastListed = new Map<string, AcpListedSession>();

    owns(chatSessionId: string): boolean {
        return parseListedChatId(chatSessionId) !== undefined;
    }

    mayHaveSessions(): Promise<boolean> {
        return this.backend.mayList().catch(() => false);
    }

    /** The agents' sessions not already shown as one of the `known` chats. */
    async index(known: ReadonlySet<string>): Promise<ChatSessionIndex> {
        const index: ChatSessionIndex = {};
        for (const session of await this.sessions()) {
            const chatSessionId = listedChatId(session.agentId, session.sessionId);
            if (known.has(chatSessionId) || session.continuedBy.some(id => known.has(id))) {
                continue;
            }
            index[chatSessionId] = {
                sessionId: chatSessionId, title: `${session.agentName}: ${session.title ?? session.sessionId}`,
                saveDate: Date.parse(session.updatedAt ?? '') || 0, location: ChatAgentLocation.Panel, pinnedAgentId: session.agentId
            };
        }
        return index;
    }

    /** The listed session as a chat: its agent session is continued (loaded) first. */
    async read(chatSessionId: string): Promise<SerializedChatData | undefined> {
        const listed = parseListedChatId(chatSessionId);
        const agent = listed && userAcpChatAgents(userAcpChatSetting(name => this.preferences.inspect(name))).agents.find(candidate => candidate.id === listed.agentId);
        if (!listed || !agent) {
            return undefined;
        }
        const entry = this.lastListed.get(chatSessionId);
        const opened = await this.backend.openSession(chatSessionId, agent, this.roots(), listed.sessionId);
        if ('error' in opened) {
            this.messages.error(`${agent.displayName} could not open this conversation: ${opened.error.message}`);
            return undefined;
        }
        if (opened.reason) {
            this.messages.info(opened.reason);
        }
        this.listing = undefined;
        return listedChatData({
            chatSessionId, agentId: agent.id, replay: opened.replay,
            title: `${agent.displayName}: ${entry?.title ?? listed.sessionId}`, saveDate: Date.parse(entry?.updatedAt ?? '') || Date.now()
        });
    }

    async delete(chatSessionId: string): Promise<void> {
        const listed = parseListedChatId(chatSessionId);
        if (listed) {
            await this.backend.deleteSession(listed.agentId, listed.sessionId, this.roots());
            this.listing = undefined;
        }
    }

    protected roots(): string[] {
        return this.workspace.tryGetRoots().map(root => root.resource.path.fsPath());
    }

    protected sessions(): Promise<AcpListedSession[]> {
        if (!this.listing || Date.now() - this.listing.at > LISTING_REUSED_MS) {
            const sessions = this.backend.listSessions(this.roots()).catch(error => {
                console.warn('Could not list the agents\' sessions', error);
                return [];
            });
            this.listing = { at: Date.now(), sessions };
            void sessions.then(listed => listed.forEach(session => this.lastListed.set(listedChatId(session.agentId, session.sessionId), session)));
        }
        return this.listing.sessions;
    }
}
