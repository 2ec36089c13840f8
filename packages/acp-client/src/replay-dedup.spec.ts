import * as assert from 'assert';
import type * as acp from '@agentclientprotocol/sdk';
import { replayNotShown, ShownMessage } from './replay-dedup';

const user = (text: string, messageId?: string): acp.SessionUpdate => ({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text }, ...(messageId ? { messageId } : {}) });
const agent = (text: string): acp.SessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
const thought = (text: string): acp.SessionUpdate => ({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } });
const tool = (toolCallId: string): acp.SessionUpdate => ({ sessionUpdate: 'tool_call', toolCallId, title: 'Reading' });
const texts = (updates: acp.SessionUpdate[]) => updates.map(update =>
    (update.sessionUpdate === 'user_message_chunk' || update.sessionUpdate === 'agent_message_chunk' || update.sessionUpdate === 'agent_thought_chunk')
        && update.content.type === 'text' ? update.content.text : update.sessionUpdate);

describe('replayNotShown (what a session/load replay adds to the transcript a chat shows)', () => {
    const replay = [user('hello'), thought('hm'), agent('Hi '), agent('there.'), user('what is 2+2?'), tool('t1'), agent('4')];

    it('drops everything the chat shows and keeps the rest in order, thoughts and tool calls with their answer', () => {
        const shown: ShownMessage[] = [{ role: 'user', text: 'hello' }, { role: 'agent', text: 'Hi there.' }];
        assert.deepEqual(texts(replayNotShown(shown, replay)), ['what is 2+2?', 'tool_call', '4']);
    });

    it('returns nothing when the chat shows the whole conversation, and everything for an empty chat', () => {
        const shown: ShownMessage[] = [{ role: 'user', text: 'hello' }, { role: 'agent', text: 'Hi there.' },
            { role: 'user', text: 'what is 2+2?' }, { role: 'agent', text: '4' }];
        assert.deepEqual(replayNotShown(shown, replay), []);
        assert.deepEqual(replayNotShown([], replay), replay);
    });

    it('matches a chat\'s "@Agent prompt", a reflowed answer, an answer split in parts, and one cut short by a crash', () => {
        const shown: ShownMessage[] = [{ role: 'user', text: '@QwenCode hello' }, { role: 'agent', text: 'Hi' }, { role: 'agent', text: '  there.\n' },
            { role: 'user', text: 'what is  2+2?' }, { role: 'agent', text: '' }];
        assert.deepEqual(replayNotShown(shown, replay), []);
        assert.deepEqual(replayNotShown([{ role: 'user', text: 'hello' }, { role: 'agent', text: 'Hi' }], replay).length, 3,
            'an answer the chat shows only the start of is known');
    });

    it('skips an answer shown empty that the agent never recorded (a cancelled turn)', () => {
        const shown: ShownMessage[] = [{ role: 'user', text: 'hello' }, { role: 'agent', text: '' }];
        // Two user messages in a row are told apart by their message ids.
        assert.deepEqual(texts(replayNotShown(shown, [user('hello', 'm1'), user('again', 'm2'), agent('Again.')])), ['again', 'Again.']);
    });

    it('a replay that differs from what the chat shows is returned whole from the first difference: nothing is dropped on a guess', () => {
        const shown: ShownMessage[] = [{ role: 'user', text: 'hello' }, { role: 'agent', text: 'Something else entirely' }];
        assert.deepEqual(texts(replayNotShown(shown, replay)), ['hm', 'Hi ', 'there.', 'what is 2+2?', 'tool_call', '4']);
        assert.deepEqual(replayNotShown([{ role: 'user', text: 'a different start' }], replay), replay);
    });

    it('a tool call the agent replays before any message counts as an answer: new to a chat that starts with a user message', () => {
        assert.deepEqual(replayNotShown([{ role: 'user', text: 'x' }], [tool('t9')]).length, 1);
    });
});
