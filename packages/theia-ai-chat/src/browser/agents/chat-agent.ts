import { ChatAgent, ChatAgentLocation, ChatMode } from '@theia/ai-chat/lib/common/chat-agents';
import {
    ErrorChatResponseContentImpl, MutableChatRequestModel
} from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatAgentDefinition } from '../../common/agents/acp-chat-agents';
import { AcpMode, AcpSessionInfo, AcpTurnErrorData, AcpTurnResult } from '../../common/acp-chat-protocol';
import type { AcpOpenedListedSession } from '../../common/history/acp-chat-history-protocol';
import { modelName, modelToSet } from '../../common/session-config/acp-models';
import { defaultModeOf, modeToSet } from '../../common/session-config/acp-modes';
import { AcpAgentSideWrites } from '../file-system/agent-side-writes';
import type { AcpChatAgentServices } from './agent-services';
import type { SessionState } from '../session/chat-sessions';
import { AcpChatTurn } from '../turn/chat-turn';
import { sideWritesTurn } from './side-writes-turn';
import { describeFailure, followUpButtons } from './failure-message';
import { AcpCommandButtonsContent } from '../turn/command-buttons';
import { AcpMarkdownPart } from '../turn/markdown-parts';
import type { AcpEarlyPrompt } from '../input/early-prompt';
import { shownTranscript } from '../session/shown-transcript';
import { EditedMessage, giveEarlierConversation } from '../earlier-context/earlier-conversation';
import { continuesAnotherBranch, filesChangedOffPath } from '../session/edited-message';
import { sendConfigChoices } from '../input/config-choices';

/**
 * One ACP agent in Theia's chat (@GeminiCLI, @QwenCode, or an `aiCliChat.agents` entry). It needs
 * no Theia language model: the agent process is the model. The parts live in the services: session
 * state, the update translation, permissions, the editor file system and the renderers.
 */
export class AcpChatAgent implements ChatAgent {
    readonly id: string;
    readonly name: string;
    readonly description: string;
    readonly iconClass = 'codicon codicon-terminal';
    readonly locations = ChatAgentLocation.ALL;
    readonly tags = ['Chat', 'ACP'];
    readonly variables: string[] = [];
    readonly prompts = [];
    readonly languageModelRequirements = [];
    readonly agentSpecificVariables = [];
    readonly functions: string[] = [];
    modes: ChatMode[];

    constructor(readonly definition: AcpChatAgentDefinition, protected readonly services: AcpChatAgentServices) {
        this.id = definition.id;
        this.name = definition.id;
        this.description = definition.description;
        this.modes = toChatModes(definition.modes, defaultModeOf(definition.modes));
    }

    async invoke(request: MutableChatRequestModel): Promise<void> {
        const state = this.services.sessions.stateFor(request.session.id, this);
        // Taken before the first await: the input widget cancels an early prompt nobody took.
        const early = this.services.earlyPrompts.take(request.session.id, this.id);
        try {
            // A session the chat opened before is prompted at once (one round trip less before the
            // model is asked); if the backend lost it meanwhile, it is prepared again and prompted.
            const result = await state.turns.run(async () => {
                if (request.response.isCanceled) {
                    return undefined;
                }
                const edited = await this.leaveOtherBranch(request, state);
                state.lastPrompted = request.id;
                return edited ? await this.promptTurn(request, state, false, early, edited)
                    : await this.promptTurn(request, state, true, early) ?? await this.promptTurn(request, state, false);
            });
            if (!result) {
                return;
            }
            if ('error' in result) {
                state.session = undefined;
                return this.fail(request, result.error);
            }
            if (result.stopReason === 'refusal') {
                request.response.response.addContent(new AcpMarkdownPart(`\n\n*${this.definition.displayName} refused to continue.*`, true));
            }
            if (!request.response.isCanceled) {
                request.response.complete();
            }
        } catch (error) {
            this.fail(request, { code: 'AGENT_ERROR', message: error instanceof Error ? error.message : String(error), details: '' });
        } finally {
            if (early && !early.attached) {
                void this.services.earlyPrompts.abandon(early);
            }
        }
    }

