import { LineChange, blockLines } from '@ai-cli-companion/core/editor-shared';

/** The id of the chat's "Review note" context variable (`review-notes.ts`), which the prompt builder looks for. */
export const REVIEW_NOTE_VARIABLE_ID = 'aiCliChat.reviewNote';

/** Told when a prompt carried a chat's review note, so that the next note starts empty. */
export const ReviewNoteSink = Symbol('ReviewNoteSink');
export interface ReviewNoteSink {
    sent(chatSessionId: string): void;
}

/** A hunk of the agent the user undid: where, what the agent had written, what the file holds again. */
export interface UndoneHunk {
    /** The file as the agent knows it (its path). */
    readonly path: string;
    /** The first line of the hunk in the file after the undo (1-based). */
    readonly line: number;
    readonly agentLines: readonly string[];
    readonly restoredLines: readonly string[];
    /** Why, when the user said (Undo with a reason). */
    readonly reason?: string;
}

/** The bounds of the note: it goes with every next prompt, so it stays short whatever was undone. */
export const NOTE_LIMITS = { hunks: 10, linesPerSide: 12, lineLength: 200, total: 6000, reason: 500 };

/** A hunk about to be undone in `modified` (the file), `original` (its baseline) holding the lines it gets back. */
export function undoneHunk(path: string, original: readonly string[], modified: readonly string[], hunk: LineChange, reason?: string): UndoneHunk {
    const { originalLines, modifiedLines } = blockLines(original, modified, hunk);
    // One line: the note quotes it after "because".
    const because = reason?.replace(/\s+/g, ' ').trim();
    return {
        path,
        line: Math.max(1, hunk.modifiedEndLineNumber === 0 ? hunk.modifiedStartLineNumber + 1 : hunk.modifiedStartLineNumber),
        agentLines: modifiedLines,
        restoredLines: originalLines,
        ...because ? { reason: because } : {}
    };
}

/**
 * What the agent is told with the next prompt: each undone hunk (file, line, its lines and the lines
 * back in their place), then "the user kept the rest". Bounded by NOTE_LIMITS.
 */
export function reviewNote(undone: readonly UndoneHunk[], limits = NOTE_LIMITS): string {
    const quote = (lines: readonly string[]) => {
        const shown = lines.slice(0, limits.linesPerSide).map(line => `    ${line.length > limits.lineLength ? `${line.slice(0, limits.lineLength)}…` : line}`);
        const more = lines.length - shown.length;
        return lines.length === 0 ? ['    (no lines)'] : more > 0 ? [...shown, `    … ${more} more ${more === 1 ? 'line' : 'lines'}`] : shown;
    };
    const head = `The user reviewed your changes and undid ${undone.length === 1 ? 'this one' : `these ${undone.length}`}`
        + ' (the file holds its earlier lines there again; do not redo it unless asked):';
    const parts = [head];
    let length = head.length;
    let shown = 0;
    for (const hunk of undone.slice(0, limits.hunks)) {
        const reason = hunk.reason ? [`  because: ${hunk.reason.length > limits.reason ? `${hunk.reason.slice(0, limits.reason)}…` : hunk.reason}`] : [];
        const part = [`- ${hunk.path}, line ${hunk.line}: you wrote`, ...quote(hunk.agentLines), '  and the file has again', ...quote(hunk.restoredLines), ...reason].join('\n');
        if (length + part.length > limits.total) {
            break;
        }
        parts.push(part);
        length += part.length;
        shown++;
    }
    if (shown < undone.length) {
        parts.push(`… and ${undone.length - shown} more undone ${undone.length - shown === 1 ? 'change' : 'changes'}.`);
    }
    parts.push('The user kept the rest.');
    return parts.join('\n');
}
