import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { OfferedOptions, PERMISSION_CANCELLED, REJECT_REASON_META_KEY } from './permission-answers';

describe('OfferedOptions (the one check that only offered options go back)', () => {
    const offered = new OfferedOptions([
        { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
        { optionId: 'cancel', name: 'Reject', kind: 'reject_once' }
    ]);

    it('selects an offered option and refuses any other id, which gemini itself would take', () => {
        assert.deepStrictEqual(offered.select('proceed_once'), { outcome: { outcome: 'selected', optionId: 'proceed_once' } });
        assert.strictEqual(offered.select('proceed_always'), undefined);
        assert.strictEqual(offered.select(''), undefined);
        assert.deepStrictEqual(offered.optionIds, ['proceed_once', 'cancel']);
        assert.deepStrictEqual(PERMISSION_CANCELLED, { outcome: { outcome: 'cancelled' } });
    });

    it('a rejection carries the user\'s reason in _meta, trimmed and bounded; an allowing answer and a blank reason carry none', () => {
        assert.strictEqual(REJECT_REASON_META_KEY, 'aiCliCompanion/rejectReason');
        assert.deepStrictEqual(offered.select('cancel', '  use the helper instead \n'),
            { outcome: { outcome: 'selected', optionId: 'cancel' }, _meta: { 'aiCliCompanion/rejectReason': 'use the helper instead' } });
        assert.deepStrictEqual(offered.select('cancel', '   '), { outcome: { outcome: 'selected', optionId: 'cancel' } });
        assert.deepStrictEqual(offered.select('proceed_once', 'why'), { outcome: { outcome: 'selected', optionId: 'proceed_once' } });
        assert.strictEqual((offered.select('cancel', 'x'.repeat(5000))?._meta?.[REJECT_REASON_META_KEY] as string).length, 2000);
        assert.strictEqual(offered.select('nope', 'why'), undefined);
    });
});

describe('the engine\'s light entries (package.json exports)', () => {
    for (const entry of ['agent-profiles', 'permission-answers']) {
        it(`@ai-cli-companion/acp-client/${entry} resolves and loads nothing at run time but the agent table (browser-safe, the engine not loaded)`, () => {
            const file = require.resolve(`@ai-cli-companion/acp-client/${entry}`);
            assert.strictEqual(file, path.join(__dirname, `${entry}.js`));
            const code = fs.readFileSync(file, 'utf8');
            // Only the agent table, which is pure data.
            const required = [...code.matchAll(/require\("([^"]+)"\)/g)].map(match => match[1]);
            assert.deepStrictEqual(required.filter(name => name !== '@ai-cli-companion/node-base/agents'), [], `${entry}.js requires a module`);
            assert.doesNotMatch(code.replace(/require\("@ai-cli-companion\/node-base\/agents"\)/g, ''), /require\(/, `${entry}.js requires a module`);
        });
    }
});
