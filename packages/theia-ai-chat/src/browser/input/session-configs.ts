import { inject, injectable, optional, postConstruct } from '@theia/core/shared/inversify';
import { Emitter, Event } from '@theia/core/lib/common/event';
import { ChatService, isSessionDeletedEvent } from '@theia/ai-chat/lib/common/chat-service';
import { AcpConfigOptionData, AcpMode, AcpSessionInfo, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpConfigChoiceToSend, AcpConfigControl, AcpConfigControls, configChoicesToSend, sortConfigOptions } from '../../common/session-config/acp-config-options';
import { AcpSessionModels, modelToSet } from '../../common/session-config/acp-models';
import { defaultModeOf } from '../../common/session-config/acp-modes';
import { AcpUsage, readUsage } from '../../common/session-config/acp-usage';
import { chatSessionKey } from '../../common/chat-session-key';

type ConfigValue = string | boolean;

interface SessionConfig {
    /** The agent's options as it last stated them (prepare, `config_option_update`, a set_config_option answer). */
    options: AcpConfigOptionData[];
    /** The values the session opened with: what "Default" in the model selector returns to. */
    openedWith: Record<string, ConfigValue>;
}

/** Which of the chat's own selectors the agent's older `models`/`modes` fill (then its config option of that category is not used). */
export interface AcpLegacySelectors {
    readonly models: boolean;
    readonly modes: boolean;
}

/**
 * Per (chat session, agent): the agent's `configOptions` (issue 23 part 4), the user's choices in the
 * chat input not yet sent, and the session's last `usage_update` (part 5). The category `model` fills
 * Theia's model selector and `mode` its mode selector where the agent reports no older `models`/`modes`
 * (those stay as they are, measured with gemini and qwen); every other option is a compact control.
 * A chat not yet prompted offers the options of the agent's last session; choices are sent as
 * `session/set_config_option` before the next prompt, and each answer replaces the whole set.
 */
@injectable()
export class AcpSessionConfigs {
    @inject(ChatService) @optional() protected readonly chatService: ChatService | undefined;
    protected readonly sessions = new Map<string, SessionConfig>();
    /** Per agent, the options of its last opened session (what a chat not yet prompted offers). */
    protected readonly agentOptions = new Map<string, SessionConfig>();
    protected readonly chosen = new Map<string, Record<string, ConfigValue>>();
    protected readonly usage = new Map<string, AcpUsage>();
    protected readonly onDidChangeEmitter = new Emitter<{ chatSessionId: string | undefined; agentId: string }>();
    /** The options, choices or usage of a chat (undefined: of every chat of the agent) may have changed. */
    readonly onDidChange: Event<{ chatSessionId: string | undefined; agentId: string }> = this.onDidChangeEmitter.event;

    @postConstruct()
    protected init(): void {
        this.chatService?.onSessionEvent(event => {
            if (isSessionDeletedEvent(event)) {
                this.forgetChat(event.sessionId);
            }
        });
    }

    /** The session `prepare` opened or found (its options and usage as the backend knows them). */
    opened(chatSessionId: string, agentId: string, info: Pick<AcpSessionInfo, 'configOptions' | 'usage' | 'opened'>): void {
        const key = chatSessionKey(chatSessionId, agentId);
        const options = info.configOptions ?? [];
        const known = this.sessions.get(key);
        const config = { options, openedWith: info.opened || !known ? valuesOf(options) : known.openedWith };
        this.sessions.set(key, config);
        if (info.opened && options.length > 0) {
            this.agentOptions.set(agentId, config);
        }
        const usage = readUsage(info.usage);
        if (usage) {
            this.usage.set(key, usage);
        }
        this.fire(chatSessionId, agentId, info.opened && options.length > 0);
    }

    /** An update of the session: `config_option_update` replaces the set, `usage_update` the usage. */
    observe(chatSessionId: string, agentId: string, update: AcpSessionUpdate): void {
        const key = chatSessionKey(chatSessionId, agentId);
        if (update.sessionUpdate === 'config_option_update' && Array.isArray(update.configOptions)) {
            this.replaced(chatSessionId, agentId, update.configOptions as AcpConfigOptionData[]);
        } else if (update.sessionUpdate === 'usage_update') {
            const usage = readUsage(update);
            if (usage) {
                this.usage.set(key, usage);
                this.fire(chatSessionId, agentId);
            }
        }
    }

    /** The agent's whole new set (a `config_option_update`, or its answer to `session/set_config_option`). */
    replaced(chatSessionId: string, agentId: string, options: AcpConfigOptionData[]): void {
        const key = chatSessionKey(chatSessionId, agentId);
        const known = this.sessions.get(key);
        this.sessions.set(key, { options, openedWith: known?.openedWith ?? valuesOf(options) });
        this.fire(chatSessionId, agentId);
    }

    /** The controls the chat input shows: the session's, else those of the agent's last session. */
    controls(chatSessionId: string, agentId: string): AcpConfigControls {
        return sortConfigOptions(this.configOf(chatSessionId, agentId)?.options, true);
    }

