/*
 * What Send to CLI types into the CLI's prompt. Pure, so it is unit-tested without a window.
 */

/** A selection as editors report it: 0-based lines, end exclusive when its column is 0. */
export interface LineSelection {
    readonly startLine: number;
    readonly endLine: number;
    readonly endCharacter: number;
}

/** `@path` as both CLIs parse it: spaces (and a backslash) escaped with a backslash. */
export function atPath(relativePath: string): string {
    return `@${relativePath.replace(/\\/g, '/').replace(/([ \\])/g, '\\$1')}`;
}

/**
 * `@src/app.ts lines 10-20` (1-based, inclusive): the range in words, because `@file:10-20` makes
 * Gemini CLI hang (gemini-cli #19985). A selection ending at column 0 of a line does not take it.
 */
export function selectionReference(relativePath: string, selection?: LineSelection): string {
    if (!selection) {
        return atPath(relativePath);
    }
    const { first, last } = selectedLines(selection);
    return `${atPath(relativePath)} ${first === last ? `line ${first}` : `lines ${first}-${last}`}`;
}

/** The lines a selection covers, 1-based and inclusive: one ending at column 0 of a line does not take it. */
export function selectedLines(selection: LineSelection): { first: number; last: number } {
    const first = selection.startLine + 1;
    let last = selection.endLine + 1;
    if (selection.endLine > selection.startLine && selection.endCharacter === 0) {
        last -= 1;
    }
    return { first, last };
}

/** Several files or folders: one reference each; a trailing space lets the user type on. */
export function referenceText(references: readonly string[]): string {
    return `${references.join(' ')} `;
}
