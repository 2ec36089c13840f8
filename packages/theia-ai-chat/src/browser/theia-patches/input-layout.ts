import { Disposable, DisposableCollection } from '@theia/core/lib/common/disposable';
import { FrameScheduler, animationFrameScheduler } from '../../common/frame-scheduler';

/** The part of Theia's SimpleMonacoEditor that this touches. */
export interface RefreshingEditor {
    refresh(): void;
    getControl(): { onDidDispose(listener: () => void): Disposable };
}

/**
 * Theia's inline editor lays itself out on every content change (`refresh`: it reads the host's width,
 * which forces a layout of the page, then lays out and renders Monaco). Send clears the chat input
 * inside the click, so the click paid for a page layout ahead of the answer's first token (6 of its
 * 19 ms, measured). Here those layouts wait for the next frame, one per frame, as the browser's own
 * layout does; Theia still sets the input's height at once.
 */
export function layOutOncePerFrame(editor: RefreshingEditor, schedule: FrameScheduler = animationFrameScheduler): Disposable {
    const refresh = editor.refresh;
    let cancel: (() => void) | undefined;
    editor.refresh = () => {
        cancel ??= schedule(() => {
            cancel = undefined;
            refresh.call(editor);
        });
    };
    const restore = new DisposableCollection(Disposable.create(() => {
        cancel?.();
        cancel = undefined;
        editor.refresh = refresh;
    }));
    // A disposed editor is not laid out any more.
    restore.push(editor.getControl().onDidDispose(() => restore.dispose()));
    return restore;
}
