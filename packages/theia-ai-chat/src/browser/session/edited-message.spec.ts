import * as assert from 'assert';
import { continuesAnotherBranch, filesChangedOffPath } from './edited-message';

/** A request of a fake chat hierarchy: its id, agent and the files its change set lists. */
interface FakeRequest { id: string; agentId?: string; changeSet?: { getElements(): Array<{ uri: { path: { toString(): string } } }> } }
interface FakeBranch { items: Array<{ element: FakeRequest; next?: FakeBranch }> }

const request = (id: string, agentId = 'A', files: string[] = []): FakeRequest =>
    ({ id, agentId, changeSet: { getElements: () => files.map(file => ({ uri: { path: { toString: () => file } } })) } });

/** Turn 1, then message 2 in two versions (2 with its turn 3, and the edit 2'), the edit active. */
function editedChat(): { path: FakeRequest[]; branches: Map<string, FakeBranch> } {
    const [one, two, three, edited] = [request('1'), request('2', 'A', ['/w/a.txt']), request('3', 'A', ['/w/b.txt', '/w/a.txt']), request("2'")];
    const afterTwo: FakeBranch = { items: [{ element: three }] };
    const second: FakeBranch = { items: [{ element: two, next: afterTwo }, { element: edited }] };
    const first: FakeBranch = { items: [{ element: one, next: second }] };
    return { path: [one, edited], branches: new Map([['1', first], ['2', second], ["2'", second], ['3', afterTwo]]) };
}

function model(chat: ReturnType<typeof editedChat>): never {
    return { getRequests: () => chat.path, getBranch: (id: string) => chat.branches.get(id) } as never;
}

describe('An edited earlier message (issue 31 part 2)', () => {
    it('continues another branch when the agent\'s last request is not the one before it on this path', () => {
        const chat = editedChat();
        assert.equal(continuesAnotherBranch(model(chat), { id: "2'" }, 'A', '3'), true, 'the agent last saw turn 3, this follows turn 1');
        assert.equal(continuesAnotherBranch(model(chat), { id: "2'" }, 'A', '1'), false, 'the agent last saw turn 1: it goes on');
    });

    it('counts only the agent\'s own requests: another agent\'s turn in between is not an edit', () => {
        const one = request('1');
        const other = request('2', 'B');
        const three = request('3');
        const chat = { path: [one, other, three], branches: new Map<string, FakeBranch>() };
        assert.equal(continuesAnotherBranch(model(chat), { id: '3' }, 'A', '1'), false);
        assert.equal(continuesAnotherBranch(model(chat), { id: '1' }, 'A', undefined), false, 'a first request');
    });

    it('with nothing known of this window (a restored chat), an edit is known by the other versions of its message', () => {
        const chat = editedChat();
        assert.equal(continuesAnotherBranch(model(chat), { id: "2'" }, 'A', undefined), true);
        assert.equal(continuesAnotherBranch(model(chat), { id: '1' }, 'A', undefined), false);
    });

    it('lists the files changed in the turns that left the view, once each', () => {
        assert.deepEqual(filesChangedOffPath(model(editedChat()), { id: "2'" }), ['/w/a.txt', '/w/b.txt']);
        assert.deepEqual(filesChangedOffPath(model(editedChat()), { id: '1' }), [], 'no other versions');
    });
});
