import * as assert from 'assert';
import { LatestApplication } from './latest-application';

/** An application the test finishes by hand. */
function pending(log: string[], name: string): { apply: () => Promise<void>; finish: () => void } {
    let finish!: () => void;
    const done = new Promise<void>(resolve => finish = resolve);
    return { apply: () => done.then(() => { log.push(`${name} applied`); }), finish };
}

describe('LatestApplication', () => {
    it('settles only after the first application, even when asked before it started', async () => {
        const log: string[] = [];
        const applications = new LatestApplication();
        const answered = applications.settled().then(() => log.push('answered'));
        const first = pending(log, 'first');
        const running = applications.run(first.apply);
        first.finish();
        await running;
        await answered;
        assert.deepStrictEqual(log, ['first applied', 'answered']);
    });

    it('waits for the latest application, not an earlier one', async () => {
        const log: string[] = [];
        const applications = new LatestApplication();
        const first = pending(log, 'first');
        const second = pending(log, 'second');
        const runs = [applications.run(first.apply), applications.run(second.apply)];
        const answered = applications.settled().then(() => log.push('answered'));
        first.finish();
        await runs[0];
        second.finish();
        await Promise.all([...runs, answered]);
        assert.deepStrictEqual(log, ['first applied', 'second applied', 'answered']);
    });
});
