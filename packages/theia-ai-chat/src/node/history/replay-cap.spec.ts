import * as assert from 'assert';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { capReplay, REPLAY_LIMITS } from './replay-cap';

const chunk = (kind: 'user_message_chunk' | 'agent_message_chunk', text: string) => ({ sessionUpdate: kind, content: { type: 'text', text } }) as AcpSessionUpdate;
const textOf = (update: AcpSessionUpdate) => (update as unknown as { content: { text: string } }).content.text;
const jsonChars = (updates: AcpSessionUpdate[]) => updates.reduce((total, update) => total + JSON.stringify(update).length, 0);

describe('capReplay: a session/load replay as the window gets it (issue 29 part 8)', () => {
    it('a replay within the limits comes whole, without a note', () => {
        const replay = [chunk('user_message_chunk', 'hi'), chunk('agent_message_chunk', 'hello')];
        assert.deepEqual(capReplay(replay), replay);
        assert.deepEqual(capReplay([]), []);
    });

    it('past the update count: the most recent updates, after a line saying how many were left out', () => {
        const replay = Array.from({ length: REPLAY_LIMITS.updates + 250 }, (_, i) => chunk(i % 1000 ? 'agent_message_chunk' : 'user_message_chunk', `m${i}`));
        const capped = capReplay(replay);
        assert.equal(capped.length, REPLAY_LIMITS.updates + 1);
        assert.match(textOf(capped[0]), /^\*250 earlier updates of this conversation \(\d+ kB\) were left out: only its most recent part is shown\.\*/);
        assert.deepEqual(capped.slice(1), replay.slice(250));
    });

    it('past the user message count: the most recent turns, each whole', () => {
        const replay = Array.from({ length: REPLAY_LIMITS.turns + 10 }, (_, i) =>
            [chunk('user_message_chunk', `q${i}`), chunk('user_message_chunk', '?'), chunk('agent_message_chunk', `a${i}`)]).flat();
        const capped = capReplay(replay);
        assert.match(textOf(capped[0]), /^\*30 earlier updates/);
        assert.deepEqual(capped.slice(1), replay.slice(30));
    });

    it('a 40 MB replay: at most the byte limit (and the note) reaches the window, ending with the last update', () => {
        const big = 'x'.repeat(1024 * 1024);
        const replay = Array.from({ length: 40 }, (_, i) => [chunk('user_message_chunk', `question ${i}`), chunk('agent_message_chunk', big)]).flat();
        replay.push(chunk('agent_message_chunk', 'the end'));
        const capped = capReplay(replay);
        assert.ok(jsonChars(capped.slice(1)) <= REPLAY_LIMITS.chars, `${jsonChars(capped.slice(1))} characters`);
        assert.match(textOf(capped[0]), /earlier updates of this conversation \(\d+\.\d MB\) were left out/);
        assert.ok(textOf(capped[capped.length - 1]) === 'the end' && textOf(capped[capped.length - 2]) === big);
        assert.ok(textOf(capped[capped.length - 3]) === 'question 39');
    });

    it('one chunk bigger than the limit keeps its end', () => {
        const replay = [chunk('user_message_chunk', 'q'), chunk('agent_message_chunk', 'a'.repeat(REPLAY_LIMITS.chars) + 'THE END')];
        const capped = capReplay(replay);
        assert.equal(capped.length, 2);
        assert.match(textOf(capped[0]), /^\*2 earlier updates/);
        assert.ok(textOf(capped[1]).endsWith('THE END') && textOf(capped[1]).length < REPLAY_LIMITS.chars);
        assert.ok(jsonChars(capped.slice(1)) <= REPLAY_LIMITS.chars);
    });

    it('a tool call bigger than the limit is left out whole', () => {
        const replay = [chunk('user_message_chunk', 'q'), { sessionUpdate: 'tool_call', toolCallId: 't', title: 'x'.repeat(REPLAY_LIMITS.chars) } as AcpSessionUpdate];
        assert.deepEqual(capReplay(replay).map(update => update.sessionUpdate), ['agent_message_chunk']);
    });
});