    /**
     * An edited earlier message, or one sent after going back to another branch (issue 31 part 2): the agent's
     * session has seen turns this request's conversation no longer holds, so the chat's session ends and the next
     * one is given the conversation before this request. Undefined when the session continues.
     */
    protected async leaveOtherBranch(request: MutableChatRequestModel, state: SessionState): Promise<EditedMessage | undefined> {
        if (!continuesAnotherBranch(request.session, request, this.id, state.lastPrompted)) {
            return undefined;
        }
        await this.services.backend.closeChatSession(request.session.id);
        state.session = undefined;
        return { filesLeftAsTheyAre: filesChangedOffPath(request.session, request) };
    }

    /** One prompt turn; undefined when the reused session turned out to be gone (nothing was sent). */
    protected async promptTurn(request: MutableChatRequestModel, state: SessionState, reuse: boolean, early?: AcpEarlyPrompt,
        edited?: EditedMessage): Promise<AcpTurnResult | undefined> {
        const { backend, listeners } = this.services;
        const chatSessionId = request.session.id;
        const roots = this.services.workspaceRoots();
        const known = reuse ? state.session : undefined;
        // While prepare starts the agent (npx fetching it on first use), the answer shows the backend's progress.
        const prepared = known ?? await this.services.starts.during(chatSessionId, this.id, request.response,
            () => backend.prepare(chatSessionId, this.definition, roots, shownTranscript(request.session, request)), result => 'error' in result);
        if ('error' in prepared) {
            return prepared;
        }
        this.services.starts.ended(this.id);
        // The chat had a session with this agent (before a restart or crash) that could not be continued: the fresh one is
        // given the chat's earlier conversation ahead of this prompt, and the answer says so (issue 31 part 1).
        const earlier = known ? [] : giveEarlierConversation(request, prepared, this.definition, edited);
        if (edited && edited.filesLeftAsTheyAre.length > 0) {
            request.response.response.addContent(new AcpCommandButtonsContent([{ label: 'Review Agent Changes of This Chat', commandId: 'aiCliChat.review.chat' }]));
        }
        this.adopt(chatSessionId, state, prepared, !known);
        const { configs } = this.services;
        const modeId = modeToSet(prepared.modes, state.modeId(prepared.currentModeId), request.request.modeId);
        const legacy = { models: prepared.models.length > 0, modes: prepared.modes.length > 0 };
        const configChoices = configs.toSend(chatSessionId, this.id, legacy, request.session.settings?.commonSettings?.modelId, request.request.modeId);
        const blocks = [...earlier, ...await this.services.prompt.blocks(request, this.id, prepared.promptCapabilities, roots)];
        // The prompt sent at the click is this turn only if nothing has to go before it and it is the same prompt.
        const adopted = early && known && !modeId && !modelToSet(prepared, request.session.settings?.commonSettings?.modelId) &&
            configChoices.length === 0 && early.matches(blocks) ? early : undefined;
        if (early && !adopted) {
            await this.services.earlyPrompts.abandon(early);
        }
        if (modeId) {
            await backend.setMode(chatSessionId, this.id, modeId);
            state.onMode(modeId);
        }
        await this.switchModel(request, state, prepared);
        await sendConfigChoices(backend, configs, request, this.definition, configChoices);
        const sideWrites = new AcpAgentSideWrites(this.services.files, chatSessionId, this.id, roots);
        const turn = new AcpChatTurn(request, backend, state, this.services.questions.trackerFor(chatSessionId, this.definition.displayName),
            [...this.services.turnContributions.getContributions(), { startTurn: () => sideWritesTurn(sideWrites) }]);
        if (!known && prepared.replay) {
            // What the agent's session/load replayed that the chat did not show (e.g. an answer lost in a crash).
            prepared.replay.forEach(update => turn.onUpdate(update));
        }
        const listener = adopted ?? turn;
        if (adopted) {
            adopted.attach(turn);
        } else {
            listeners.listen(chatSessionId, this.id, turn);
        }
        const onCancel = request.response.cancellationToken.onCancellationRequested(() => {
            void backend.cancel(chatSessionId, this.id);
        });
        try {
            const result = await (adopted ? adopted.result : backend.prompt(chatSessionId, this.id, blocks));
            return known && 'error' in result && result.error.code === 'NO_SESSION' ? undefined : result;
        } finally {
            onCancel.dispose();
            turn.end();
            listeners.replace(chatSessionId, this.id, listener, state);
        }
    }

