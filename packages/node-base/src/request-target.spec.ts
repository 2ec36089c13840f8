import * as assert from 'assert';
import { parseRequestTarget } from './request-target';

describe('parseRequestTarget', () => {
    it('splits path and query', () => {
        const target = parseRequestTarget('/list-directory?path=a%20b&x=1')!;
        assert.strictEqual(target.pathname, '/list-directory');
        assert.strictEqual(target.searchParams.get('path'), 'a b');
    });

    it('never throws on targets new URL chokes on, and keeps them as paths nothing routes to', () => {
        for (const raw of ['//', '//[', '//a:99999/', '//[::1', '/%', '/?%zz']) {
            assert.doesNotThrow(() => parseRequestTarget(raw), raw);
        }
        assert.strictEqual(parseRequestTarget('//a:99999/')!.pathname, '//a:99999/');
    });

    it('refuses what is not origin-form', () => {
        for (const raw of [undefined, '', '*', 'http://127.0.0.1/status', 'status']) {
            assert.strictEqual(parseRequestTarget(raw), undefined, String(raw));
        }
    });
});
