/** The suggestion's text in the chat's `@` list (also what the user types after `@` to find it). */
export const ADD_AGENT_SUGGESTION_LABEL = 'Add Agent from ACP Registry…';

/**
 * Where the `@` mention being typed starts (1-based column of the `@`), when the text before the cursor
 * ends in one: `@` at the line start or after a blank, then word characters only (as Theia's own `@`
 * completion decides). The suggestion replaces the whole mention, `@` included, with nothing.
 */
export function mentionStart(lineUntilCursor: string): number | undefined {
    const match = /(^|\s)@[\w-]*$/.exec(lineUntilCursor);
    return match ? match.index + match[1].length + 1 : undefined;
}
