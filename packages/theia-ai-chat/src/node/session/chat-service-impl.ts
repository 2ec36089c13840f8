import type * as acp from '@agentclientprotocol/sdk';
import { inject, injectable, optional } from '@theia/core/shared/inversify';
import type { SessionHandlers, WorkspaceAgent } from '@ai-cli-companion/acp-client';
import {
    AcpChatAgentConfig, AcpChatClient, AcpChatService, AcpConfigOptionData, AcpContentBlock, AcpSessionInfo, AcpSessionUpdate, AcpShownMessage, AcpTurnErrorData, AcpTurnResult
} from '../../common/acp-chat-protocol';
import { AcpChatSessionIds } from './chat-session-ids';
import { sessionModels } from '../../common/session-config/acp-models';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpChatTerminals } from '../tool-calls/chat-terminals';
import { AcpApiKeys } from '../auth/api-keys';
import { acpEngine } from '../agents/engine';
import { AcpSessionMap } from './session-map';
import { SessionUpdateBatches, updateOrderedClient } from './update-batches';
import { PendingPermissions } from '../permissions/pending-permissions';
import { confineAgentPath, readAgentFile } from '../file-system/workspace-files';
import { chatSessionKey } from '../../common/chat-session-key';
import { AcpElicitationAnswer } from '../../common/elicitation/acp-elicitation';
import { AcpTerminalLogin, authMethodsForChat, terminalLoginFor } from '../../common/auth/acp-auth-methods';
import { resolveTerminalLogin } from '../auth/terminal-login-path';
import { PendingElicitations } from '../elicitation/pending-elicitations';
import { reportAgentStart } from '../agents/start-progress';
import { chatSessionHandlers } from './session-handlers';
import { readAvailableCommands } from '../../common/session-config/acp-commands';

/**
 * The chat's ACP sessions for one frontend connection. The agent processes are shared
 * (AcpAgentHosts); the sessions, their questions and their file access belong to this window.
 */
@injectable()
export class AcpChatServiceImpl implements AcpChatService {
    @inject(AcpAgentHosts) protected readonly hosts: AcpAgentHosts;
    @inject(AcpChatTerminals) protected readonly terminals: AcpChatTerminals;
    @inject(AcpApiKeys) protected readonly apiKeys: AcpApiKeys;
    /** Where each chat's sessions are remembered across restarts (absent: nothing is remembered). */
    @inject(AcpChatSessionIds) @optional() protected readonly sessionIds: AcpChatSessionIds | undefined;

    protected client: AcpChatClient | undefined;
    protected readonly sessions = new AcpSessionMap();
    protected readonly permissions = new PendingPermissions();
    protected readonly elicitations = new PendingElicitations();
    /** Updates go to the window in batches; anything else sent to it (and each answer of ours) goes after them. */
    protected updates = new SessionUpdateBatches(() => undefined);

    setClient(client: AcpChatClient | undefined): void {
        this.updates.dispose();
        this.updates = new SessionUpdateBatches((chatSessionId, agentId, updates) => client?.onSessionUpdates(chatSessionId, agentId, updates));
        this.client = client && updateOrderedClient(client, this.updates);
    }

    dispose(): void {
        this.updates.dispose();
        this.elicitations.cancelAll();
        for (const session of this.sessions.takeAll()) {
            this.permissions.cancelAll(session.chatSessionId);
            this.terminals.release(chatSessionKey(session.chatSessionId, session.agentId));
            void session.host.closeSession(session.sessionId);
        }
        this.client = undefined;
    }

