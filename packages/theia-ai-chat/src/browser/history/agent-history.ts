import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter, Event } from '@theia/core/lib/common/event';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import type { SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import type { ChatSessionIndex } from '@theia/ai-chat/lib/common/chat-session-store';
import { AcpChatHistoryService, AcpListableAgent, AcpListedSession, AcpOpenedListedSession } from '../../common/history/acp-chat-history-protocol';
import { listedChatId, parseListedChatId } from '../../common/history/listed-chat-id';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { userAcpChatAgents } from '../../common/agents/acp-chat-agents';
import { userAcpChatSetting } from '../../common/acp-chat-preferences';
import { ListedChatSessions } from '../../common/theia-patch-hooks/listed-chat-sessions';
import { listedChatData } from './listed-transcript';

/** A listed conversation being opened as a chat; `opened` settles with its agent session (undefined: it could not be opened). */
export interface AcpListedChatOpening {
    readonly chatSessionId: string;
    readonly agentId: string;
    readonly opened: Promise<AcpOpenedListedSession | undefined>;
}

/** How long the picker shows itself busy waiting for the agents' lists; later answers still join it. */
export const BROWSE_BUSY_MS = 10_000;

/** One opening of "Browse all chats…": what the agents have answered so far, and who is still asked. */
export interface AcpHistoryBrowse {
    /** Agents that are not running: asking them starts them, so only on request (`load`). Their earlier list, if any, shows meanwhile. */
    readonly notLoaded: readonly AcpListableAgent[];
    /** Agents asked that have not answered yet. */
    readonly waiting: number;
    /** An agent answered, or `notLoaded` changed. */
    readonly onDidChange: Event<void>;
    /** Asks the agents of `notLoaded` afresh, starting them. */
    load(): void;
    dispose(): void;
}

/**
 * The agents' own sessions as entries of Theia's chat session index ("Browse all chats…"): `<agent>: <title>`
 * with the agent's date, pinned to the agent. Opening one continues the agent's session in a chat whose
 * transcript is the agent's `session/load` replay; deleting one sends `session/delete` where offered.
 * A session a Theia chat already continues is listed as that chat only.
 *
 * The index never waits for an agent (issue 31 part 4): it holds what the agents last answered. Each opening
 * (`browse`) asks the running agents, each on its own, and takes the earlier list of this backend run of those
 * that are not; the picker adds each answer as it comes. Agents that are not running are started to ask them
 * only when the user says so (the picker's load entry). The chat service also reads the index to delete a chat (for
 * its delegated children, which listed sessions never have), and a delete must not wait for agents either.
 */
@injectable()
export class AcpAgentHistory implements ListedChatSessions {
    @inject(AcpChatHistoryService) protected readonly backend: AcpChatHistoryService;
    // Not the chat's agent services: Theia's chat service (which they need) needs the session store this serves.
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(MessageService) protected readonly messages: MessageService;

    /** Each agent's sessions as it last answered, by agent id. */
    protected readonly lists = new Map<string, AcpListedSession[]>();
    /** What the last listing said of each entry (its title and date, for the chat it opens as). */
    protected readonly lastListed = new Map<string, AcpListedSession>();
    protected readonly onWillOpenEmitter = new Emitter<AcpListedChatOpening>();
    /**
     * Fires as the backend is asked to open a listed conversation, so its chat agent listens from the start
     * (the agent's commands follow the load) and takes the session's modes, models and options once it is open.
     */
    readonly onWillOpen: Event<AcpListedChatOpening> = this.onWillOpenEmitter.event;

    /** Asks the agents that can answer without starting; the index follows their answers. */
    browse(): AcpHistoryBrowse {
        const onDidChange = new Emitter<void>();
        const roots = this.roots();
        let notLoaded: AcpListableAgent[] = [];
        let waiting = 0;
        let disposed = false;
        const ask = (agents: readonly AcpListableAgent[], earlier: boolean) => {
            for (const agent of agents) {
                waiting++;
                this.backend.listSessions(roots, [agent.agentId], earlier).catch(error => {
                    console.warn(`Could not list the sessions of ${agent.agentName}`, error);
                    return undefined;
                }).then(sessions => {
                    waiting--;
                    if (sessions) {
                        this.remember(agent.agentId, sessions);
                    }
                    if (!disposed) {
                        onDidChange.fire();
                    }
                });
            }
        };
        waiting++;
        this.backend.listableAgents(roots).catch(() => []).then(agents => {
            waiting--;
            notLoaded = agents.filter(agent => !agent.running);
            ask(agents.filter(agent => agent.running), false);
            ask(agents.filter(agent => !agent.running && agent.listedBefore), true);
            if (!disposed) {
                onDidChange.fire();
            }
        });
        return {
            get notLoaded() { return notLoaded; },
            get waiting() { return waiting; },
            onDidChange: onDidChange.event,
            load: () => {
                const asked = notLoaded;
                notLoaded = [];
                ask(asked, false);
                onDidChange.fire();
            },
            dispose: () => {
                disposed = true;
                onDidChange.dispose();
            }
        };
    }

    owns(chatSessionId: string): boolean {
        return parseListedChatId(chatSessionId) !== undefined;
    }

    mayHaveSessions(): Promise<boolean> {
        return this.backend.mayList().catch(() => false);
    }

    /** The agents' sessions not already shown as one of the `known` chats, as far as they have answered. */
    async index(known: ReadonlySet<string>): Promise<ChatSessionIndex> {
        const index: ChatSessionIndex = {};
        for (const session of [...this.lists.values()].flat()) {
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
            const list = this.lists.get(listed.agentId);
            if (list) {
                this.lists.set(listed.agentId, list.filter(session => session.sessionId !== listed.sessionId));
            }
        }
    }

    protected roots(): string[] {
        return this.workspace.tryGetRoots().map(root => root.resource.path.fsPath());
    }

    protected remember(agentId: string, sessions: AcpListedSession[]): void {
        this.lists.set(agentId, sessions);
        sessions.forEach(session => this.lastListed.set(listedChatId(session.agentId, session.sessionId), session));
    }
}
