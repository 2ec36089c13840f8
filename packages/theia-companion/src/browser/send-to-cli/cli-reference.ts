/*
 * What Send to CLI types into the CLI's prompt. Pure, so it is unit-tested without a window.
 */

import { LineSelection, selectedLines } from '@ai-cli-companion/core';

/** `@path` as both CLIs parse it: spaces (and a backslash) escaped with a backslash. */
export function atPath(relativePath: string): string {
    return `@${relativePath.replace(/\\/g, '/').replace(/([ \\])/g, '\\$1')}`;
}

/** The bare path, for a CLI whose `@` opens a file picker instead (Codex): quoted when it holds a space. */
export function plainPath(relativePath: string): string {
    const path = relativePath.replace(/\\/g, '/');
    return /\s/.test(path) ? `"${path}"` : path;
}

/**
 * `@src/app.ts lines 10-20` (1-based, inclusive): the range in words, because `@file:10-20` makes
 * Gemini CLI hang (gemini-cli #19985). A selection ending at column 0 of a line does not take it.
 * With `style` 'path' (ClientProfile.typedReference) the path is typed bare: `src/app.ts lines 10-20`.
 */
export function selectionReference(relativePath: string, selection?: LineSelection, style: 'at' | 'path' = 'at'): string {
    const file = style === 'path' ? plainPath(relativePath) : atPath(relativePath);
    if (!selection) {
        return file;
    }
    const { first, last } = selectedLines(selection);
    return `${file} ${first === last ? `line ${first}` : `lines ${first}-${last}`}`;
}

/** Several files or folders: one reference each; a trailing space lets the user type on. */
export function referenceText(references: readonly string[]): string {
    return `${references.join(' ')} `;
}
