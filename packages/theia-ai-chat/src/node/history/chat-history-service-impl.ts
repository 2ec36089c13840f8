import type * as acp from '@agentclientprotocol/sdk';
import * as path from 'path';
import { inject, injectable, optional } from '@theia/core/shared/inversify';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import type { SessionHandlers, WorkspaceAgent } from '@ai-cli-companion/acp-client';
import { AcpChatAgentConfig, AcpSessionUpdate, AcpTurnErrorData } from '../../common/acp-chat-protocol';
import { AcpChatHistoryService, AcpListableAgent, AcpListedSession, AcpOpenedListedSession } from '../../common/history/acp-chat-history-protocol';
import { listedChatId, MAX_LISTED_SESSION_ID } from '../../common/history/listed-chat-id';
import { userAcpChatAgents } from '../../common/agents/acp-chat-agents';
import { userAcpChatSetting } from '../../common/acp-chat-preferences';
import { acpEngine } from '../agents/engine';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpChatServiceImpl } from '../session/chat-service-impl';
import { AcpChatSessionIds } from '../session/chat-session-ids';
import { AcpAgentListOffers } from './list-offers';
import { capReplay } from './replay-cap';

/** How long one agent may take to start and list its sessions before the list goes on without it. */
const LIST_TIMEOUT_MS = 20_000;
const MAX_TITLE = 200;

/**
 * The agents' own sessions for Theia's "Browse all chats…", per window: listed from every agent of the
 * user's settings that offers `session/list` (one that never ran here is started once to learn whether it
 * does), opened into this window's chat service with `session/load`, deleted with `session/delete`. An agent
 * started only for this is stopped again once nothing uses it.
 */
@injectable()
export class AcpChatHistoryServiceImpl implements AcpChatHistoryService {
    @inject(AcpAgentHosts) protected readonly hosts: AcpAgentHosts;
    @inject(AcpChatServiceImpl) protected readonly chat: AcpChatServiceImpl;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(AcpAgentListOffers) protected readonly offers: AcpAgentListOffers;
    @inject(AcpChatSessionIds) @optional() protected readonly sessionIds: AcpChatSessionIds | undefined;
    /** Each agent's last `session/list` answer in this backend run, by agent run and folder. */
    protected readonly listed = new Map<string, acp.SessionInfo[]>();

    async mayList(): Promise<boolean> {
        return this.userAgents().some(agent => this.offers.get(agent) !== false);
    }

    async listableAgents(roots: string[]): Promise<AcpListableAgent[]> {
        const cwd = roots[0];
        if (!cwd) {
            return [];
        }
        return this.userAgents().filter(agent => this.offers.get(agent) !== false).map(agent => ({
            agentId: agent.id, agentName: agent.displayName, running: this.isRunning(agent, cwd), listedBefore: this.listed.has(listKey(agent, cwd))
        }));
    }

    async listSessions(roots: string[], agentIds?: string[], earlier = false): Promise<AcpListedSession[]> {
        const cwd = roots[0];
        if (!cwd) {
            return [];
        }
        const lists = await Promise.all(this.userAgents().filter(agent => this.offers.get(agent) !== false)
            .filter(agent => !agentIds || agentIds.includes(agent.id))
            .map(agent => this.listOf(agent, cwd, earlier)));
        return lists.flat();
    }

    async openSession(chatSessionId: string, agent: AcpChatAgentConfig, roots: string[], sessionId: string): Promise<AcpOpenedListedSession | { error: AcpTurnErrorData }> {
        const cwd = roots[0];
        if (chatSessionId !== listedChatId(agent.id, sessionId)) {
            return { error: { code: 'BAD_REQUEST', message: 'That chat does not stand for this agent session.', details: '' } };
        }
        if (!cwd) {
            return { error: { code: 'NO_WORKSPACE', message: `Open a folder first: ${agent.displayName} works in a workspace folder.`, details: '' } };
        }
        let host: WorkspaceAgent;
        try {
            host = this.hosts.agentFor(agent, cwd);
        } catch (error) {
            return { error: { code: 'UNKNOWN_AGENT', message: error instanceof Error ? error.message : String(error), details: '' } };
        }
        try {
            // session/load for the transcript; the chat service then takes the session over (live: nothing more is sent).
            const attached = await host.attachSession(idle(), { sessionId, cwd, prefer: 'load', mcpServers: await this.hosts.mcpServersFor(agent.id, host) });
            await this.sessionIds?.set(chatSessionId, agent.id, { sessionId: attached.sessionId, cwd });
            const prepared = await this.chat.prepare(chatSessionId, agent, roots, []);
            if ('error' in prepared) {
                return prepared;
            }
            return {
                replay: capReplay((attached.replay ?? []) as unknown as AcpSessionUpdate[]), how: attached.how,
                ...attached.reason ? { reason: attached.reason } : {}, session: prepared
            };
        } catch (error) {
            return { error: host.describe(error) };
        }
    }

