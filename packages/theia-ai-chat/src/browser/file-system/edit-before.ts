/** One `diff` content item of an edit tool call: a whole file, or one hunk of it (codex-acp sends hunks). */
export interface AcpEditDiff {
    readonly oldText?: string | null;
    readonly newText: string;
}

/** What the diffs tell of a file an agent wrote itself, given its text now. */
export type EditBefore =
    | { readonly kind: 'add' }
    | { readonly kind: 'modify'; readonly before: string }
    | { readonly kind: 'unknown' };

/**
 * The text a file had before an edit, recovered from its text after it and the edit's diffs, each
 * hunk put back in order: no `oldText` at all means the agent created it. Unknown when a hunk is not
 * found in the text (the file changed since) or the edit deleted the file.
 */
export function contentBeforeEdit(after: string, diffs: readonly AcpEditDiff[]): EditBefore {
    if (diffs.length === 0) {
        return { kind: 'unknown' };
    }
    if (diffs.every(diff => diff.oldText === undefined || diff.oldText === null)) {
        return { kind: 'add' };
    }
    let text = after;
    let from = 0;
    for (const { oldText, newText } of diffs) {
        const at = newText === '' ? -1 : text.indexOf(newText, from);
        if (at < 0) {
            return { kind: 'unknown' };
        }
        const old = oldText ?? '';
        text = text.slice(0, at) + old + text.slice(at + newText.length);
        from = at + old.length;
    }
    return { kind: 'modify', before: text };
}
