/**
 * An ACP session's `usage_update` (context used, window size, cumulative cost) as the chat shows it: a short label
 * next to the input (`50k / 200k · $0.12`), the exact figures for its tooltip, and whether the context is near its
 * limit (issue 23 part 5). Read loosely: an agent's update is not trusted to be well formed.
 */
export interface AcpUsage {
    used: number;
    size: number;
    cost?: { amount: number; currency: string };
}

export interface AcpUsageView {
    label: string;
    tooltip: string;
    /** used / size, 0..1 (more when the agent reports more than its window); undefined without a window size. */
    fraction: number | undefined;
    nearLimit: boolean;
}

/** The share of the context window from which the chat warns and offers a new chat. */
export const USAGE_WARNING_FRACTION = 0.9;

/** A usage_update's fields, or undefined when `used` or `size` is not a non-negative finite number. */
export function readUsage(update: unknown): AcpUsage | undefined {
    if (!update || typeof update !== 'object') {
        return undefined;
    }
    const { used, size, cost } = update as { used?: unknown; size?: unknown; cost?: unknown };
    if (!isCount(used) || !isCount(size)) {
        return undefined;
    }
    const amount = (cost as { amount?: unknown } | null | undefined)?.amount;
    const currency = (cost as { currency?: unknown } | null | undefined)?.currency;
    return typeof amount === 'number' && Number.isFinite(amount) && typeof currency === 'string' && currency.trim().length > 0
        ? { used, size, cost: { amount, currency: capCurrency(currency) } }
        : { used, size };
}

/** Characters of a cost's unit the label shows (ISO codes have 3; `credits` 7): an agent's unit is not trusted to be short (issue 29 part 11). */
export const MAX_CURRENCY = 16;

function capCurrency(currency: string): string {
    const unit = currency.trim().replace(/\s+/g, ' ');
    return unit.length <= MAX_CURRENCY ? unit : `${unit.slice(0, MAX_CURRENCY - 1)}…`;
}

export function describeUsage(usage: AcpUsage, warningFraction = USAGE_WARNING_FRACTION): AcpUsageView {
    const fraction = usage.size > 0 ? usage.used / usage.size : undefined;
    const nearLimit = fraction !== undefined && fraction >= warningFraction;
    const cost = usage.cost ? ` · ${shortCost(usage.cost)}` : '';
    const label = `${shortCount(usage.used)} / ${shortCount(usage.size)}${cost}`;
    const share = fraction !== undefined ? ` (${Math.round(fraction * 100)} %)` : '';
    const tooltip = `Context: ${exactCount(usage.used)} of ${exactCount(usage.size)} tokens${share}` +
        (usage.cost ? `\nCost of this session: ${exactCost(usage.cost)}` : '') +
        (nearLimit ? '\nThe context is nearly full: a new chat starts with an empty one.' : '');
    return { label, tooltip, fraction, nearLimit };
}

function isCount(value: unknown): value is number {
    return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** 950 → 950, 1234 → 1.2k, 50000 → 50k, 1048576 → 1M: short enough for a narrow panel. */
export function shortCount(count: number): string {
    const scaled = (value: number, unit: string) => `${value < 10 ? trimZero(value.toFixed(1)) : Math.round(value)}${unit}`;
    if (count >= 1_000_000) {
        return scaled(count / 1_000_000, 'M');
    }
    if (count >= 1_000) {
        const thousands = count / 1_000;
        return thousands >= 999.5 ? scaled(count / 1_000_000, 'M') : scaled(thousands, 'k');
    }
    return String(Math.round(count));
}

function trimZero(text: string): string {
    return text.endsWith('.0') ? text.slice(0, -2) : text;
}

function exactCount(count: number): string {
    return Math.round(count).toLocaleString('en-US');
}

const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

/** $0.12 for money with a known symbol, 0.12 CHF for other ISO codes, 12 credits for any other unit. */
function shortCost(cost: { amount: number; currency: string }): string {
    const symbol = CURRENCY_SYMBOLS[cost.currency.toUpperCase()];
    const amount = cost.amount.toFixed(2);
    if (symbol) {
        return `${symbol}${amount}`;
    }
    return /^[A-Z]{3}$/.test(cost.currency) ? `${amount} ${cost.currency}` : `${trimZero(String(Math.round(cost.amount * 100) / 100))} ${cost.currency}`;
}

function exactCost(cost: { amount: number; currency: string }): string {
    return `${cost.amount} ${cost.currency}`;
}
