// The hooks of a mocha suite whose tests each start a real CLI against one loopback fake model API.
import { CleanupStack } from './cleanup-stack.mjs';

/**
 * The fake lives for the whole suite (`suite.api`, from `startFake()`); what a test pushes onto
 * `suite.cleanups` is undone after it, and the replies it scripted but did not use are dropped, so they
 * cannot answer the next test.
 */
export function cliSuite(startFake) {
    const suite = { cleanups: new CleanupStack() };
    before(async () => {
        suite.api = await startFake();
    });
    afterEach(async () => {
        await suite.cleanups.run();
        suite.api.queue.length = 0;
    });
    after(async () => {
        await suite.api?.close();
    });
    return suite;
}
