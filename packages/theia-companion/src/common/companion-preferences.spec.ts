import * as assert from 'assert';
import { clientEnabled } from './companion-preferences';

describe('clientEnabled', () => {
    it('is on unless a scope says off; a workspace cannot switch on what the user switched off', () => {
        assert.strictEqual(clientEnabled(undefined), true);
        assert.strictEqual(clientEnabled({}), true);
        assert.strictEqual(clientEnabled({ globalValue: true }), true);
        assert.strictEqual(clientEnabled({ globalValue: false, workspaceValue: true }), false, 'a cloned repository switching a client back on');
        assert.strictEqual(clientEnabled({ globalValue: false, workspaceFolderValue: true }), false);
        assert.strictEqual(clientEnabled({ globalValue: true, workspaceValue: false }), false, 'a workspace may switch one off');
    });
});
