import { strict as assert } from 'assert';
import { AcpConfigSelect, CONFIG_OPTION_LIMITS, configChoicesToSend, sortConfigOptions } from './acp-config-options';

const select = (id: string, category: string | undefined, current: string, values: string[]) =>
    ({ type: 'select', id, name: `${id} name`, category, currentValue: current, options: values.map(value => ({ value, name: value.toUpperCase() })) });

describe('ACP configOptions sorted for the chat input (issue 23 part 4)', () => {
    const options = [
        select('model', 'model', 'small', ['small', 'large']),
        select('mode', 'mode', 'ask', ['ask', 'code']),
        select('effort', 'thought_level', 'low', ['low', 'high']),
        { type: 'boolean', id: 'web', name: 'Web search', currentValue: false },
        select('style', 'x-agent-style', 'plain', ['plain', 'fancy'])
    ];

    it('model to the model selector, mode to the mode selector, the rest as compact controls in the agent\'s order', () => {
        const sorted = sortConfigOptions(options, true);
        assert.equal(sorted.model?.id, 'model');
        assert.deepEqual(sorted.model?.choices, [{ value: 'small', name: 'SMALL' }, { value: 'large', name: 'LARGE' }]);
        assert.equal(sorted.mode?.current, 'ask');
        assert.deepEqual(sorted.others.map(control => `${control.kind}:${control.id}=${control.current}`),
            ['select:effort=low', 'boolean:web=false', 'select:style=plain']);
    });

    it('a boolean option only where the client declared session.configOptions.boolean', () => {
        assert.deepEqual(sortConfigOptions(options, false).others.map(control => control.id), ['effort', 'style']);
    });

    it('grouped choices are flattened with their group\'s name', () => {
        const grouped = { type: 'select', id: 'model', name: 'Model', category: 'model', currentValue: 'a',
            options: [{ group: 'fast', name: 'Fast', options: [{ value: 'a', name: 'A' }] }, { group: 'big', name: 'Big', options: [{ value: 'b', name: 'B' }] }] };
        assert.deepEqual(sortConfigOptions([grouped], false).model?.choices, [{ value: 'a', name: 'A', group: 'Fast' }, { value: 'b', name: 'B', group: 'Big' }]);
    });

    it('malformed options, empty selects and duplicate ids are left out; a second model option is a control', () => {
        const sorted = sortConfigOptions([null, 'x', { type: 'select', id: 'e', name: 'E', currentValue: 'a', options: [] },
            { type: 'select', name: 'no id', currentValue: 'a', options: [{ value: 'a' }] }, { type: 'number', id: 'n', name: 'N', currentValue: 1 },
            select('effort', 'thought_level', 'low', ['low']), select('effort', 'thought_level', 'high', ['high']),
            select('model', 'model', 'a', ['a']), select('model2', 'model', 'b', ['b'])], true);
        assert.equal(sorted.model?.id, 'model');
        assert.deepEqual(sorted.others.map(control => `${control.id}=${control.current}`), ['effort=low', 'model2=b']);
        assert.deepEqual(sortConfigOptions(undefined, true), { others: [] });
    });

    it('a choice is sent when it is offered and differs from the current value; stale and unknown ones are not', () => {
        const sorted = sortConfigOptions(options, true);
        assert.deepEqual(configChoicesToSend(sorted, { effort: 'high', web: true, style: 'plain', model: 'huge', gone: 'x', mode: 'code' }),
            [{ configId: 'mode', value: 'code' }, { configId: 'effort', value: 'high' }, { configId: 'web', value: true }]);
        assert.deepEqual(configChoicesToSend(sorted, { web: 'yes', effort: true }), [], 'a value of the wrong type is not sent');
    });

    it('caps an agent\'s lists: options, choices over all groups, ids and values dropped when too long, names cut (issue 29 part 11)', () => {
        const many = Array.from({ length: 10_000 }, (_, i) => select(`o${i}`, undefined, 'a', ['a']));
        assert.equal(sortConfigOptions(many, true).others.length, CONFIG_OPTION_LIMITS.options);
        const values = Array.from({ length: 5_000 }, (_, i) => `v${i}`);
        const grouped = { type: 'select', id: 'g', name: 'G', currentValue: 'v0',
            options: [{ name: 'one', options: values.slice(0, 150).map(value => ({ value })) }, { name: 'two', options: values.slice(150).map(value => ({ value })) }] };
        const choices = (sortConfigOptions([grouped, select('flat', undefined, 'v0', values)], true).others as AcpConfigSelect[]).map(control => control.choices);
        assert.deepEqual(choices.map(list => list.length), [CONFIG_OPTION_LIMITS.choices, CONFIG_OPTION_LIMITS.choices]);
        assert.deepEqual([choices[0][149].group, choices[0][150].group], ['one', 'two']);
        const long = 'x'.repeat(CONFIG_OPTION_LIMITS.id + 1);
        const sorted = sortConfigOptions([
            select(long, undefined, 'a', ['a']), select('cur', undefined, long, ['a']),
            { ...select('val', undefined, 'a', ['a', long]), name: 'n'.repeat(100_000), description: 'd'.repeat(100_000) }
        ], true);
        const [control] = sorted.others as AcpConfigSelect[];
        assert.equal(sorted.others.length, 1, 'an option whose id or current value is too long is dropped');
        assert.deepEqual(control.choices.map(choice => choice.value), ['a'], 'a value too long to send back is dropped');
        assert.equal(control.name.length, CONFIG_OPTION_LIMITS.name);
        assert.equal(control.description?.length, CONFIG_OPTION_LIMITS.description);
    });
});