    async prepare(chatSessionId: string, agent: AcpChatAgentConfig, roots: string[], shown?: AcpShownMessage[]): Promise<AcpSessionInfo | { error: AcpTurnErrorData }> {
        const existing = this.sessions.live(chatSessionId, agent.id);
        if (existing) {
            return { ...existing.info, opened: false, ...this.liveState(existing.host, existing.sessionId) };
        }
        if (roots.length === 0) {
            return { error: { code: 'NO_WORKSPACE', message: `Open a folder first: ${agent.displayName} works in a workspace folder.`, details: '' } };
        }
        const host = this.hosts.agentFor(agent, roots[0]);
        // A first start can take a while (npx fetching the agent): the answer says so meanwhile.
        const stopStartProgress = reportAgentStart(host, progress => {
            void Promise.resolve(this.client?.onAgentStarting?.(chatSessionId, agent.id, progress)).catch(() => undefined);
        });
        try {
            // The session this chat had (before a crash in this backend, or before a restart) is continued first.
            const earlier = this.sessions.get(chatSessionId, agent.id) ?? await this.sessionIds?.get(chatSessionId, agent.id);
            const handlers = this.handlers(chatSessionId, agent, roots);
            const mcpServers = await this.hosts.mcpServersFor(agent.id, host);
            const opened = earlier
                ? await host.attachSession(handlers, { sessionId: earlier.sessionId, cwd: 'cwd' in earlier ? earlier.cwd : earlier.roots[0], mcpServers })
                : { ...await host.openSession(handlers, undefined, mcpServers), how: undefined, reason: undefined, replay: undefined };
            const replay = opened.how === 'loaded' && opened.replay
                ? acpEngine().replayNotShown(shown ?? [], opened.replay) as unknown as AcpSessionUpdate[] : undefined;
            const init = opened.agent.initializeResult;
            const info: AcpSessionInfo = {
                sessionId: opened.sessionId, opened: true,
                modes: (opened.state.modes?.availableModes ?? []).map(({ id, name, description }) => ({ id, name, description })),
                currentModeId: opened.state.modes?.currentModeId,
                ...sessionModels(opened.state),
                promptCapabilities: init?.agentCapabilities?.promptCapabilities ?? {},
                authMethods: (init?.authMethods ?? []).map(method => ({ id: method.id, name: method.name, description: method.description })),
                ...opened.how ? { attached: { how: opened.how, ...opened.reason ? { reason: opened.reason } : {} } } : {},
                ...replay?.length ? { replay } : {},
                ...this.liveState(host, opened.sessionId)
            };
            this.sessions.set({ chatSessionId, agentId: agent.id, host, sessionId: opened.sessionId, roots, info });
            await this.sessionIds?.set(chatSessionId, agent.id, { sessionId: opened.sessionId, cwd: roots[0] })
                .catch(error => console.warn('Could not remember the chat\'s ACP session for a restart', error));
            return info;
        } catch (error) {
            return { error: await this.failure(host, error) };
        } finally {
            stopStartProgress();
            this.updates.flush(); // a session/load's replay reaches the window before the answer that says it is loaded
        }
    }

    async setMode(chatSessionId: string, agentId: string, modeId: string): Promise<void> {
        const session = this.sessions.live(chatSessionId, agentId);
        if (session && session.info.currentModeId !== modeId) {
            const agent = await session.host.ready();
            await agent.setMode(session.sessionId, modeId);
            session.info = { ...session.info, currentModeId: modeId };
            this.updates.flush();
        }
    }

    async setModel(chatSessionId: string, agentId: string, modelId: string): Promise<{ error: AcpTurnErrorData } | undefined> {
        const session = this.sessions.live(chatSessionId, agentId);
        if (!session || session.info.currentModelId === modelId) {
            return undefined;
        }
        try {
            const agent = await session.host.ready();
            await agent.setModel(session.sessionId, modelId);
            session.info = { ...session.info, currentModelId: modelId };
            return undefined;
        } catch (error) {
            return { error: session.host.describe(error) };
        } finally {
            this.updates.flush();
        }
    }

    async setConfigOption(chatSessionId: string, agentId: string, configId: string, value: string | boolean):
        Promise<{ configOptions: AcpConfigOptionData[] } | { error: AcpTurnErrorData }> {
        const session = this.sessions.live(chatSessionId, agentId);
        if (!session) {
            return { error: { code: 'NO_SESSION', message: 'The agent session is gone.', details: '' } };
        }
        if (typeof configId !== 'string' || (typeof value !== 'string' && typeof value !== 'boolean')) {
            return { error: { code: 'INVALID_REQUEST', message: 'A config option is set to a string or a boolean.', details: '' } };
        }
        try {
            return { configOptions: await session.host.setConfigOption(session.sessionId, configId, value) as unknown as AcpConfigOptionData[] };
        } catch (error) {
            return { error: session.host.describe(error) };
        } finally {
            this.updates.flush(); // a config_option_update the agent sent before its answer goes first
        }
    }

    async prompt(chatSessionId: string, agentId: string, prompt: AcpContentBlock[]): Promise<AcpTurnResult> {
        const session = this.sessions.live(chatSessionId, agentId);
        if (!session) {
            return { error: { code: 'NO_SESSION', message: 'The agent session is gone; send the prompt again to start a new one.', details: '' } };
        }
        try {
            const result = await session.host.prompt(session.sessionId, prompt as acp.ContentBlock[]);
            return { stopReason: result.stopReason };
        } catch (error) {
            if (error instanceof acpEngine().AgentExitedError) {
                // Also when the engine stopped the agent itself (a cancel it ignored): nobody is left to release its terminals.
                this.sessions.delete(chatSessionId, agentId);
                this.terminals.release(chatSessionKey(chatSessionId, agentId));
            }
            return { error: await this.failure(session.host, error) };
        } finally {
            this.updates.flush(); // the turn's updates reach the window before its result
            this.permissions.cancelAll(chatSessionId);
            this.elicitations.cancelAll(chatSessionId);
        }
    }

