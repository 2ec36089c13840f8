import * as assert from 'assert';
import { AcpConfigOptionData } from '../../common/acp-chat-protocol';
import { AcpSessionConfigs } from './session-configs';

/** The options of the session agent of the tests (test/support/session-acp-agent.mjs). */
const select = (id: string, category: string | undefined, current: string, values: string[]): AcpConfigOptionData =>
    ({ type: 'select', id, name: id.toUpperCase(), category, currentValue: current, options: values.map(value => ({ value, name: `${value}!` })) });
const options = (model = 'small', mode = 'ask', thinking?: string): AcpConfigOptionData[] => [
    select('model', 'model', model, ['small', 'big']), select('mode', 'mode', mode, ['ask', 'code']),
    ...thinking ? [select('thought_level', 'thought_level', thinking, ['low', 'high'])] : [],
    { type: 'boolean', id: 'brief', name: 'Brief', currentValue: false }
];
const NO_LEGACY = { models: false, modes: false };

describe('AcpSessionConfigs: an ACP agent\'s config options and usage in the chat (issue 23 parts 4, 5)', () => {
    it('model and mode fill Theia\'s selectors, the rest are compact controls with the user\'s choice shown', () => {
        const configs = new AcpSessionConfigs();
        configs.opened('chat', 'agent', { opened: true, configOptions: options('small', 'ask', 'low') });
        assert.deepStrictEqual(configs.modelsFor('chat', 'agent'), {
            models: [{ modelId: 'small', name: 'small!', description: undefined }, { modelId: 'big', name: 'big!', description: undefined }],
            currentModelId: 'small', defaultModelId: 'small'
        });
        assert.deepStrictEqual(configs.modesFor('chat', 'agent'), {
            modes: [{ id: 'ask', name: 'ask!', description: undefined }, { id: 'code', name: 'code!', description: undefined }], defaultId: 'ask'
        });
        configs.choose('chat', 'agent', 'thought_level', 'high');
        assert.deepStrictEqual(configs.compactControls('chat', 'agent').map(({ control, value }) => `${control.id}=${value}`), ['thought_level=high', 'brief=false']);
    });

    it('sends, in the agent\'s order, the model and mode of Theia\'s selectors and each changed choice; none of it twice', () => {
        const configs = new AcpSessionConfigs();
        configs.opened('chat', 'agent', { opened: true, configOptions: options('small', 'ask', 'low') });
        assert.deepStrictEqual(configs.toSend('chat', 'agent', NO_LEGACY, undefined, undefined), [], 'nothing chosen: nothing sent');
        configs.choose('chat', 'agent', 'thought_level', 'high');
        configs.choose('chat', 'agent', 'brief', false);
        assert.deepStrictEqual(configs.toSend('chat', 'agent', NO_LEGACY, 'big', 'code'),
            [{ configId: 'model', value: 'big' }, { configId: 'mode', value: 'code' }, { configId: 'thought_level', value: 'high' }]);
        configs.replaced('chat', 'agent', options('big', 'code', 'high'));
        configs.settled('chat', 'agent', 'thought_level');
        assert.deepStrictEqual(configs.toSend('chat', 'agent', NO_LEGACY, 'big', 'code'), [], 'the agent\'s answer is the new current set');
        assert.deepStrictEqual(configs.toSend('chat', 'agent', NO_LEGACY, undefined, undefined),
            [{ configId: 'model', value: 'small' }, { configId: 'mode', value: 'ask' }], 'no choice means the values the session opened with');
    });

    it('an agent with the older models and modes (qwen reports both) keeps them: its model and mode options are not sent', () => {
        const configs = new AcpSessionConfigs();
        configs.opened('chat', 'agent', { opened: true, configOptions: options('small', 'ask') });
        assert.deepStrictEqual(configs.toSend('chat', 'agent', { models: true, modes: true }, 'big', 'code'), []);
        assert.deepStrictEqual(configs.compactControls('chat', 'agent').map(({ control }) => control.id), ['brief']);
    });

    it('a choice the agent no longer offers is not sent; an agent with no options (gemini 0.61) has nothing to send or show', () => {
        const configs = new AcpSessionConfigs();
        configs.opened('chat', 'agent', { opened: true, configOptions: options('big', 'ask', 'low') });
        configs.choose('chat', 'agent', 'thought_level', 'high');
        configs.observe('chat', 'agent', { sessionUpdate: 'config_option_update', configOptions: options('big', 'ask') });
        assert.deepStrictEqual(configs.toSend('chat', 'agent', NO_LEGACY, undefined, undefined), []);
        configs.opened('chat', 'gemini', { opened: true });
        assert.equal(configs.modelsFor('chat', 'gemini'), undefined);
        assert.equal(configs.modesFor('chat', 'gemini'), undefined);
        assert.deepStrictEqual(configs.compactControls('chat', 'gemini'), []);
        assert.deepStrictEqual(configs.toSend('chat', 'gemini', NO_LEGACY, 'big', 'code'), []);
    });

    it('a chat not yet prompted offers the options of the agent\'s last session, and keeps its choices until its own opens', () => {
        const configs = new AcpSessionConfigs();
        configs.opened('first', 'agent', { opened: true, configOptions: options('big', 'ask', 'low') });
        assert.deepStrictEqual(configs.compactControls('second', 'agent').map(({ control }) => control.id), ['thought_level', 'brief']);
        configs.choose('second', 'agent', 'thought_level', 'high');
        assert.deepStrictEqual(configs.toSend('second', 'agent', NO_LEGACY, undefined, undefined), [], 'no session yet: nothing to send to');
        configs.opened('second', 'agent', { opened: true, configOptions: options('big', 'ask', 'low') });
        assert.deepStrictEqual(configs.toSend('second', 'agent', NO_LEGACY, undefined, undefined), [{ configId: 'thought_level', value: 'high' }]);
    });

    it('keeps the last usage_update per chat, also from prepare; a malformed one is ignored; a deleted chat is forgotten', () => {
        const configs = new AcpSessionConfigs();
        const changes: Array<string | undefined> = [];
        configs.onDidChange(change => changes.push(change.chatSessionId));
        configs.observe('chat', 'agent', { sessionUpdate: 'usage_update', used: 53_000, size: 200_000, cost: { amount: 0.12, currency: 'USD' } });
        configs.observe('chat', 'agent', { sessionUpdate: 'usage_update', used: 'lots', size: 200_000 });
        assert.deepStrictEqual(configs.usageOf('chat', 'agent'), { used: 53_000, size: 200_000, cost: { amount: 0.12, currency: 'USD' } });
        configs.opened('other', 'agent', { opened: false, usage: { used: 1, size: 2 } });
        assert.deepStrictEqual(configs.usageOf('other', 'agent'), { used: 1, size: 2 });
        assert.deepStrictEqual(changes, ['chat', 'other']);
        configs.forgetChat('chat');
        assert.equal(configs.usageOf('chat', 'agent'), undefined);
        assert.ok(configs.usageOf('other', 'agent'));
    });
});
