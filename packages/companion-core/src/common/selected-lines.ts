/** A selection as editors report it: 0-based lines, end exclusive when its column is 0. */
export interface LineSelection {
    readonly startLine: number;
    readonly endLine: number;
    readonly endCharacter: number;
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