    async cancel(chatSessionId: string, agentId: string): Promise<void> {
        const session = this.sessions.get(chatSessionId, agentId);
        this.permissions.cancelAll(chatSessionId);
        this.elicitations.cancelAll(chatSessionId);
        session?.host.cancel(session.sessionId);
    }

    async answerPermission(permissionId: string, optionId: string | undefined, reason?: string): Promise<boolean> {
        // The window is not trusted to send a string: anything else is no reason.
        return this.permissions.answer(permissionId, optionId, typeof reason === 'string' ? reason : undefined);
    }

    async answerElicitation(elicitationId: string, answer: AcpElicitationAnswer): Promise<string | undefined> {
        return this.elicitations.answer(elicitationId, answer);
    }

    async authenticate(agent: AcpChatAgentConfig, roots: string[], methodId: string): Promise<{ error: AcpTurnErrorData } | undefined> {
        if (roots.length === 0 || typeof methodId !== 'string') {
            return { error: { code: 'INVALID_REQUEST', message: 'Sign-in needs a workspace folder and one of the agent\'s methods.', details: '' } };
        }
        const host = this.hosts.agentFor(agent, roots[0]);
        try {
            await (await host.ready()).authenticate(methodId);
            return undefined;
        } catch (error) {
            return { error: await this.failure(host, error) };
        }
    }

    async terminalLogin(agent: AcpChatAgentConfig, roots: string[], methodId: string): Promise<AcpTerminalLogin | { problem: string }> {
        if (roots.length === 0 || typeof methodId !== 'string') {
            return { problem: 'a sign-in needs a workspace folder and one of the agent\'s methods' };
        }
        // The program is the user's (host.profile), the arguments the method's as the running agent offers it now.
        let host: WorkspaceAgent;
        try {
            host = this.hosts.agentFor(agent, roots[0]);
        } catch (error) {
            return { problem: (error as Error).message };
        }
        const login = terminalLoginFor(host.current?.initializeResult?.authMethods, host.profile, methodId);
        return 'problem' in login ? login : resolveTerminalLogin(login);
    }

    async signedIn(agentId: string): Promise<void> {
        this.hosts.restart(agentId);
    }

    async closeChatSession(chatSessionId: string): Promise<void> {
        this.permissions.cancelAll(chatSessionId);
        this.elicitations.cancelAll(chatSessionId);
        // The chat is gone for good: its sessions are not continued after a restart either.
        // (One restored after a restart and never prompted since is open in no agent process: nothing to close.)
        await this.sessionIds?.delete(chatSessionId).catch(() => []);
        const open = this.sessions.takeChat(chatSessionId);
        await Promise.all(open.map(session => {
            this.terminals.release(chatSessionKey(chatSessionId, session.agentId));
            return session.host.closeSession(session.sessionId);
        }));
    }

    async readWorkspaceFile(chatSessionId: string, agentId: string, path: string): Promise<string | undefined> {
        const session = this.sessions.get(chatSessionId, agentId);
        if (!session) {
            return undefined;
        }
        try {
            return await readAgentFile(await confineAgentPath(path, session.roots));
        } catch {
            return undefined;
        }
    }

    /** What the engine knows of the session now: its config options, last usage and slash commands. */
    protected liveState(host: WorkspaceAgent, sessionId: string): Pick<AcpSessionInfo, 'configOptions' | 'usage' | 'commands'> {
        const configOptions = host.states.configOptionsOf(sessionId) as unknown as AcpConfigOptionData[] | undefined;
        const usage = host.states.usageOf(sessionId);
        const commands = readAvailableCommands(host.states.commandsOf(sessionId));
        return { ...configOptions ? { configOptions } : {}, ...usage ? { usage } : {}, ...commands ? { commands } : {} };
    }

    /** A failure for the chat; one that needs a login also tells how (the agent's methods, whether a key can be kept). */
    protected async failure(host: WorkspaceAgent, error: unknown): Promise<AcpTurnErrorData> {
        const failure = host.describe(error);
        if (failure.code !== 'AUTH_REQUIRED') {
            return failure;
        }
        // Each method a button; a terminal one runs the program the user's settings name (host.profile), never one the agent names.
        const authMethods = authMethodsForChat(host.current?.initializeResult?.authMethods, host.profile);
        const credentialStoreProblem = await this.apiKeys.problem();
        return { ...failure, authMethods, ...credentialStoreProblem ? { credentialStoreProblem } : {} };
    }

    protected handlers(chatSessionId: string, agent: AcpChatAgentConfig, roots: readonly string[]): SessionHandlers {
        return chatSessionHandlers(chatSessionId, agent, roots, {
            client: () => this.client, permissions: this.permissions, elicitations: this.elicitations, terminals: this.terminals
        });
    }
}
