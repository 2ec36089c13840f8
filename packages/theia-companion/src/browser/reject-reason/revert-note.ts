import type { RevertedWithReason } from '../change-block-review/change-block-review';

/** How much of a block's own text the note quotes: the reason matters, the lines only say which change. */
const QUOTE_CHARS = 80;

/**
 * What the CLI is told when the user accepted its proposal but reverted blocks of it with a reason, as one line
 * (the typist makes it one): `In notes.txt I put back line 2 instead of your "2nd line": keep the wording.`
 */
export function revertNote(file: string, reverted: readonly RevertedWithReason[]): string {
    const parts = reverted.map(block => {
        const yours = quote(block.proposedLines);
        const where = block.originalLines.length > 0
            ? `put back ${block.originalLines.length === 1 ? `line ${block.line}` : `lines ${block.line}-${block.line + block.originalLines.length - 1}`}`
            : `left out what you added at line ${block.line}`;
        return `${where}${yours && block.originalLines.length > 0 ? ` instead of your ${yours}` : yours ? ` (${yours})` : ''}: ${block.reason}`;
    });
    return `In ${file} I ${parts.join('; and I ')}`;
}

function quote(lines: readonly string[]): string {
    const text = lines.map(line => line.trim()).filter(Boolean).join(' ');
    if (!text) {
        return '';
    }
    return `"${text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text}"`;
}
