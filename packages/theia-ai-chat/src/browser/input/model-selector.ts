import type { LanguageModel } from '@theia/ai-core/lib/common/language-model';
import { AcpModel } from '../../common/acp-chat-protocol';
import { AcpSessionModels, chosenModel, modelName, offeredModels } from '../../common/session-config/acp-models';

/** What Theia's per-session model selector shows (its props type is not exported). */
export interface AcpModelSelectorProps {
    models: LanguageModel[];
    currentModelId?: string;
    defaultLabel: string;
    onModelChange: (modelId: string | undefined) => void;
}

/**
 * The model selector for an ACP agent: the agent's own models instead of Theia's language models,
 * which it cannot use (issue 31 part 5: names, not ids).
 * - Theia's selector labels each entry with its model's `id` and shows the `name` beside it. So each
 *   entry's `id` here is the agent's name for the model ("Deep model"; two alike get their ids added)
 *   and its `name` the agent's id, the muted detail; the choice is turned back into the agent's id.
 * - It shows the model the next prompt goes to: the chat's choice, else the one the session opened with
 *   (what the agent reported as current), never "Default" while the agent says which model that is.
 *   "Default" stays an entry, naming that model, and choosing it goes back to it.
 * - No models (the agent reports none, or has not been asked yet): an empty list, which hides it.
 */
export function acpModelSelectorProps(session: AcpSessionModels | undefined, override: string | undefined,
    onModelChange: (modelId: string | undefined) => void): AcpModelSelectorProps {
    if (!session || session.models.length === 0) {
        return { models: [], defaultLabel: '', onModelChange };
    }
    const models = offeredModels(session);
    const labels = modelLabels(models);
    const idOf = new Map([...labels].map(([modelId, label]) => [label, modelId]));
    const shown = chosenModel(session, override) ?? session.defaultModelId;
    return {
        models: models.map(model => toDescriptor(model, labels.get(model.modelId)!)),
        currentModelId: shown === undefined ? undefined : labels.get(shown),
        defaultLabel: modelName(session, session.defaultModelId),
        onModelChange: label => onModelChange(label === undefined ? undefined : idOf.get(label) ?? label)
    };
}

/** Each model's label: its name, with its id added where another model has the same name. */
function modelLabels(models: readonly AcpModel[]): Map<string, string> {
    const counts = new Map<string, number>();
    models.forEach(model => counts.set(model.name, (counts.get(model.name) ?? 0) + 1));
    return new Map(models.map(model => [model.modelId,
        counts.get(model.name) === 1 || model.name === model.modelId ? model.name : `${model.name} (${model.modelId})`]));
}

/** Display only: never registered in Theia's LanguageModelRegistry (Theia's own agents cannot use it). */
function toDescriptor(model: AcpModel, label: string): LanguageModel {
    return {
        id: label,
        name: model.modelId,
        status: { status: 'ready' },
        request: () => Promise.reject(new Error(`${model.modelId} is an ACP agent's model; only that agent uses it.`))
    };
}
