import { linesDiffComputers } from '@theia/monaco-editor-core/esm/vs/editor/common/diff/linesDiffComputers';
import { LineChange, lineChangeOf, splitLines } from '@ai-cli-companion/core/editor-shared';

/**
 * The hunks of a file while its review diff is closed, counted by the computer the diff editor runs
 * (`diffAlgorithm: 'advanced'`), whitespace included as the review's diff editor shows it.
 */
export function monacoHunks(original: string, modified: string): LineChange[] {
    const diff = linesDiffComputers.getDefault().computeDiff(splitLines(original).lines, splitLines(modified).lines,
        { ignoreTrimWhitespace: false, maxComputationTimeMs: 200, computeMoves: false });
    return diff.changes.map(change => lineChangeOf(change.original, change.modified));
}
