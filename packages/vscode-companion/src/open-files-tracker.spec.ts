import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { OpenFilesModel } from '@ai-cli-companion/core';
import { ManualClock } from '@ai-cli-companion/core/testing';
import type { IdeContext } from '@ai-cli-companion/core';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { OpenFilesTracker } from './open-files-tracker';
import { Position, Selection, TabInputText, TextDocument, Uri, standIn, window, workspace } from './test/vscode-stand-in';

describe('OpenFilesTracker (editor events into the core\'s open-files model)', () => {
    let dir: string;
    let published: IdeContext[];
    let model: OpenFilesModel;
    let tracker: OpenFilesTracker;
    let clock: ManualClock;

    const file = (name: string) => path.join(dir, name);
    const latest = () => published[published.length - 1].workspaceState!.openFiles!;
    const editorOn = (name: string, selection = new Selection(new Position(0, 0), new Position(0, 0))) =>
        ({ document: new TextDocument(Uri.file(file(name)), fs.readFileSync(file(name), 'utf8')), selection, viewColumn: 1 });

    beforeEach(() => {
        standIn.reset();
        dir = tempFolder('tracker-', { real: true });
        fs.writeFileSync(file('a.ts'), 'const a = 1;\nconst b = 2;\n');
        fs.writeFileSync(file('b.ts'), 'b\n');
        published = [];
        clock = new ManualClock();
        model = new OpenFilesModel({ publish: context => published.push(context), intervalMs: 0, clock });
        tracker = new OpenFilesTracker(model);
    });

    afterEach(() => {
        tracker.dispose();
        model.dispose();
        removeFolder(dir);
    });

    // The model coalesces on its clock: passing its interval publishes whatever the tracker fed it.
    const settle = () => clock.advance(1);

    it('files open in tabs, the focused one active with its 0-based cursor sent 1-based and its selection', () => {
        standIn.openTab(new TabInputText(Uri.file(file('b.ts'))));
        tracker.start();
        standIn.openTab(new TabInputText(Uri.file(file('a.ts'))));
        const editor = editorOn('a.ts');
        standIn.setActiveEditor(editor as never);
        editor.selection = new Selection(new Position(1, 0), new Position(1, 7));
        window.changeSelection.fire({ textEditor: editor as never });
        settle();
        const [active, other] = latest();
        assert.strictEqual(active.path, file('a.ts'));
        assert.deepStrictEqual(active.cursor, { line: 2, character: 8 });
        assert.strictEqual(active.selectedText, 'const b');
        assert.deepStrictEqual(active.selection, { start: { line: 1, character: 0 }, end: { line: 1, character: 7 } }, 'Claude Code\'s 0-based range');
        assert.strictEqual(other.path, file('b.ts'));
        assert.ok(!other.isActive);
    });

    it('ignores what is not a file on disk: untitled documents, our diff sides, missing files', () => {
        tracker.start();
        standIn.openTab(new TabInputText(Uri.from({ scheme: 'untitled', path: '/Untitled-1' })));
        standIn.openTab(new TabInputText(Uri.from({ scheme: 'ai-cli-proposal', path: '/d1/a.ts' })));
        standIn.openTab(new TabInputText(Uri.file(file('gone.ts'))));
        settle();
        assert.deepStrictEqual(published.flatMap(c => c.workspaceState?.openFiles ?? []), []);
    });

    it('a closed tab, a deleted file and a renamed file leave or move in the context', () => {
        tracker.start();
        const tabA = standIn.openTab(new TabInputText(Uri.file(file('a.ts'))));
        standIn.openTab(new TabInputText(Uri.file(file('b.ts'))));
        settle();
        assert.strictEqual(latest().length, 2);
        standIn.closeTab(tabA);
        settle();
        assert.deepStrictEqual(latest().map(f => f.path), [file('b.ts')]);
        workspace.rename.fire({ files: [{ oldUri: Uri.file(file('b.ts')), newUri: Uri.file(file('c.ts')) }] });
        settle();
        assert.deepStrictEqual(latest().map(f => f.path), [file('c.ts')]);
        workspace.remove.fire({ files: [Uri.file(file('c.ts'))] });
        settle();
        assert.deepStrictEqual(latest(), []);
    });
});
