import * as assert from 'assert';
import { normalizeContext } from './context-normalizer';
import { wireSchemas } from './wire-schemas';

describe('normalizeContext', () => {
    const file = (name: string, timestamp: number, extra = {}) => ({ path: `/w/${name}`, timestamp, ...extra });

    it('orders by last focus, keeps ten files and only the newest active one', () => {
        const files = Array.from({ length: 12 }, (_, i) => file(`f${i}`, i, { isActive: true, cursor: { line: 1, character: 1 }, selectedText: 's' }));
        const result = normalizeContext({ workspaceState: { openFiles: files } }, undefined);
        const open = result.workspaceState!.openFiles!;
        assert.strictEqual(open.length, 10);
        assert.strictEqual(open[0].path, '/w/f11');
        assert.strictEqual(open[0].isActive, true);
        assert.ok(open.slice(1).every(f => f.isActive === undefined && f.cursor === undefined && f.selectedText === undefined));
        assert.ok(wireSchemas().IdeContext.safeParse(result).success);
    });

    it('truncates the selection to 16384 characters and sets trust only when known', () => {
        const long = 'x'.repeat(20000);
        const result = normalizeContext({ workspaceState: { openFiles: [file('a', 1, { isActive: true, selectedText: long })] } }, true);
        assert.strictEqual(result.workspaceState!.openFiles![0].selectedText!.length, 16384);
        assert.strictEqual(result.workspaceState!.isTrusted, true);
        assert.strictEqual('isTrusted' in normalizeContext({}, undefined).workspaceState!, false);
    });
});
