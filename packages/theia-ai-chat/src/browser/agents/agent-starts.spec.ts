import { strict as assert } from 'assert';
import { MutableChatResponseModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpAgentStarts } from './agent-starts';

describe('AcpAgentStarts (the answer\'s line while prepare starts an agent, issue 25 part 2)', () => {
    const message = 'Starting Gemini CLI: npm fetches @google/gemini-cli@0.61.0 on first use…';

    function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
        let resolve!: (value: T) => void;
        return { promise: new Promise<T>(done => { resolve = done; }), resolve };
    }

    it('shows the start, then what npm printed last, as one in-progress message; done once prepare returned', async () => {
        const starts = new AcpAgentStarts();
        const response = new MutableChatResponseModel('request-1', 'GeminiCLI');
        const prepared = deferred<{ sessionId: string }>();
        const during = starts.during('chat-1', 'GeminiCLI', response, () => prepared.promise, result => 'error' in result);
        starts.report('chat-1', 'GeminiCLI', { message });
        assert.deepStrictEqual(response.progressMessages.map(each => [each.content, each.status, each.show]), [[message, 'inProgress', 'whileIncomplete']]);
        starts.report('chat-1', 'GeminiCLI', { message, output: 'npm warn deprecated glob@7.2.3' });
        starts.report('chat-2', 'GeminiCLI', { message: 'Starting another…' });
        starts.report('chat-1', 'QwenCode', { message: 'Starting Qwen Code…' });
        assert.deepStrictEqual(response.progressMessages.map(each => each.content), [`${message} npm warn deprecated glob@7.2.3`],
            'one line, updated; other sessions\' and agents\' starts are not this answer\'s');
        prepared.resolve({ sessionId: 's' });
        assert.deepStrictEqual(await during, { sessionId: 's' });
        assert.deepStrictEqual(response.progressMessages.map(each => [each.status, each.show]), [['completed', 'untilFirstContent']],
            'it gives way to the answer\'s first content');
        starts.report('chat-1', 'GeminiCLI', { message: 'late' });
        assert.equal(response.progressMessages[0].content, `${message} npm warn deprecated glob@7.2.3`, 'nothing after prepare returned');
    });

    it('a failed prepare marks the line failed; a prepare that started nothing adds no line', async () => {
        const starts = new AcpAgentStarts();
        const failedResponse = new MutableChatResponseModel('request-1', 'A');
        await starts.during('chat-1', 'A', failedResponse, async () => {
            starts.report('chat-1', 'A', { message: 'Starting A…' });
            return { error: 'no' };
        }, result => 'error' in result);
        assert.deepStrictEqual(failedResponse.progressMessages.map(each => [each.content, each.status]), [['Starting A…', 'failed']]);
        const quiet = new MutableChatResponseModel('request-2', 'A');
        await starts.during('chat-1', 'A', quiet, async () => ({ sessionId: 's' }), result => 'error' in result);
        assert.deepStrictEqual(quiet.progressMessages, []);
    });
});
