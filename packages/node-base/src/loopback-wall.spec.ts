import * as assert from 'assert';
import { LoopbackWall } from './loopback-wall';

describe('LoopbackWall', () => {
    const wall = new LoopbackWall({ port: 4000, tokens: new Map([['gemini', 'token-g'], ['qwen', 'token-q']]) });
    const ok = { host: '127.0.0.1:4000', authorization: 'Bearer token-g' };

    it('names the owner of a valid token', () => {
        assert.deepStrictEqual(wall.check(ok), { owner: 'gemini' });
        assert.deepStrictEqual(wall.check({ ...ok, authorization: 'Bearer token-q' }), { owner: 'qwen' });
        assert.deepStrictEqual(wall.check({ ...ok, host: 'localhost:4000' }), { owner: 'gemini' });
        assert.deepStrictEqual(wall.check({ ...ok, host: 'host.docker.internal:4000' }), { owner: 'gemini' });
    });

    it('refuses any Origin with 403 when the allow-list is empty', () => {
        assert.strictEqual((wall.check({ ...ok, origin: 'http://127.0.0.1:4000' }) as { status: number }).status, 403);
    });

    it('refuses foreign or wrong-port hosts with 403', () => {
        for (const host of ['evil.example:4000', '127.0.0.1:4001', '127.0.0.1', undefined]) {
            assert.strictEqual((wall.check({ ...ok, host }) as { status: number }).status, 403, String(host));
        }
    });

    it('refuses missing, malformed and wrong tokens with 401', () => {
        for (const authorization of [undefined, 'Bearer', 'Bearer ', 'Basic token-g', 'Bearer token-g extra', 'bearer token-g', 'Bearer token-x']) {
            const verdict = wall.check({ ...ok, authorization });
            assert.strictEqual((verdict as { status: number }).status, 401, String(authorization));
        }
    });

    it('lets an allow-listed Origin through, still with a token, and names it', () => {
        const open = new LoopbackWall({ port: 4000, tokens: new Map([['api', 't']]), allowedOrigins: ['http://localhost:5173/'] });
        const headers = { host: '127.0.0.1:4000', authorization: 'Bearer t', origin: 'http://localhost:5173' };
        assert.deepStrictEqual(open.check(headers), { owner: 'api', origin: 'http://localhost:5173' });
        assert.strictEqual((open.check({ ...headers, authorization: undefined }) as { status: number }).status, 401);
        assert.strictEqual((open.check({ ...headers, origin: 'http://evil.example' }) as { status: number }).status, 403);
        assert.strictEqual(open.checkSource({ host: headers.host, origin: headers.origin }), undefined);
        assert.strictEqual(open.checkSource({ host: 'evil.example:4000', origin: headers.origin })?.status, 403);
    });

    it('accepts configured host names, IPv6 literals in brackets', () => {
        const v6 = new LoopbackWall({ port: 80, tokens: new Map([['api', 't']]), hostnames: ['::1'] });
        assert.deepStrictEqual(v6.check({ host: '[::1]:80', authorization: 'Bearer t' }), { owner: 'api' });
    });
});
