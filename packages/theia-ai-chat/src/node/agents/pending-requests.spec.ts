import * as assert from 'assert';
import { PendingRequests } from './pending-requests';

describe('PendingRequests (what the agents asked the user, waiting)', () => {
    it('settles a request once, with the first response, and tells onSettled its id', async () => {
        const requests = new PendingRequests<string, string>('ask', 'withdrawn');
        const settled: string[] = [];
        const { id, answer } = requests.add('chat-1', 'the question', new AbortController().signal, settledId => settled.push(settledId));
        assert.equal(requests.get(id), 'the question');
        assert.equal(requests.settle(id, 'yes'), true);
        assert.equal(requests.settle(id, 'no'), false);
        assert.equal(await answer, 'yes');
        assert.deepEqual(settled, [id]);
        assert.equal(requests.get(id), undefined);
        assert.equal(requests.get({ toString: () => id }), undefined, 'only a string names a request');
    });

    it('answers withdrawn when the signal aborts, also one aborted before the request came', async () => {
        const requests = new PendingRequests<string, string>('ask', 'withdrawn');
        const later = new AbortController();
        const earlier = new AbortController();
        earlier.abort();
        const first = requests.add('chat-1', 'a', later.signal, () => undefined);
        const second = requests.add('chat-1', 'b', earlier.signal, () => undefined);
        later.abort();
        assert.deepEqual(await Promise.all([first.answer, second.answer]), ['withdrawn', 'withdrawn']);
        assert.equal(requests.size, 0);
    });

    it('cancelAll answers the requests of that chat session, or of every session without one', async () => {
        const requests = new PendingRequests<string, string>('ask', 'withdrawn');
        const signal = new AbortController().signal;
        const one = requests.add('chat-1', 'a', signal, () => undefined);
        const two = requests.add('chat-2', 'b', signal, () => undefined);
        requests.cancelAll('chat-1');
        assert.equal(await one.answer, 'withdrawn');
        assert.equal(requests.size, 1);
        requests.cancelAll();
        assert.equal(await two.answer, 'withdrawn');
        assert.equal(requests.size, 0);
    });
});
