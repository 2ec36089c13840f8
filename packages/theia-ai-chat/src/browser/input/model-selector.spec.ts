import * as assert from 'assert';
import { sessionModels } from '../../common/acp-models';
import { acpModelSelectorProps } from './model-selector';

const session = sessionModels({
    models: { currentModelId: 'tiny-small', availableModels: [{ modelId: 'tiny-small', name: 'Tiny Small' }, { modelId: 'tiny-large', name: 'Tiny Large' }] }
});
const onChange = (): void => undefined;

describe('The chat\'s model selector for an ACP agent', () => {
    it('lists the agent\'s models, ready, with "Default" naming the model the session opened with', () => {
        const props = acpModelSelectorProps(session, undefined, onChange);
        assert.deepEqual(props.models.map(model => [model.id, model.name, model.status.status]),
            [['tiny-small', 'Tiny Small', 'ready'], ['tiny-large', 'Tiny Large', 'ready']]);
        assert.equal(props.defaultLabel, 'Tiny Small');
        assert.equal(props.currentModelId, undefined);
        assert.equal(props.onModelChange, onChange, 'the choice is stored by Theia\'s own handler');
    });

    it('shows the stored choice when it is one of the agent\'s models, else "Default" (what the agent then uses)', () => {
        assert.equal(acpModelSelectorProps(session, 'tiny-large', onChange).currentModelId, 'tiny-large');
        assert.equal(acpModelSelectorProps(session, 'openai/gpt-4o', onChange).currentModelId, undefined);
    });

    it('is empty (so Theia hides it) for an agent that reports no models, or before its first session', () => {
        assert.deepEqual(acpModelSelectorProps(sessionModels({}), 'tiny-large', onChange).models, []);
        assert.equal(acpModelSelectorProps(sessionModels({}), 'tiny-large', onChange).currentModelId, undefined);
        assert.deepEqual(acpModelSelectorProps(undefined, undefined, onChange).models, []);
    });

    it('its entries cannot be used as Theia language models', async () => {
        await assert.rejects(acpModelSelectorProps(session, undefined, onChange).models[0].request({} as never), /only that agent uses it/);
    });
});
