import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { CommandRegistry } from '@theia/core/lib/common/command';
import { Emitter, Event } from '@theia/core/lib/common/event';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import type { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import type { ChatSessionIndex } from '@theia/ai-chat/lib/common/chat-session-store';
import { AcpChatHistoryService, AcpListedSession, AcpOpenedListedSession } from '../../common/acp-chat-history-protocol';
import { listedChatId, parseListedChatId } from '../../common/listed-chat-id';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { userAcpChatAgents } from '../../common/acp-chat-agents';
import { userAcpChatSetting } from '../../common/acp-chat-preferences';
import { listedChatData } from './listed-transcript';

/** A listed conversation being opened as a chat; `opened` settles with its agent session (undefined: it could not be opened). */
export interface AcpListedChatOpening {
    readonly chatSessionId: string;
    readonly agentId: string;
    readonly opened: Promise<AcpOpenedListedSession | undefined>;
}

/** Theia's "Browse all chats…" (AI_CHAT_SHOW_CHATS_COMMAND of @theia/ai-chat-ui). */
export const BROWSE_ALL_CHATS = 'ai-chat-ui.show-chats';

/**
 * The agents' own sessions as entries of Theia's chat session index ("Browse all chats…"): `<agent>: <title>`
 * with the agent's date, pinned to the agent. Opening one continues the agent's session in a chat whose
 * transcript is the agent's `session/load` replay; deleting one sends `session/delete` where offered.
 * A session a Theia chat already continues is listed as that chat only.
 *
 * The agents are asked when "Browse all chats…" opens (starting an agent can take seconds), and that answer
 * serves the index until the next time it opens: the chat service also reads the index to delete a chat
 * (for its delegated children, which listed sessions never have), and a delete must not wait for agents.
 */
@injectable()
export class AcpAgentHistory {
    @inject(AcpChatHistoryService) protected readonly backend: AcpChatHistoryService;
    // Not the chat's agent services: Theia's chat service (which they need) needs the session store this serves.
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(MessageService) protected readonly messages: MessageService;

    @inject(CommandRegistry) protected readonly commands: CommandRegistry;

    /** The agents' answer since "Browse all chats…" last opened; none before it first opens. */
    protected listing: Promise<AcpListedSession[]> | undefined;
    protected browsing = false;
    /** What the last listing said of each entry (its title and date, for the chat it opens as). */
    protected readonly lastListed = new Map<string, AcpListedSession>();
    protected readonly onWillOpenEmitter = new Emitter<AcpListedChatOpening>();
    /**
     * Fires as the backend is asked to open a listed conversation, so its chat agent listens from the start
     * (the agent's commands follow the load) and takes the session's modes, models and options once it is open.
     */
    readonly onWillOpen: Event<AcpListedChatOpening> = this.onWillOpenEmitter.event;

    @postConstruct()
    protected init(): void {
        this.commands.onWillExecuteCommand(event => {
            if (event.commandId === BROWSE_ALL_CHATS) {
                this.listing = undefined;
                this.browsing = true;
            }
        });
    }

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
        const call = this.backend.openSession(chatSessionId, agent, this.roots(), listed.sessionId);
        // In the task that sent the call: nothing the backend says of this session can arrive before the listeners hear this.
        this.onWillOpenEmitter.fire({ chatSessionId, agentId: agent.id, opened: call.then(result => 'error' in result ? undefined : result, () => undefined) });
        const opened = await call;
        if ('error' in opened) {
            this.messages.error(`${agent.displayName} could not open this conversation: ${opened.error.message}`);
            return undefined;
        }
        if (opened.reason) {
            this.messages.info(opened.reason);
        }
        return listedChatData({
            chatSessionId, agentId: agent.id, replay: opened.replay,
            title: `${agent.displayName}: ${entry?.title ?? listed.sessionId}`, saveDate: Date.parse(entry?.updatedAt ?? '') || Date.now()
        });
    }

    async delete(chatSessionId: string): Promise<void> {
        const listed = parseListedChatId(chatSessionId);
        if (listed) {
            await this.backend.deleteSession(listed.agentId, listed.sessionId, this.roots());
            const gone = (session: AcpListedSession) => session.agentId === listed.agentId && session.sessionId === listed.sessionId;
            this.listing = this.listing?.then(sessions => sessions.filter(session => !gone(session)));
        }
    }

    protected roots(): string[] {
        return this.workspace.tryGetRoots().map(root => root.resource.path.fsPath());
    }

    protected sessions(): Promise<AcpListedSession[]> {
        if (!this.listing && this.browsing) {
            this.browsing = false;
            this.listing = this.backend.listSessions(this.roots()).catch(error => {
                console.warn('Could not list the agents\' sessions', error);
                return [];
            });
            void this.listing.then(listed => listed.forEach(session => this.lastListed.set(listedChatId(session.agentId, session.sessionId), session)));
        }
        return this.listing ?? Promise.resolve([]);
    }
}
