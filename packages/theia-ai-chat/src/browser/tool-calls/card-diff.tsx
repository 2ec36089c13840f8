import * as React from '@theia/core/shared/react';

/**
 * Lines a card's diff shows: enough to see what changed; Open Diff shows the whole. (A burst of 50 written files
 * drew about 19,000 lines into the chat, seconds of style and layout: bench/hunk-review.mjs.)
 */
export const DIFF_LINES = 40;

/**
 * The card's compact diff, drawn again only when its texts change: a turn redraws its cards on every tool
 * update, and a card's diff does not change with the others'.
 */
export const DiffLines = React.memo(({ before, after }: { before: string; after: string }) => {
    const { lines, more } = changedLines(before, after, DIFF_LINES);
    return <pre className='theia-acp-diff-lines'>
        {lines.map(({ sign, text }, index) => <div key={index} className={sign === '-' ? 'theia-acp-diff-removed' : 'theia-acp-diff-added'}>{sign} {text}</div>)}
        {more > 0 && <div className='theia-acp-diff-more'>… {more} more lines: Open Diff shows them</div>}
    </pre>;
});

/** The changed middle of the file, lines removed then lines added, at most `limit` of them (and how many more). */
export function changedLines(before: string, after: string, limit: number): { lines: Array<{ sign: '-' | '+'; text: string }>; more: number } {
    const a = before === '' ? [] : before.split('\n');
    const b = after.split('\n');
    let start = 0;
    while (start < a.length && start < b.length && a[start] === b[start]) {
        start++;
    }
    let endA = a.length;
    let endB = b.length;
    while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
        endA--;
        endB--;
    }
    const removed = a.slice(start, Math.min(endA, start + limit)).map(text => ({ sign: '-' as const, text }));
    const added = b.slice(start, Math.min(endB, start + limit - removed.length)).map(text => ({ sign: '+' as const, text }));
    return { lines: [...removed, ...added], more: (endA - start) + (endB - start) - removed.length - added.length };
}
