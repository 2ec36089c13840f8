import * as assert from 'assert';
import { deferredRequire, isDeferredModuleLoaded, provideBundledModules } from './deferred-module';

describe('deferred modules', () => {
    it('loads from node_modules on the first call only, then returns the same module', () => {
        const id = 'jsonc-parser';
        const first = deferredRequire<typeof import('jsonc-parser')>(id);
        assert.strictEqual(typeof first.parse, 'function');
        assert.strictEqual(isDeferredModuleLoaded(id), true);
        assert.strictEqual(deferredRequire(id), first);
    });

    it('returns the copy a host provided from its own bundle, without looking in node_modules', () => {
        const id = 'not-installed-bundled-only';
        let loads = 0;
        const copy = { bundled: true };
        provideBundledModules({ [id]: () => { loads++; return copy; } });
        assert.strictEqual(isDeferredModuleLoaded(id), false, 'nothing is read when it is provided');
        assert.strictEqual(deferredRequire(id), copy);
        assert.strictEqual(deferredRequire(id), copy);
        assert.strictEqual(loads, 1);
    });

    it('a module that is not installed gets an error naming it and what to do; a later call tries again', () => {
        const id = 'ai-cli-companion-no-such-module';
        assert.throws(() => deferredRequire(id), (error: Error) =>
            error.message.startsWith(`${id} is loaded on first use from node_modules, but it is not installed`)
            && error.message.includes('ship the application with its node_modules'));
        assert.strictEqual(isDeferredModuleLoaded(id), false);
        provideBundledModules({ [id]: () => 'now provided' });
        assert.strictEqual(deferredRequire(id), 'now provided');
    });
});
