/*
 * No Node imports: pure translation of the companion's context into Claude Code's notifications.
 */
import type { IdeContext } from './wire-schemas';
import { ClaudeAtMentioned, ClaudeSelectionChanged, fileUrlOf } from './claude-ide-wire';

/**
 * The focused file's selection as `selection_changed`, or undefined when no file is focused. An empty
 * selection (text "") is the cursor position: the CLI reads it as "the user opened this file".
 */
export function claudeSelectionOf(context: IdeContext): ClaudeSelectionChanged | undefined {
    const active = context.workspaceState?.openFiles?.find(file => file.isActive);
    if (!active) {
        return undefined;
    }
    const text = active.selectedText ?? '';
    const cursor = active.cursor ? { line: active.cursor.line - 1, character: active.cursor.character - 1 } : { line: 0, character: 0 };
    const range = active.selection && text ? active.selection : { start: cursor, end: cursor };
    return {
        text,
        filePath: active.path,
        fileUrl: fileUrlOf(active.path),
        selection: { start: range.start, end: range.end, isEmpty: text.length === 0 }
    };
}

/** *Send Selection to CLI* for Claude Code: 1-based editor lines to the CLI's 0-based ones. */
export function claudeAtMentionOf(filePath: string, firstLine: number, lastLine: number): ClaudeAtMentioned {
    return { filePath, lineStart: Math.max(0, firstLine - 1), lineEnd: Math.max(0, lastLine - 1) };
}