    /**
     * A conversation from the agent's own history opens as a chat (Browse all chats…): the chat listens to its
     * session from the start, and once the backend opened it, shows its modes, models, options and slash
     * commands before the first prompt, which then goes to that session directly.
     */
    async openedFromHistory(chatSessionId: string, opened: Promise<AcpOpenedListedSession | undefined>): Promise<void> {
        const state = this.services.sessions.stateFor(chatSessionId, this);
        const result = await opened;
        if (result && !state.session) {
            this.adopt(chatSessionId, state, result.session, true);
        }
    }

    /**
     * The chat continues `session`: its models and modes for the selectors. `fresh`: just prepared (the chat had no
     * session before), so its options and slash commands are the latest the agent stated.
     */
    protected adopt(chatSessionId: string, state: SessionState, session: AcpSessionInfo, fresh: boolean): void {
        state.session = session;
        this.services.sessions.noteModels(this.id, session);
        const { configs } = this.services;
        if (fresh) {
            configs.opened(chatSessionId, this.id, session);
            if (session.commands) {
                state.onCommands(session.commands);
            }
        }
        const configModes = configs.modesFor(chatSessionId, this.id);
        if (session.modes.length > 0) {
            this.modes = toChatModes(session.modes, defaultModeOf(session.modes) ?? session.currentModeId);
        } else if (configModes) {
            this.modes = toChatModes(configModes.modes, configModes.defaultId);
        }
    }

    /**
     * `session/set_model` when the chat's model choice (Theia's per-session model selector, which lists
     * this agent's models) differs from the session's. A refused switch is said in the answer, and the
     * prompt still goes, to the model the session has.
     */
    protected async switchModel(request: MutableChatRequestModel, state: SessionState, session: AcpSessionInfo): Promise<void> {
        const modelId = modelToSet(session, request.session.settings?.commonSettings?.modelId);
        if (!modelId) {
            return;
        }
        const failed = await this.services.backend.setModel(request.session.id, this.id, modelId);
        if (failed) {
            const message = `${this.definition.displayName} could not switch to ${modelName(session, modelId)}: ${failed.error.message.replace(/\.?\s*$/, '.')} ` +
                `This prompt went to ${modelName(session, session.currentModelId)}.`;
            request.response.response.addContent(new ErrorChatResponseContentImpl(new Error(message)));
            return;
        }
        state.session = { ...session, currentModelId: modelId };
    }

    protected fail(request: MutableChatRequestModel, error: AcpTurnErrorData): void {
        if (request.response.isCanceled) {
            return;
        }
        this.services.starts.ended(this.id, error.code);
        const message = describeFailure(this.definition, error, error.authMethods ?? []);
        const failure = new Error(message);
        request.response.response.addContent(new ErrorChatResponseContentImpl(failure));
        const retry = { chatSessionId: request.session.id, text: request.request.text, modeId: request.request.modeId };
        const buttons = followUpButtons(this.definition, error, retry, signIn => this.services.signIns.offer(signIn));
        if (buttons.length > 0) {
            request.response.response.addContent(new AcpCommandButtonsContent(buttons));
        }
        // Completed with the error part, not response.error(): Theia's ChatViewWidget toasts every response that
        // completes with isError, and that toast repeated the error and sat over the input until closed.
        request.response.complete();
    }
}

function toChatModes(modes: readonly AcpMode[], defaultId: string | undefined): ChatMode[] {
    return modes.map(mode => ({ id: mode.id, name: mode.name, isDefault: mode.id === defaultId }));
}

