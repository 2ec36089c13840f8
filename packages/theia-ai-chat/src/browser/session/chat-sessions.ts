import { inject, injectable, named, postConstruct } from '@theia/core/shared/inversify';
import { ContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { DisposableCollection, Emitter, Event } from '@theia/core';
import { ChatService, isSessionDeletedEvent } from '@theia/ai-chat/lib/common/chat-service';
import { PromptService } from '@theia/ai-core/lib/common/prompt-service';
import { AcpChatService, AcpSessionInfo, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpSessionModels } from '../../common/session-config/acp-models';
import { AcpSessionListener, AcpSessionListeners } from './session-listeners';
import { TurnGate } from './turn-gate';
import { AcpSessionState } from './session-state';
import { AcpSessionClientContribution } from './session-client-contribution';
import { chatSessionKey } from '../../common/chat-session-key';
import { AcpAvailableCommand, readAvailableCommands } from '../../common/session-config/acp-commands';

/**
 * What the chat keeps per (chat session, agent) between turns: the agent's slash commands
 * (`available_commands_update`, offered on `/`) and its current mode. Deleting a chat session
 * ends its ACP sessions (and the commands they run) and tells the features (their terminals' output goes).
 */
@injectable()
export class AcpChatSessions {
    @inject(AcpChatService) protected readonly backend: AcpChatService;
    @inject(AcpSessionListeners) protected readonly listeners: AcpSessionListeners;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(PromptService) protected readonly promptService: PromptService;
    @inject(ContributionProvider) @named(AcpSessionClientContribution)
    protected readonly contributions: ContributionProvider<AcpSessionClientContribution>;

    protected readonly states = new Map<string, SessionState>();
    /** Per agent, the models its last opened session reported (what a chat not yet prompted offers). */
    protected readonly agentModels = new Map<string, AcpSessionModels>();
    protected readonly onDidChangeModelsEmitter = new Emitter<string>();
    /** Fires with the agent's id when the models it offers may have changed. */
    readonly onDidChangeModels: Event<string> = this.onDidChangeModelsEmitter.event;
    /** Slash commands registered per agent (the prompt service knows commands per agent, not per session). */
    protected readonly commands = new Map<string, DisposableCollection>();

    @postConstruct()
    protected init(): void {
        this.chatService.onSessionEvent(event => {
            if (isSessionDeletedEvent(event)) {
                void this.backend.closeChatSession(event.sessionId);
                for (const contribution of this.contributions.getContributions()) {
                    contribution.onChatDeleted?.(event.sessionId); // e.g. its terminals' output
                }
                for (const [key, state] of [...this.states]) {
                    if (state.chatSessionId === event.sessionId) {
                        this.states.delete(key);
                        this.listeners.forget(state.chatSessionId, state.agentId);
                    }
                }
            }
        });
    }

    stateFor(chatSessionId: string, agent: { readonly id: string }): SessionState {
        const key = chatSessionKey(chatSessionId, agent.id);
        let state = this.states.get(key);
        if (!state) {
            state = new SessionState(chatSessionId, agent.id, this.backend, commands => this.registerCommands(agent.id, commands));
            this.states.set(key, state);
            this.listeners.listen(chatSessionId, agent.id, state);
        }
        return state;
    }

    /** The state of a (chat session, agent) that was prompted before, if any. */
    existingState(chatSessionId: string, agentId: string): SessionState | undefined {
        return this.states.get(chatSessionKey(chatSessionId, agentId));
    }

    /** Remembers what a session of the agent reported, for the chat's model selector. */
    noteModels(agentId: string, session: AcpSessionModels): void {
        const known = this.agentModels.get(agentId);
        const models = { models: session.models, defaultModelId: session.defaultModelId, currentModelId: session.defaultModelId };
        if (JSON.stringify(known) !== JSON.stringify(models)) {
            this.agentModels.set(agentId, models);
            this.onDidChangeModelsEmitter.fire(agentId);
        }
    }

    /** The models the agent offers in this chat session: its ACP session's, else the agent's last known. */
    modelsFor(chatSessionId: string, agentId: string): AcpSessionModels | undefined {
        return this.states.get(chatSessionKey(chatSessionId, agentId))?.session ?? this.agentModels.get(agentId);
    }

    protected registerCommands(agentId: string, commands: AcpAvailableCommand[]): void {
        this.commands.get(agentId)?.dispose();
        const registered = new DisposableCollection();
        for (const command of commands) {
            const id = `acp-${agentId}-command-${command.name}`;
            this.promptService.addBuiltInPromptFragment({
                id, template: `/${command.name}`, isCommand: true, commandName: command.name,
                commandDescription: command.description ?? undefined, commandAgents: [agentId]
            });
            registered.push({ dispose: () => this.promptService.removePromptFragment(id) });
        }
        this.commands.set(agentId, registered);
    }
}

/** Listens to a session between turns; a question nobody can see there is answered `cancelled`. */
export class SessionState implements AcpSessionListener, AcpSessionState {
    private currentModeId: string | undefined;
    /** The ACP session the backend opened for this chat session, once known: later prompts skip `prepare`. */
    session: AcpSessionInfo | undefined;
    /** One turn at a time: the next waits until the agent answered the prompt before it (TurnGate). */
    readonly turns = new TurnGate();
    /** The chat's last request this agent got in this window: a request whose conversation does not follow it was edited. */
    lastPrompted: string | undefined;

    constructor(readonly chatSessionId: string, readonly agentId: string, private readonly backend: AcpChatService,
        private readonly commands: (commands: AcpAvailableCommand[]) => void) { }

    modeId(fallback?: string): string | undefined {
        return this.currentModeId ?? fallback;
    }

    onCommands(commands: AcpAvailableCommand[]): void {
        this.commands(commands);
    }

    onMode(modeId: string): void {
        this.currentModeId = modeId;
    }

    onUpdate(update: AcpSessionUpdate): void {
        if (update.sessionUpdate === 'available_commands_update') {
            const commands = readAvailableCommands(update.availableCommands);
            if (commands) {
                this.onCommands(commands);
            }
        } else if (update.sessionUpdate === 'current_mode_update') {
            this.onMode(String(update.currentModeId));
        }
    }

    onPermissionRequest(request: AcpPermissionRequest): void {
        void this.backend.answerPermission(request.permissionId, undefined);
    }

    onPermissionSettled(): void {
        // nothing shown between turns
    }
}
