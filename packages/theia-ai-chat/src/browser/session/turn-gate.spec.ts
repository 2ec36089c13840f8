import { strict as assert } from 'assert';
import { TurnGate } from './turn-gate';

/** A turn the test ends. */
function pending(): { promise: Promise<string>; end(value: string): void; fail(error: Error): void } {
    let end!: (value: string) => void;
    let fail!: (error: Error) => void;
    const promise = new Promise<string>((resolve, reject) => { end = resolve; fail = reject; });
    return { promise, end, fail };
}

describe('TurnGate: one prompt turn at a time in a session', () => {
    it('starts the next turn only after the one before it ended, however it ended', async () => {
        const gate = new TurnGate();
        const started: string[] = [];
        const first = pending();
        const second = pending();
        const one = gate.run(() => { started.push('one'); return first.promise; });
        const two = gate.run(() => { started.push('two'); return second.promise; });
        const three = gate.run(async () => { started.push('three'); return 'three'; });
        await new Promise(resolve => setTimeout(resolve, 10));
        assert.deepEqual(started, ['one']);
        assert.equal(gate.busy, true);
        first.fail(new Error('cancelled'));
        await assert.rejects(one, /cancelled/);
        await new Promise(resolve => setTimeout(resolve, 10));
        assert.deepEqual(started, ['one', 'two']);
        second.end('two');
        assert.deepEqual([await two, await three], ['two', 'three']);
        assert.deepEqual(started, ['one', 'two', 'three']);
        assert.equal(gate.busy, false);
    });
});
