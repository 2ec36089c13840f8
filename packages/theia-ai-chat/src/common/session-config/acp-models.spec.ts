import * as assert from 'assert';
import { AcpSessionModels, modelToSet, offeredModels, sessionModels } from './acp-models';
import { CONFIG_OPTION_LIMITS } from './acp-config-options';

/** gemini 0.61's `session/new` models with the model pinned to gemini-2.5-flash (measured, trimmed). */
const GEMINI_NEW_SESSION = {
    sessionId: 's1',
    models: {
        availableModels: [
            { modelId: 'auto', name: 'Auto', description: 'Let Gemini CLI decide the best model for the task' },
            { modelId: 'gemini-2.5-pro', name: 'gemini-2.5-pro' },
            { modelId: 'gemini-3-flash-preview', name: 'gemini-3-flash-preview' }
        ],
        currentModelId: 'gemini-2.5-flash'
    }
};

describe('ACP session models: what session/new reports, what the chat offers, when set_model is sent', () => {
    it('reads gemini\'s and qwen\'s models; an entry without a modelId is dropped, a missing name falls back to the id', () => {
        const gemini = sessionModels(GEMINI_NEW_SESSION);
        assert.deepEqual(gemini.models.map(model => model.modelId), ['auto', 'gemini-2.5-pro', 'gemini-3-flash-preview']);
        assert.equal(gemini.currentModelId, 'gemini-2.5-flash');
        assert.equal(gemini.defaultModelId, 'gemini-2.5-flash');
        const qwen = sessionModels({ models: {
            currentModelId: '$runtime|openai|fake-model(openai)',
            availableModels: [{ modelId: '$runtime|openai|fake-model(openai)', name: 'fake-model', description: null, _meta: { contextLimit: 200000 } },
                { name: 'no id' }, null, { modelId: 'bare' }]
        } });
        assert.deepEqual(qwen.models, [
            { modelId: '$runtime|openai|fake-model(openai)', name: 'fake-model', description: null },
            { modelId: 'bare', name: 'bare', description: undefined }
        ]);
    });

    it('an agent that reports no models (or garbage) has none', () => {
        assert.deepEqual(sessionModels({ sessionId: 'x' }), { models: [], currentModelId: undefined, defaultModelId: undefined });
        assert.deepEqual(sessionModels({ models: { availableModels: 'many', currentModelId: 7 } }).models, []);
    });

    it('offers the model the session opened with even when the agent does not list it', () => {
        const offered = offeredModels(sessionModels(GEMINI_NEW_SESSION)).map(model => model.modelId);
        assert.deepEqual(offered, ['auto', 'gemini-2.5-pro', 'gemini-3-flash-preview', 'gemini-2.5-flash']);
    });

    it('switches to the chosen model, back to the default when the choice is cleared, and sends nothing when already there', () => {
        const opened = sessionModels(GEMINI_NEW_SESSION);
        assert.equal(modelToSet(opened, 'gemini-2.5-pro'), 'gemini-2.5-pro');
        assert.equal(modelToSet(opened, undefined), undefined, 'no choice: the session keeps its default');
        assert.equal(modelToSet(opened, 'gemini-2.5-flash'), undefined, 'already the current model');
        const onPro: AcpSessionModels = { ...opened, currentModelId: 'gemini-2.5-pro' };
        assert.equal(modelToSet(onPro, 'gemini-2.5-pro'), undefined);
        assert.equal(modelToSet(onPro, undefined), 'gemini-2.5-flash', '"Default" returns to the model the session opened with');
    });

    it('a choice that is not one of this agent\'s models is never sent (a Theia language model, another agent\'s)', () => {
        const opened = sessionModels(GEMINI_NEW_SESSION);
        assert.equal(modelToSet(opened, 'openai/gpt-4o'), undefined);
        assert.equal(modelToSet({ ...opened, currentModelId: 'gemini-2.5-pro' }, 'qwen3-coder'), 'gemini-2.5-flash',
            'treated as no choice: the default');
        assert.equal(modelToSet(sessionModels({}), 'gemini-2.5-pro'), undefined, 'an agent without models gets no set_model');
    });

    it('caps an agent\'s model list: at most 200 models, ids too long to send back dropped, names cut (issue 29 part 11)', () => {
        const long = 'm'.repeat(CONFIG_OPTION_LIMITS.id + 1);
        const [name, description] = ['n'.repeat(100_000), 'd'.repeat(100_000)];
        const models = sessionModels({ models: {
            currentModelId: long,
            availableModels: [{ modelId: long }, ...Array.from({ length: 10_000 }, (_, i) => ({ modelId: `m${i}`, name, description }))]
        } });
        assert.equal(models.models.length, CONFIG_OPTION_LIMITS.choices);
        assert.equal(models.models[0].modelId, 'm0');
        assert.equal(models.models[0].name.length, CONFIG_OPTION_LIMITS.name);
        assert.equal(models.models[0].description?.length, CONFIG_OPTION_LIMITS.description);
        assert.equal(models.currentModelId, undefined);
    });
});
