/** Per agent id: its name when last seen, and how many of its hunks the user kept and undid in the chats' reviews. */
export interface ReviewRecord {
    [agentId: string]: { name: string; kept: number; undone: number };
}

/**
 * `record` with `delta` added (a Ctrl+Z that brought undone hunks back counts negative). The record on disk never goes
 * below zero (`clamp`); the decisions of a window not written yet are summed as they are, negative ones included.
 */
export function addToRecord(record: ReviewRecord, delta: ReviewRecord, clamp = true): ReviewRecord {
    const sum: ReviewRecord = { ...record };
    const bound = (count: number) => clamp ? Math.max(0, count) : count;
    for (const [agentId, { name, kept, undone }] of Object.entries(delta)) {
        const before = sum[agentId] ?? { name, kept: 0, undone: 0 };
        sum[agentId] = { name: name || before.name, kept: bound(before.kept + kept), undone: bound(before.undone + undone) };
    }
    return sum;
}

/** A record read from disk: anything that is not one is left out. */
export function parseRecord(text: string): ReviewRecord {
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch {
        return {};
    }
    const record: ReviewRecord = {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [agentId, entry] of Object.entries(parsed as Record<string, Partial<ReviewRecord[string]>>)) {
            if (entry && Number.isSafeInteger(entry.kept) && Number.isSafeInteger(entry.undone)) {
                record[agentId] = { name: typeof entry.name === 'string' ? entry.name : agentId, kept: Math.max(0, entry.kept!), undone: Math.max(0, entry.undone!) };
            }
        }
    }
    return record;
}

/** The record as the user reads it: one line per agent, most reviewed first. */
export function formatRecord(record: ReviewRecord): string {
    const rows = Object.values(record).filter(entry => entry.kept + entry.undone > 0)
        .sort((a, b) => (b.kept + b.undone) - (a.kept + a.undone) || a.name.localeCompare(b.name));
    const lines = rows.map(({ name, kept, undone }) =>
        `${name}: ${kept} kept, ${undone} undone (${Math.round(100 * kept / (kept + undone))}% kept)`);
    return [
        'Agent review record: the hunks of each ACP agent you kept and undid in the AI chat\'s reviews, in every chat and workspace.',
        'An undone hunk that Ctrl+Z brought back counts as undone no more.',
        '',
        ...lines.length ? lines : ['No hunk reviewed yet.']
    ].join('\n') + '\n';
}
