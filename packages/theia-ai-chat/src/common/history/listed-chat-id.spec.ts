import * as assert from 'assert';
import { listedChatId, parseListedChatId } from './listed-chat-id';

describe('listedChatId: the Theia chat id of an agent-listed session', () => {
    it('round-trips any session id, and is safe as a file name', () => {
        for (const sessionId of ['s-1', '../../etc/passwd', 'a/b\\c', 'ünï cödé 🐦', '0f8fad5b-d9cb-469f-a165-70867728950e']) {
            const id = listedChatId('QwenCode', sessionId);
            assert.match(id, /^acp-listed\.QwenCode\.[A-Za-z0-9_-]+$/);
            assert.deepEqual(parseListedChatId(id), { agentId: 'QwenCode', sessionId });
        }
    });

    it('is stable: the same entry is the same chat', () => {
        assert.equal(listedChatId('SessionAgent', 's-7'), listedChatId('SessionAgent', 's-7'));
        assert.notEqual(listedChatId('SessionAgent', 's-7'), listedChatId('Other', 's-7'));
    });

    it('says nothing of Theia\'s own chat ids or a malformed one', () => {
        for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', 'acp-listed.', 'acp-listed.Qwen', 'acp-listed.Qwen.', 'acp-listed.Qwen.a+b', 'acp-listed.1x.czE', 'acp-listed.Q.czE=']) {
            assert.equal(parseListedChatId(id), undefined, id);
        }
    });
});
