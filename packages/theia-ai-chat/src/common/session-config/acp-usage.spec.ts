import { strict as assert } from 'assert';
import { describeUsage, MAX_CURRENCY, readUsage, shortCount } from './acp-usage';

describe('ACP usage as the chat shows it (issue 23 part 5)', () => {
    it('a short label next to the input: 50k / 200k · $0.12', () => {
        const view = describeUsage({ used: 50_000, size: 200_000, cost: { amount: 0.1234, currency: 'USD' } });
        assert.equal(view.label, '50k / 200k · $0.12');
        assert.equal(view.fraction, 0.25);
        assert.equal(view.nearLimit, false);
    });

    it('the exact figures in the tooltip', () => {
        const view = describeUsage({ used: 50_123, size: 200_000, cost: { amount: 0.1234, currency: 'USD' } });
        assert.equal(view.tooltip, 'Context: 50,123 of 200,000 tokens (25 %)\nCost of this session: 0.1234 USD');
    });

    it('no cost, no cost in the label; other currencies and units', () => {
        assert.equal(describeUsage({ used: 950, size: 1_048_576 }).label, '950 / 1M');
        assert.equal(describeUsage({ used: 1, size: 10, cost: { amount: 3, currency: 'CHF' } }).label, '1 / 10 · 3.00 CHF');
        assert.equal(describeUsage({ used: 1, size: 10, cost: { amount: 12, currency: 'credits' } }).label, '1 / 10 · 12 credits');
    });

    it('counts stay short: 1.2k, 50k, 999k, 1M, 1.5M', () => {
        assert.deepEqual([0, 999, 1_234, 50_000, 999_000, 999_600, 1_000_000, 1_500_000, 12_345_678].map(shortCount),
            ['0', '999', '1.2k', '50k', '999k', '1M', '1M', '1.5M', '12M']);
    });

    it('from 90 % of the window the chat warns, and the tooltip says a new chat starts empty', () => {
        assert.equal(describeUsage({ used: 179_999, size: 200_000 }).nearLimit, false);
        const near = describeUsage({ used: 180_000, size: 200_000 });
        assert.equal(near.nearLimit, true);
        assert.match(near.tooltip, /nearly full: a new chat/);
        assert.equal(describeUsage({ used: 5, size: 0 }).nearLimit, false, 'no window size, no fraction and no warning');
    });

    it('reads an agent\'s update loosely: bad fields are no usage, a malformed cost is left out', () => {
        assert.deepEqual(readUsage({ sessionUpdate: 'usage_update', used: 10, size: 100, cost: { amount: 0.5, currency: 'USD' } }),
            { used: 10, size: 100, cost: { amount: 0.5, currency: 'USD' } });
        assert.deepEqual(readUsage({ used: 10, size: 100, cost: { amount: '0.5', currency: 'USD' } }), { used: 10, size: 100 });
        assert.deepEqual(readUsage({ used: 10, size: 100, cost: null }), { used: 10, size: 100 });
        assert.equal(readUsage({ used: -1, size: 100 }), undefined);
        assert.equal(readUsage({ used: 10 }), undefined);
        assert.equal(readUsage({ used: Number.NaN, size: 100 }), undefined);
        assert.equal(readUsage(null), undefined);
    });

    it('a cost\'s unit is cut to a few characters: an agent\'s currency is not trusted to be short (issue 29 part 11)', () => {
        const usage = readUsage({ used: 1, size: 10, cost: { amount: 2, currency: `credits${'!'.repeat(1_000_000)}` } });
        assert.equal(usage?.cost?.currency.length, MAX_CURRENCY);
        assert.equal(usage?.cost?.currency, `credits${'!'.repeat(MAX_CURRENCY - 8)}…`);
        assert.ok(describeUsage(usage!).label.length < 40);
        assert.equal(readUsage({ used: 1, size: 10, cost: { amount: 2, currency: ' EUR\n' } })?.cost?.currency, 'EUR');
        assert.deepEqual(readUsage({ used: 1, size: 10, cost: { amount: 2, currency: '   ' } }), { used: 1, size: 10 });
    });
});
