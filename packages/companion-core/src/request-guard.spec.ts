import * as assert from 'assert';
import { RequestGuard } from './request-guard';

describe('RequestGuard', () => {
    const guard = new RequestGuard(4000, new Map([['gemini', 'token-g'], ['qwen', 'token-q']]));
    const ok = { host: '127.0.0.1:4000', authorization: 'Bearer token-g' };

    it('names the owner of a valid token', () => {
        assert.deepStrictEqual(guard.check(ok), { owner: 'gemini' });
        assert.deepStrictEqual(guard.check({ ...ok, authorization: 'Bearer token-q' }), { owner: 'qwen' });
        assert.deepStrictEqual(guard.check({ ...ok, host: 'localhost:4000' }), { owner: 'gemini' });
        assert.deepStrictEqual(guard.check({ ...ok, host: 'host.docker.internal:4000' }), { owner: 'gemini' });
    });

    it('refuses any Origin with 403', () => {
        assert.strictEqual((guard.check({ ...ok, origin: 'http://127.0.0.1:4000' }) as { status: number }).status, 403);
    });

    it('refuses foreign or wrong-port hosts with 403', () => {
        for (const host of ['evil.example:4000', '127.0.0.1:4001', '127.0.0.1', undefined]) {
            assert.strictEqual((guard.check({ ...ok, host }) as { status: number }).status, 403, String(host));
        }
    });

    it('refuses missing, malformed and wrong tokens with 401', () => {
        for (const authorization of [undefined, 'Bearer', 'Bearer ', 'Basic token-g', 'Bearer token-g extra', 'bearer token-g', 'Bearer token-x']) {
            const verdict = guard.check({ ...ok, authorization });
            assert.strictEqual((verdict as { status: number }).status, 401, String(authorization));
        }
    });
});
