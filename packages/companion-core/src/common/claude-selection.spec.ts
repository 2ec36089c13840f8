import * as assert from 'assert';
import { claudeAtMentionOf, claudeSelectionOf } from './claude-selection';
import { normalizeContext } from './context-normalizer';
import { OpenFilesModel } from './open-files-model';
import { IdeContext } from './wire-schemas';

describe('Claude Code context (selection_changed, at_mentioned)', () => {
    it('sends the focused file\'s selection with 0-based start/end, and "file opened" (empty text) for a bare cursor', () => {
        const published: IdeContext[] = [];
        const model = new OpenFilesModel({ publish: context => published.push(context), intervalMs: 0 });
        model.editorOpened('e1', '/ws/a b.txt');
        model.focus('/ws/a b.txt', { line: 2, character: 5, selectedText: 'second line\nthird',
            selection: { start: { line: 1, character: 0 }, end: { line: 2, character: 5 } } });
        const context = model.snapshot();
        model.dispose();
        assert.deepStrictEqual(claudeSelectionOf(context), {
            text: 'second line\nthird', filePath: '/ws/a b.txt', fileUrl: 'file:///ws/a%20b.txt',
            selection: { start: { line: 1, character: 0 }, end: { line: 2, character: 5 }, isEmpty: false }
        });
        const cursorOnly: IdeContext = { workspaceState: { openFiles: [{ path: '/ws/n.txt', timestamp: 1, isActive: true, cursor: { line: 4, character: 3 } }] } };
        assert.deepStrictEqual(claudeSelectionOf(cursorOnly)?.selection, { start: { line: 3, character: 2 }, end: { line: 3, character: 2 }, isEmpty: true });
        assert.strictEqual(claudeSelectionOf(cursorOnly)?.text, '');
        assert.strictEqual(claudeSelectionOf({ workspaceState: { openFiles: [] } }), undefined);
    });

    it('keeps the range out of what Gemini CLI and Qwen Code get', () => {
        const context: IdeContext = { workspaceState: { openFiles: [{ path: '/ws/a', timestamp: 1, isActive: true, selectedText: 'x',
            cursor: { line: 1, character: 2 }, selection: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }] } };
        assert.strictEqual('selection' in normalizeContext(context, undefined).workspaceState!.openFiles![0], false);
    });

    it('at_mentioned takes the editor\'s 1-based lines as 0-based', () => {
        assert.deepStrictEqual(claudeAtMentionOf('/ws/a.ts', 3, 7), { filePath: '/ws/a.ts', lineStart: 2, lineEnd: 6 });
    });
});
