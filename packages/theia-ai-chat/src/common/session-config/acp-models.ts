import { AcpModel, AcpSessionInfo } from '../acp-chat-protocol';
import { CONFIG_OPTION_LIMITS, cut } from './acp-config-options';

/** What a session (or an agent's last session) reported about models. */
export type AcpSessionModels = Pick<AcpSessionInfo, 'models' | 'currentModelId' | 'defaultModelId'>;

/**
 * The `models` of a `session/new` answer (`availableModels`, `currentModelId`). ACP still marks them
 * unstable and the SDK's schema lacks them, so they are read loosely; a malformed entry is dropped.
 */
export function sessionModels(state: object): AcpSessionModels {
    const reported = (state as { models?: { availableModels?: unknown; currentModelId?: unknown } | null }).models;
    const models = (Array.isArray(reported?.availableModels) ? reported.availableModels as Array<Partial<AcpModel> | null> : [])
        .filter((model): model is AcpModel => isModelId(model?.modelId))
        .slice(0, CONFIG_OPTION_LIMITS.choices)
        .map(({ modelId, name, description }) => ({
            modelId, name: typeof name === 'string' && name ? cut(name, CONFIG_OPTION_LIMITS.name) : modelId,
            description: typeof description === 'string' ? cut(description, CONFIG_OPTION_LIMITS.description) : undefined
        }));
    const currentModelId = isModelId(reported?.currentModelId) ? reported.currentModelId : undefined;
    return { models, currentModelId, defaultModelId: currentModelId };
}

/** A model id is sent back in `set_model` as it is: one too long is dropped, as a config value is (issue 29 part 11). */
function isModelId(value: unknown): value is string {
    return typeof value === 'string' && value !== '' && value.length <= CONFIG_OPTION_LIMITS.id;
}

/**
 * What the chat offers to choose: the agent's models, plus the one the session opened with when the
 * agent does not list it (gemini pinned to gemini-2.5-flash reports that as current, yet lists it not).
 */
export function offeredModels(session: AcpSessionModels): AcpModel[] {
    const { models, defaultModelId } = session;
    if (models.length === 0 || !defaultModelId || models.some(model => model.modelId === defaultModelId)) {
        return models;
    }
    return [...models, { modelId: defaultModelId, name: defaultModelId }];
}

/** The chat's model choice as this agent understands it: one of its models, else none ("Default"). */
export function chosenModel(session: AcpSessionModels, override: string | undefined): string | undefined {
    return override !== undefined && offeredModels(session).some(model => model.modelId === override) ? override : undefined;
}

/**
 * The model to switch the session to before the next prompt, if any. The chat's choice (an id this
 * agent offered) wins; no choice, or one meant for another agent or a Theia language model, means
 * the session's default. Nothing is sent when the agent reports no models or already uses it.
 */
export function modelToSet(session: AcpSessionModels, override: string | undefined): string | undefined {
    if (session.models.length === 0) {
        return undefined;
    }
    const wanted = chosenModel(session, override) ?? session.defaultModelId;
    return wanted !== undefined && wanted !== session.currentModelId ? wanted : undefined;
}

/** A model's name for a chat line. */
export function modelName(session: AcpSessionModels, modelId: string | undefined): string {
    return offeredModels(session).find(model => model.modelId === modelId)?.name ?? modelId ?? 'its current model';
}