    /**
     * The compact controls with the value to show (the user's choice, else the agent's). Model and mode never are:
     * they are in Theia's selectors, filled by the agent's older `models`/`modes` where it reports those.
     */
    compactControls(chatSessionId: string, agentId: string): Array<{ control: AcpConfigControl; value: ConfigValue }> {
        const chosen = this.chosen.get(chatSessionKey(chatSessionId, agentId)) ?? {};
        return this.controls(chatSessionId, agentId).others.map(control => ({ control, value: chosen[control.id] ?? control.current }));
    }

    /** The user's choice of a compact control, sent before the next prompt. */
    choose(chatSessionId: string, agentId: string, configId: string, value: ConfigValue): void {
        const key = chatSessionKey(chatSessionId, agentId);
        this.chosen.set(key, { ...this.chosen.get(key), [configId]: value });
        this.fire(chatSessionId, agentId);
    }

    /** A choice was sent (or refused): from now on the agent's word shows. */
    settled(chatSessionId: string, agentId: string, configId: string): void {
        const key = chatSessionKey(chatSessionId, agentId);
        const chosen = { ...this.chosen.get(key) };
        delete chosen[configId];
        this.chosen.set(key, chosen);
        this.fire(chatSessionId, agentId);
    }

    /** The `model` config option in the shape of the model selector's models; undefined when the agent has none. */
    modelsFor(chatSessionId: string, agentId: string): AcpSessionModels | undefined {
        const config = this.configOf(chatSessionId, agentId);
        const model = sortConfigOptions(config?.options, true).model;
        if (!config || !model) {
            return undefined;
        }
        const opened = config.openedWith[model.id];
        return {
            models: model.choices.map(choice => ({ modelId: choice.value, name: choice.name, description: choice.description })),
            currentModelId: model.current,
            defaultModelId: typeof opened === 'string' ? opened : model.current
        };
    }

    /** The `mode` config option as the chat's modes, and which of them is the default; undefined when the agent has none. */
    modesFor(chatSessionId: string, agentId: string): { modes: AcpMode[]; defaultId: string | undefined } | undefined {
        const config = this.configOf(chatSessionId, agentId);
        const mode = sortConfigOptions(config?.options, true).mode;
        if (!config || !mode) {
            return undefined;
        }
        const modes = mode.choices.map(choice => ({ id: choice.value, name: choice.name, description: choice.description }));
        const opened = config.openedWith[mode.id];
        return { modes, defaultId: defaultModeOf(modes) ?? (typeof opened === 'string' ? opened : mode.current) };
    }

    /**
     * What to send as `session/set_config_option` before the next prompt, in the agent's order: the model and
     * mode options (from Theia's selectors: `modelOverride` is the session's model choice, `requestedModeId` the
     * request's mode; none means the default), then the compact controls' choices.
     */
    toSend(chatSessionId: string, agentId: string, legacy: AcpLegacySelectors, modelOverride: string | undefined,
        requestedModeId: string | undefined): AcpConfigChoiceToSend[] {
        const controls = sortConfigOptions(this.sessions.get(chatSessionKey(chatSessionId, agentId))?.options, true);
        const sending: AcpConfigChoiceToSend[] = [];
        const models = this.modelsFor(chatSessionId, agentId);
        const model = !legacy.models && controls.model && models ? modelToSet(models, modelOverride) : undefined;
        if (controls.model && model) {
            sending.push({ configId: controls.model.id, value: model });
        }
        const modes = this.modesFor(chatSessionId, agentId);
        const mode = !legacy.modes && controls.mode && modes ? requestedModeId ?? modes.defaultId : undefined;
        if (controls.mode && mode && mode !== controls.mode.current && modes?.modes.some(choice => choice.id === mode)) {
            sending.push({ configId: controls.mode.id, value: mode });
        }
        const others = { others: controls.others };
        return [...sending, ...configChoicesToSend(others, this.chosen.get(chatSessionKey(chatSessionId, agentId)) ?? {})];
    }

    usageOf(chatSessionId: string, agentId: string): AcpUsage | undefined {
        return this.usage.get(chatSessionKey(chatSessionId, agentId));
    }

    /** The chat session is gone. */
    forgetChat(chatSessionId: string): void {
        for (const map of [this.sessions, this.chosen, this.usage]) {
            for (const key of [...map.keys()]) {
                if (key.startsWith(chatSessionKey(chatSessionId, ''))) {
                    map.delete(key);
                }
            }
        }
    }

    protected configOf(chatSessionId: string, agentId: string): SessionConfig | undefined {
        return this.sessions.get(chatSessionKey(chatSessionId, agentId)) ?? this.agentOptions.get(agentId);
    }

    protected fire(chatSessionId: string, agentId: string, everyChat = false): void {
        this.onDidChangeEmitter.fire({ chatSessionId: everyChat ? undefined : chatSessionId, agentId });
    }
}

function valuesOf(options: AcpConfigOptionData[]): Record<string, ConfigValue> {
    const values: Record<string, ConfigValue> = {};
    for (const option of options) {
        if (typeof option.id === 'string' && (typeof option.currentValue === 'string' || typeof option.currentValue === 'boolean')) {
            values[option.id] = option.currentValue;
        }
    }
    return values;
}
