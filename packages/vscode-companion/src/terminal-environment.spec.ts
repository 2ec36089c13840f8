import * as assert from 'assert';
import { TerminalEnvironment } from './terminal-environment';

/** An environment variable collection that records its entries per scope, like the host's. */
function fakeCollection() {
    const scopes = new Map<string, Map<string, string>>();
    const scope = (key: string) => {
        if (!scopes.has(key)) {
            scopes.set(key, new Map());
        }
        const entries = scopes.get(key)!;
        return { replace: (name: string, value: string) => entries.set(name, value), clear: () => entries.clear() };
    };
    const global = { persistent: true, description: undefined as unknown, ...scope('(global)'),
        getScoped: ({ workspaceFolder }: { workspaceFolder: { name: string } }) => scope(workspaceFolder.name) };
    return { global, scopes };
}

describe('TerminalEnvironment', () => {
    const env = { GEMINI_CLI_IDE_SERVER_PORT: '1234', QWEN_CODE_IDE_SERVER_PORT: '1234' };

    it('is not persistent (a restored port and token would be stale) and is scoped per workspace folder', () => {
        const { global, scopes } = fakeCollection();
        const terminals = new TerminalEnvironment(global as never);
        terminals.apply(env, [{ name: 'one' }, { name: 'two' }] as never);
        assert.strictEqual(global.persistent, false);
        assert.deepStrictEqual(Object.fromEntries(scopes.get('one')!), env);
        assert.deepStrictEqual(Object.fromEntries(scopes.get('two')!), env);
        assert.strictEqual(scopes.get('(global)')!.size, 0, 'nothing unscoped: other windows share the collection in Theia');
    });

    it('a folder that left loses its entries; with no folder the unscoped collection is used', () => {
        const { global, scopes } = fakeCollection();
        const terminals = new TerminalEnvironment(global as never);
        terminals.apply(env, [{ name: 'one' }, { name: 'two' }] as never);
        terminals.apply({ ...env, GEMINI_CLI_IDE_SERVER_PORT: '99' }, [{ name: 'two' }] as never);
        assert.strictEqual(scopes.get('one')!.size, 0);
        assert.strictEqual(scopes.get('two')!.get('GEMINI_CLI_IDE_SERVER_PORT'), '99');
        terminals.apply(env, [] as never);
        assert.strictEqual(scopes.get('two')!.size, 0);
        assert.deepStrictEqual(Object.fromEntries(scopes.get('(global)')!), env);
        terminals.clear();
        assert.strictEqual(scopes.get('(global)')!.size, 0);
    });
});
