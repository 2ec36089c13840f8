import '../../test/jsdom';

import * as assert from 'assert';
import { Container } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { Deferred } from '@theia/core/lib/common/promise-util';
import URI from '@theia/core/lib/common/uri';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileChangeType, FileChangesEvent, FileOperation, FileOperationEvent, FileStatWithMetadata } from '@theia/filesystem/lib/common/files';
import { CompanionService, IdeContext } from '../../common/companion-protocol';
import { ManualClock } from '@ai-cli-companion/core/testing';
import { OpenFilesTracker } from './open-files-tracker';

/** The tracker on a clock the spec moves by hand (the model's burst coalescing). */
class ManualClockTracker extends OpenFilesTracker {
    static clock: ManualClock;
    protected override readonly clock = ManualClockTracker.clock;
}


/** Just enough of an EditorWidget: a URI, a cursor, a selection's text, and its events. */
class FakeEditorWidget {
    isDisposed = false;
    readonly disposed = new Emitter<void>();
    readonly onDidDispose = this.disposed.event;
    readonly cursorMoved = new Emitter<void>();
    readonly editor = {
        uri: undefined as unknown as URI,
        cursor: { line: 0, character: 0 },
        selection: {},
        document: { getText: () => '' },
        onCursorPositionChanged: this.cursorMoved.event,
        onSelectionChanged: new Emitter<void>().event
    };
    constructor(path: string) {
        this.editor.uri = URI.fromFilePath(path);
    }
    dispose(): void {
        this.isDisposed = true;
        this.disposed.fire();
    }
}

describe('OpenFilesTracker', () => {
    let tracker: OpenFilesTracker;
    let created: Emitter<EditorWidget>;
    let current: Emitter<EditorWidget | undefined>;
    let operations: Emitter<FileOperationEvent>;
    let changes: Emitter<FileChangesEvent>;
    let exists: (uri: URI) => Promise<boolean>;
    let published: IdeContext[];
    const paths = () => tracker.snapshot().workspaceState!.openFiles!.map(f => f.path);
    const open = (widget: FakeEditorWidget) => created.fire(widget as unknown as EditorWidget);
    const settle = () => new Promise(resolve => setTimeout(resolve, 0));

    beforeEach(() => {
        created = new Emitter();
        current = new Emitter();
        operations = new Emitter();
        changes = new Emitter();
        exists = async () => true;
        published = [];
        const container = new Container();
        container.bind(EditorManager).toConstantValue({
            all: [], currentEditor: undefined, onCreated: created.event, onCurrentEditorChanged: current.event
        } as unknown as EditorManager);
        container.bind(FileService).toConstantValue({
            exists: (uri: URI) => exists(uri), onDidRunOperation: operations.event, onDidFilesChange: changes.event
        } as unknown as FileService);
        container.bind(CompanionService).toConstantValue({
            updateContext: async (context: IdeContext) => { published.push(context); }
        } as unknown as CompanionService);
        ManualClockTracker.clock = new ManualClock();
        container.bind(ManualClockTracker).toSelf();
        tracker = container.get(ManualClockTracker);
        tracker.onStart();
    });

    it('forgets an editor closed while it was still checking the disk', async () => {
        const check = new Deferred<boolean>();
        exists = () => check.promise;
        const widget = new FakeEditorWidget('/ws/closing.ts');
        open(widget);
        widget.dispose();
        check.resolve(true);
        await settle();
        assert.deepStrictEqual(paths(), []);
    });

    it('follows a rename made through Theia, and closing the editor then forgets the renamed file', async () => {
        const widget = new FakeEditorWidget('/ws/src/a.ts');
        open(widget);
        open(new FakeEditorWidget('/ws/b.ts'));
        await settle();
        operations.fire(new FileOperationEvent(URI.fromFilePath('/ws/src'), FileOperation.MOVE,
            { resource: URI.fromFilePath('/ws/lib') } as FileStatWithMetadata));
        assert.deepStrictEqual(paths().sort(), ['/ws/b.ts', '/ws/lib/a.ts']);
        widget.dispose();
        assert.deepStrictEqual(paths(), ['/ws/b.ts']);
    });

    it('drops a deleted file, reported by an operation or by the watcher', async () => {
        open(new FakeEditorWidget('/ws/one.ts'));
        open(new FakeEditorWidget('/ws/two.ts'));
        open(new FakeEditorWidget('/ws/three.ts'));
        await settle();
        operations.fire(new FileOperationEvent(URI.fromFilePath('/ws/one.ts'), FileOperation.DELETE));
        changes.fire(new FileChangesEvent([{ resource: URI.fromFilePath('/ws/two.ts'), type: FileChangeType.DELETED }]));
        assert.deepStrictEqual(paths(), ['/ws/three.ts']);
    });

    it('sends the focused file with its cursor, the last state of a burst included, and ignores files not on disk', async () => {
        exists = async uri => !uri.path.toString().endsWith('gone.ts');
        const widget = new FakeEditorWidget('/ws/focused.ts');
        open(new FakeEditorWidget('/ws/gone.ts'));
        open(widget);
        await settle();
        widget.editor.cursor = { line: 4, character: 2 };
        current.fire(widget as unknown as EditorWidget);
        ManualClockTracker.clock.advance(50); // the trailing update of the burst
        await settle();
        const last = published[published.length - 1].workspaceState!.openFiles!;
        assert.deepStrictEqual(last.map(f => [f.path, f.isActive, f.cursor]), [['/ws/focused.ts', true, { line: 5, character: 3 }]]);
    });
});
