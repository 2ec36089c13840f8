import type { LanguageModel } from '@theia/ai-core/lib/common/language-model';
import { AcpModel } from '../../common/acp-chat-protocol';
import { AcpSessionModels, chosenModel, modelName, offeredModels } from '../../common/acp-models';

/** What Theia's per-session model selector shows (its props type is not exported). */
export interface AcpModelSelectorProps {
    models: LanguageModel[];
    currentModelId?: string;
    defaultLabel: string;
    onModelChange: (modelId: string | undefined) => void;
}

/**
 * The model selector for an ACP agent: the agent's own models instead of Theia's language models,
 * which it cannot use. "Default" is the model its session opened with. No models (the agent reports
 * none, or has not been asked yet): an empty list, which hides the selector. A stored choice that is
 * not one of this agent's models shows as "Default", which is what the agent then uses.
 */
export function acpModelSelectorProps(session: AcpSessionModels | undefined, override: string | undefined,
    onModelChange: (modelId: string | undefined) => void): AcpModelSelectorProps {
    if (!session || session.models.length === 0) {
        return { models: [], defaultLabel: '', onModelChange };
    }
    return {
        models: offeredModels(session).map(toDescriptor),
        currentModelId: chosenModel(session, override),
        defaultLabel: modelName(session, session.defaultModelId),
        onModelChange
    };
}

/** Display only: never registered in Theia's LanguageModelRegistry (Theia's own agents cannot use it). */
function toDescriptor(model: AcpModel): LanguageModel {
    return {
        id: model.modelId,
        name: model.name,
        status: { status: 'ready' },
        request: () => Promise.reject(new Error(`${model.modelId} is an ACP agent's model; only that agent uses it.`))
    };
}