    async deleteSession(agentId: string, sessionId: string, roots: string[]): Promise<boolean> {
        const agent = this.userAgents().find(candidate => candidate.id === agentId);
        if (!agent || !roots[0]) {
            return false;
        }
        const host = this.hosts.agentFor(agent, roots[0]);
        const wasRunning = !!host.current;
        const key = listKey(agent, roots[0]);
        const earlier = this.listed.get(key);
        if (earlier) {
            this.listed.set(key, earlier.filter(session => session.sessionId !== sessionId));
        }
        try {
            return await host.deleteSession(sessionId);
        } catch (error) {
            console.warn(`${agent.displayName} could not delete session ${sessionId}`, error);
            return false;
        } finally {
            await this.sessionIds?.delete(listedChatId(agentId, sessionId)).catch(() => []);
            if (!wasRunning) {
                await host.stopIfUnused();
            }
        }
    }

    /**
     * One agent's sessions for `cwd`; none when it lacks `list`, fails, or takes too long. With `earlier`, an agent
     * that is not running answers from its last list of this backend run, if any, instead of being started again.
     */
    protected async listOf(agent: AcpChatAgentConfig, cwd: string, earlier: boolean): Promise<AcpListedSession[]> {
        const key = listKey(agent, cwd);
        const before = this.listed.get(key);
        if (earlier && before && !this.isRunning(agent, cwd)) {
            return this.asListed(agent, before);
        }
        const host = this.hosts.agentFor(agent, cwd);
        const wasRunning = !!host.current;
        try {
            const listed = await acpEngine().within(host.listAllSessions(cwd), LIST_TIMEOUT_MS, `no session list within ${LIST_TIMEOUT_MS / 1000} s`);
            this.offers.set(agent, listed.supported);
            const sessions = listed.sessions.filter(isListable).filter(session => typeof session.cwd !== 'string' || path.resolve(session.cwd) === path.resolve(cwd));
            this.listed.set(key, sessions);
            return this.asListed(agent, sessions);
        } catch (error) {
            console.warn(`${agent.displayName} listed no sessions: ${error instanceof Error ? error.message : String(error)}`);
            return [];
        } finally {
            if (!wasRunning) {
                await host.stopIfUnused();
            }
        }
    }

    /** The agent's sessions as entries, each with the Theia chats that continue it now. */
    protected asListed(agent: AcpChatAgentConfig, sessions: readonly acp.SessionInfo[]): Promise<AcpListedSession[]> {
        return Promise.all(sessions.map(async session => ({
            agentId: agent.id, agentName: agent.displayName, sessionId: session.sessionId,
            ...typeof session.title === 'string' && session.title.trim() ? { title: session.title.trim().slice(0, MAX_TITLE) } : {},
            ...typeof session.updatedAt === 'string' ? { updatedAt: session.updatedAt } : {},
            continuedBy: await this.sessionIds?.chatsOf(agent.id, session.sessionId) ?? []
        })));
    }

    protected isRunning(agent: AcpChatAgentConfig, cwd: string): boolean {
        try {
            return !!this.hosts.agentFor(agent, cwd).current;
        } catch {
            return false; // an agent the hosts refuse is asked (and refused) like any other
        }
    }

    /** The agents of the user's settings (never the window's word). */
    protected userAgents(): AcpChatAgentConfig[] {
        return userAcpChatAgents(userAcpChatSetting(name => this.preferences.inspect(name))).agents;
    }
}

function listKey(agent: AcpChatAgentConfig, cwd: string): string {
    return JSON.stringify([agent.id, agent.command, agent.args, path.resolve(cwd)]);
}

function isListable(session: acp.SessionInfo): boolean {
    return typeof session?.sessionId === 'string' && session.sessionId.length > 0 && session.sessionId.length <= MAX_LISTED_SESSION_ID;
}

/** Until the chat service takes the session over: nothing to show, no question answered but `cancelled`. */
function idle(): SessionHandlers {
    return { onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) };
}
