import * as assert from 'assert';
import { sessionModels } from '../../common/session-config/acp-models';
import { acpModelSelectorProps } from './model-selector';

const session = sessionModels({
    models: { currentModelId: 'tiny-small', availableModels: [{ modelId: 'tiny-small', name: 'Tiny Small' }, { modelId: 'tiny-large', name: 'Tiny Large' }] }
});
const noChange = (): void => undefined;

describe('The chat\'s model selector for an ACP agent', () => {
    it('lists the agent\'s models by name (Theia labels an entry by its id), ids beside them, all ready', () => {
        const props = acpModelSelectorProps(session, undefined, noChange);
        assert.deepEqual(props.models.map(model => [model.id, model.name, model.status.status]),
            [['Tiny Small', 'tiny-small', 'ready'], ['Tiny Large', 'tiny-large', 'ready']]);
        assert.equal(props.defaultLabel, 'Tiny Small', '"Default" names the model the session opened with');
    });

    it('shows the model the next prompt goes to by name: the chat\'s choice, else the one the session opened with, not "Default"', () => {
        assert.equal(acpModelSelectorProps(session, undefined, noChange).currentModelId, 'Tiny Small');
        assert.equal(acpModelSelectorProps(session, 'tiny-large', noChange).currentModelId, 'Tiny Large');
        assert.equal(acpModelSelectorProps(session, 'openai/gpt-4o', noChange).currentModelId, 'Tiny Small', 'another agent\'s choice is not this one\'s');
        const switched = { ...session, currentModelId: 'tiny-large' };
        assert.equal(acpModelSelectorProps(switched, undefined, noChange).currentModelId, 'Tiny Small', 'after "Default", the model it goes back to');
        const noCurrent = { ...session, currentModelId: undefined, defaultModelId: undefined };
        assert.equal(acpModelSelectorProps(noCurrent, undefined, noChange).currentModelId, undefined, 'nothing reported: "Default"');
    });

    it('turns a choice back into the agent\'s id, and "Default" into no choice', () => {
        const chosen: Array<string | undefined> = [];
        const props = acpModelSelectorProps(session, undefined, modelId => chosen.push(modelId));
        props.onModelChange('Tiny Large');
        props.onModelChange(undefined);
        assert.deepEqual(chosen, ['tiny-large', undefined]);
    });

    it('two models with one name are told apart by their ids', () => {
        const twins = sessionModels({ models: { currentModelId: 'a', availableModels: [{ modelId: 'a', name: 'Fast' }, { modelId: 'b', name: 'Fast' }] } });
        const chosen: Array<string | undefined> = [];
        const props = acpModelSelectorProps(twins, undefined, modelId => chosen.push(modelId));
        assert.deepEqual(props.models.map(model => model.id), ['Fast (a)', 'Fast (b)']);
        props.onModelChange('Fast (b)');
        assert.deepEqual(chosen, ['b']);
    });

    it('is empty (so Theia hides it) for an agent that reports no models, or before its first session', () => {
        assert.deepEqual(acpModelSelectorProps(sessionModels({}), 'tiny-large', noChange).models, []);
        assert.equal(acpModelSelectorProps(sessionModels({}), 'tiny-large', noChange).currentModelId, undefined);
        assert.deepEqual(acpModelSelectorProps(undefined, undefined, noChange).models, []);
    });

    it('its entries cannot be used as Theia language models', async () => {
        await assert.rejects(acpModelSelectorProps(session, undefined, noChange).models[0].request({} as never), /only that agent uses it/);
    });
});
