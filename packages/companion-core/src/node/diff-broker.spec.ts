import * as assert from 'assert';
import * as os from 'os';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { CLIENT_PROFILES } from '../common/client-profiles';
import { DiffOutcome, DiffView, PendingDiff } from '../common/diff-registry';
import { ManualClock } from '../test/manual-clock';
import { DiffAnswer, DiffBroker, NO_WINDOW_ERROR, proposeAndWait } from './diff-broker';

/** Records what the broker asks of the window; `show` resolves only when the spec says so. */
class ManualView implements DiffView {
    readonly shown: PendingDiff[] = [];
    readonly closed: string[] = [];
    private readonly pendingShows: (() => void)[] = [];
    show(diff: PendingDiff): Promise<void> {
        this.shown.push(diff);
        return new Promise(resolve => this.pendingShows.push(resolve));
    }
    showAll(): void {
        this.pendingShows.splice(0).forEach(resolve => resolve());
    }
    async close(diffId: string): Promise<string | undefined> {
        this.closed.push(diffId);
        return undefined;
    }
}

/** An answer that records what reached the client, as a transport's would. */
function recordingAnswer(connected = true): DiffAnswer & { outcomes: DiffOutcome[]; withdrawals: number } {
    const answer = {
        outcomes: [] as DiffOutcome[],
        withdrawals: 0,
        deliver: async (outcome: DiffOutcome) => {
            answer.outcomes.push(outcome);
            return connected;
        },
        withdrawn: () => { answer.withdrawals++; }
    };
    return answer;
}

describe('DiffBroker', () => {
    let root: string;
    let broker: DiffBroker;
    let view: ManualView;
    let clock: ManualClock;
    const never = new AbortController().signal;
    const request = (name: string, sessionId = 's1') => ({ sessionId, clientId: 'gemini', filePath: path.join(root, name), newContent: `new ${name}` });

    /** A proposal of that file that the window shows at once: the pending diff it became. */
    async function shownProposal(name: string, answer: DiffAnswer = recordingAnswer()): Promise<PendingDiff> {
        const shown = broker.propose(request(name), answer, never);
        view.showAll();
        return shown;
    }

    beforeEach(() => {
        root = tempFolder('diff-broker-', { real: true });
        clock = new ManualClock();
        broker = new DiffBroker({ roots: () => [root], profiles: () => CLIENT_PROFILES, clock });
        view = new ManualView();
    });

    afterEach(() => removeFolder(root));

    it('refuses a proposal with no window, and one outside the workspace', async () => {
        await assert.rejects(broker.propose(request('a.ts'), recordingAnswer(), never), { message: NO_WINDOW_ERROR });
        broker.attachView(view);
        await assert.rejects(broker.propose({ ...request('a.ts'), filePath: path.join(os.tmpdir(), 'x.ts') }, recordingAnswer(), never));
        assert.deepStrictEqual(broker.pending(), []);
    });

    it('hands the decision to the asking client exactly once, and reports its delivery', async () => {
        broker.attachView(view);
        const answer = recordingAnswer();
        const diff = await shownProposal('a.ts', answer);
        assert.strictEqual(diff.clientName, 'Gemini CLI');
        assert.deepStrictEqual(await broker.resolve(diff.id, { accepted: true, content: 'edited' }), { delivered: true });
        const second = await broker.resolve(diff.id, { accepted: false });
        assert.strictEqual(second.delivered, false);
        assert.deepStrictEqual(answer.outcomes, [{ accepted: true, content: 'edited' }]);
    });

    it('says when the client was gone and the decision not delivered', async () => {
        broker.attachView(view);
        const delivery = await broker.resolve((await shownProposal('a.ts', recordingAnswer(false))).id, { accepted: false });
        assert.ok(!delivery.delivered && /no longer connected/.test(delivery.reason));
    });

    it('a newer proposal for the same session and path supersedes the older one with a rejection', async () => {
        broker.attachView(view);
        const older = recordingAnswer();
        const firstDiff = await shownProposal('a.ts', older);
        await shownProposal('a.ts');
        assert.deepStrictEqual(older.outcomes, [{ accepted: false }]);
        assert.ok(view.closed.includes(firstDiff.id));
        assert.strictEqual(broker.pending().length, 1);
    });

    it('withdraws a proposal the window does not show before the deadline, and closes it', async () => {
        broker.attachView(view);
        const answer = recordingAnswer();
        const shown = broker.propose(request('a.ts'), answer, never);
        clock.advance(14_999);
        await new Promise(resolve => setImmediate(resolve));
        assert.strictEqual(broker.pending().length, 1, 'still within the deadline');
        clock.advance(1);
        await assert.rejects(shown, /did not show it within 15 s/);
        assert.strictEqual(answer.withdrawals, 1);
        assert.deepStrictEqual(answer.outcomes, []);
        assert.deepStrictEqual(view.closed, [view.shown[0].id]);
        assert.deepStrictEqual(broker.pending(), []);
    });

    it('a session that ends withdraws its proposals without an answer; a window expected back queues them', async () => {
        broker.detachView(true);
        const answer = recordingAnswer();
        await broker.propose(request('a.ts'), answer, never);
        assert.strictEqual(view.shown.length, 0);
        broker.attachView(view);
        assert.strictEqual(view.shown.length, 1);
        broker.withdrawSession('s1');
        assert.strictEqual(answer.withdrawals, 1);
        assert.deepStrictEqual(answer.outcomes, []);
    });

    it('proposeAndWait gives a blocking client the outcome, or undefined when the proposal is closed', async () => {
        broker.attachView(view);
        setImmediate(() => view.showAll());
        const decided = proposeAndWait(broker, request('a.ts'), never);
        await new Promise(resolve => setImmediate(resolve));
        await broker.resolve(broker.pending()[0].id, { accepted: true, content: 'final' });
        assert.deepStrictEqual(await decided, { accepted: true, content: 'final' });

        setImmediate(() => view.showAll());
        const closed = proposeAndWait(broker, request('b.ts'), never);
        await new Promise(resolve => setImmediate(resolve));
        await broker.close('s1', request('b.ts').filePath);
        assert.strictEqual(await closed, undefined);
    });
});
