/*
 * Change blocks (hunks) of a diff, as Monaco reports them (ILineChange), and the edits that revert
 * or keep one of them. Pure: no Monaco imports, so it is unit-tested on plain line arrays, and every
 * editor adapter's review (the terminal CLIs' proposals, the AI chat's change set) uses the same code.
 */

/** Monaco's ILineChange: 1-based lines; an end of 0 means "no lines on this side" (pure insert/delete). */
export interface LineChange {
    readonly originalStartLineNumber: number;
    readonly originalEndLineNumber: number;
    readonly modifiedStartLineNumber: number;
    readonly modifiedEndLineNumber: number;
}

/** An edit in Monaco coordinates (1-based lines and columns). */
export interface LineEdit {
    readonly startLineNumber: number;
    readonly startColumn: number;
    readonly endLineNumber: number;
    readonly endColumn: number;
    readonly text: string;
}

function linesOf(lines: readonly string[], start: number, end: number): string[] {
    return end === 0 ? [] : lines.slice(start - 1, end);
}

/** The block's lines on each side: none on the side where it only adds (original) or only removes (modified). */
export function blockLines(original: readonly string[], modified: readonly string[], change: LineChange): { originalLines: string[]; modifiedLines: string[] } {
    return {
        originalLines: linesOf(original, change.originalStartLineNumber, change.originalEndLineNumber),
        modifiedLines: linesOf(modified, change.modifiedStartLineNumber, change.modifiedEndLineNumber)
    };
}

/** Identifies a block by its content on both sides, so it survives line shifts from other edits. */
export function blockKey(original: readonly string[], modified: readonly string[], change: LineChange): string {
    const { originalLines, modifiedLines } = blockLines(original, modified, change);
    return JSON.stringify([originalLines, modifiedLines]);
}

/** Whether the cursor's line (1-based, in the proposal) belongs to the block. */
export function blockContainsLine(change: LineChange, line: number): boolean {
    if (change.modifiedEndLineNumber === 0) {
        // Lines removed after modifiedStartLineNumber: the lines on both sides of the gap count.
        return line === change.modifiedStartLineNumber || line === change.modifiedStartLineNumber + 1;
    }
    return line >= change.modifiedStartLineNumber && line <= change.modifiedEndLineNumber;
}

/** Whether a line (1-based) of the original side belongs to the block: the same rule, seen from the other side. */
export function blockContainsOriginalLine(change: LineChange, line: number): boolean {
    return blockContainsLine(swapSides(change), line);
}

/** The line a block's controls sit on in the proposal. */
export function blockAnchorLine(change: LineChange): number {
    return Math.max(1, change.modifiedEndLineNumber === 0 ? change.modifiedStartLineNumber : change.modifiedStartLineNumber);
}

/**
 * Where "next block" (1) or "previous block" (-1) goes from the proposal's line `line`: the first block (top to
 * bottom, as the diff lists them) whose anchor line is below it, or the last one above it; past the end, the first
 * (last) block with `wrap`, else none.
 */
export function nextBlock<T extends LineChange>(changes: readonly T[], line: number, direction: 1 | -1, wrap: boolean): T | undefined {
    const ordered = direction === 1 ? changes : [...changes].reverse();
    return ordered.find(change => direction === 1 ? blockAnchorLine(change) > line : blockAnchorLine(change) < line) ?? (wrap ? ordered[0] : undefined);
}

/** The edit of the proposal that puts the original lines of `change` back. */
export function revertEdit(original: readonly string[], modified: readonly string[], change: LineChange, eol: string): LineEdit {
    const originalLines = linesOf(original, change.originalStartLineNumber, change.originalEndLineNumber);
    const lastModified = modified.length;
    if (change.modifiedEndLineNumber === 0) {
        // The proposal dropped lines after modifiedStartLineNumber: insert them again.
        const after = change.modifiedStartLineNumber;
        if (after < lastModified) {
            return { startLineNumber: after + 1, startColumn: 1, endLineNumber: after + 1, endColumn: 1, text: originalLines.join(eol) + eol };
        }
        const column = (modified[lastModified - 1] ?? '').length + 1;
        return { startLineNumber: Math.max(1, lastModified), startColumn: column, endLineNumber: Math.max(1, lastModified), endColumn: column, text: (lastModified > 0 ? eol : '') + originalLines.join(eol) };
    }
    const start = change.modifiedStartLineNumber;
    const end = change.modifiedEndLineNumber;
    if (change.originalEndLineNumber === 0) {
        // The proposal added lines start..end: delete them with their line breaks.
        if (end < lastModified) {
            return { startLineNumber: start, startColumn: 1, endLineNumber: end + 1, endColumn: 1, text: '' };
        }
        if (start > 1) {
            return { startLineNumber: start - 1, startColumn: modified[start - 2].length + 1, endLineNumber: end, endColumn: modified[end - 1].length + 1, text: '' };
        }
        return { startLineNumber: 1, startColumn: 1, endLineNumber: end, endColumn: modified[end - 1].length + 1, text: '' };
    }
    return { startLineNumber: start, startColumn: 1, endLineNumber: end, endColumn: modified[end - 1].length + 1, text: originalLines.join(eol) };
}

/** The same change seen from the other side: its revert edit applies to the original and takes the modified lines. */
export function swapSides(change: LineChange): LineChange {
    return {
        originalStartLineNumber: change.modifiedStartLineNumber, originalEndLineNumber: change.modifiedEndLineNumber,
        modifiedStartLineNumber: change.originalStartLineNumber, modifiedEndLineNumber: change.originalEndLineNumber
    };
}

/** The edit of the original that takes the modified lines of `change` (a Keep that moves the original forward). */
export function keepEdit(original: readonly string[], modified: readonly string[], change: LineChange, eol: string): LineEdit {
    return revertEdit(modified, original, swapSides(change), eol);
}

/** `lines` joined by `eol` with `edit` applied, as Monaco would apply it to that text. */
export function applyLineEdit(lines: readonly string[], edit: LineEdit, eol: string): string {
    const offset = (line: number, column: number) => lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + eol.length, 0) + column - 1;
    const text = lines.join(eol);
    return text.slice(0, offset(edit.startLineNumber, edit.startColumn)) + edit.text + text.slice(offset(edit.endLineNumber, edit.endColumn));
}

/** A text's lines as Monaco splits them (any line break), and the break to write. */
export function splitLines(text: string): { lines: string[]; eol: string } {
    return { lines: text.split(/\r\n|\r|\n/), eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** A line range of a diff algorithm's mapping (1-based, end exclusive), e.g. Monaco's `LineRange`. */
export interface LineRangeLike {
    readonly startLineNumber: number;
    readonly endLineNumberExclusive: number;
}

/** A mapping of Monaco's diff computer as the `LineChange` its diff editor reports (its `getLineChanges()`). */
export function lineChangeOf(original: LineRangeLike, modified: LineRangeLike): LineChange {
    const side = (range: LineRangeLike) => range.endLineNumberExclusive <= range.startLineNumber
        ? [range.startLineNumber - 1, 0]
        : [range.startLineNumber, range.endLineNumberExclusive - 1];
    const [originalStartLineNumber, originalEndLineNumber] = side(original);
    const [modifiedStartLineNumber, modifiedEndLineNumber] = side(modified);
    return { originalStartLineNumber, originalEndLineNumber, modifiedStartLineNumber, modifiedEndLineNumber };
}
